import { CopyButton } from "@/app/_components/code/copy-button";
import type { IncorporateMessages } from "@/app/(pages)/incorporar/words";
import { fill } from "@/lib/i18n/template";

type ResultMessages = IncorporateMessages["result"];

/** A token shown once: its value, a way to copy it, and where it goes. */
function Secret({
  token,
  label,
  short,
  use,
  words,
}: {
  token: string;
  label: string;
  /** How the copy button names it. */
  short: string;
  use: string;
  words: ResultMessages["secrets"];
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <code className="inc-token" translate="no">
          {token}
        </code>
        <CopyButton
          text={token}
          label={fill(words.copy, { what: short })}
          copiedLabel={words.copied}
          failedLabel={words.copyFailed}
        />
        <span className="inc-token-use">{use}</span>
      </dd>
    </div>
  );
}

/** The tokens the answer carries once: shown now with what each is for, never again. */
export function ResultSecrets({
  words,
  sessionToken,
  claimToken,
}: {
  words: ResultMessages;
  sessionToken: string | undefined;
  claimToken: string | undefined;
}) {
  return (
    <>
      {sessionToken || claimToken ? (
        <section aria-labelledby="inc-secrets-title" className="notice inc-secrets">
          <h3 id="inc-secrets-title">{words.secrets.title}</h3>
          <p>{words.secrets.warning}</p>
          <dl>
            {sessionToken ? (
              <Secret
                token={sessionToken}
                label={words.secrets.sessionToken}
                short={words.secrets.sessionTokenShort}
                use={words.secrets.sessionTokenUse}
                words={words.secrets}
              />
            ) : null}
            {claimToken ? (
              <Secret
                token={claimToken}
                label={words.secrets.claimToken}
                short={words.secrets.claimTokenShort}
                use={words.secrets.claimTokenUse}
                words={words.secrets}
              />
            ) : null}
          </dl>
        </section>
      ) : null}
    </>
  );
}
