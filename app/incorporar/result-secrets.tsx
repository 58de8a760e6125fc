import type { IncorporateMessages } from "@/app/incorporar/words";
import { fill } from "@/lib/i18n/template";
import { CopyButton } from "../_components/audit/copy-button";

type ResultMessages = IncorporateMessages["result"];

/** A token shown once: its value, a way to copy it, and where it goes. */
function Secret({
  token,
  label,
  short,
  use,
  m,
}: {
  token: string;
  label: string;
  /** How the copy button names it. */
  short: string;
  use: string;
  m: ResultMessages["secrets"];
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
          label={fill(m.copy, { what: short })}
          copiedLabel={m.copied}
          failedLabel={m.copyFailed}
        />
        <span className="inc-token-use">{use}</span>
      </dd>
    </div>
  );
}

/** The tokens the answer carries once: shown now with what each is for, never again. */
export function ResultSecrets({
  t,
  sessionToken,
  claimToken,
}: {
  t: ResultMessages;
  sessionToken: string | undefined;
  claimToken: string | undefined;
}) {
  return (
    <>
      {sessionToken || claimToken ? (
        <section aria-labelledby="inc-secrets-title" className="notice inc-secrets">
          <h3 id="inc-secrets-title">{t.secrets.title}</h3>
          <p>{t.secrets.warning}</p>
          <dl>
            {sessionToken ? (
              <Secret
                token={sessionToken}
                label={t.secrets.sessionToken}
                short={t.secrets.sessionTokenShort}
                use={t.secrets.sessionTokenUse}
                m={t.secrets}
              />
            ) : null}
            {claimToken ? (
              <Secret
                token={claimToken}
                label={t.secrets.claimToken}
                short={t.secrets.claimTokenShort}
                use={t.secrets.claimTokenUse}
                m={t.secrets}
              />
            ) : null}
          </dl>
        </section>
      ) : null}
    </>
  );
}
