import type { LogInclusion, PublicJwk } from "@sociedades-ia/incorporate";
import { fetchPublished } from "@/app/_client/api";
import { EnglishDetail } from "@/app/_components/feedback/error-notice";
import { Stat } from "@/app/_components/verdict/verification-summary";
import type { VerifyMessages } from "@/app/(pages)/verify/words";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";

export type InclusionWords = VerifyMessages["inclusion"];

/** The transparency log's verifier key, as the service publishes it (one line). */
export async function fetchLogKey(): Promise<string> {
  return String(await fetchPublished("/log/vkey", "text")).trim();
}

/** The service's checkpoint keys. */
export async function fetchJwks(): Promise<{ keys: PublicJwk[] }> {
  return (await fetchPublished("/.well-known/jwks.json")) as { keys: PublicJwk[] };
}

/** Whether a session's head is in the transparency log, as the browser's check found it. */
export function InclusionReport({
  result,
  words,
  lang,
  heading = true,
  altered = false,
}: {
  result: LogInclusion;
  words: InclusionWords;
  lang: Lang;
  /** Its own h4, inside a report about the whole log; none where the section is titled already. */
  heading?: boolean;
  /** The log around that entry failed its checks: its last entry being logged does not make it good. */
  altered?: boolean;
}) {
  const tone = !result.included ? "bad" : altered ? "warn" : "ok";
  const counts = { index: result.index ?? 0, size: result.size ?? 0 };
  return (
    <div className="log-inclusion" data-log-inclusion={result.included ? "included" : "not-included"}>
      {heading ? <h4>{words.title}</h4> : null}
      <div className={`inclusion-verdict verdict-${tone}`}>
        <span className={`pill pill-${tone}`}>
          {!result.included ? words.pill.notIncluded : altered ? words.pill.includedAltered : words.pill.included}
        </span>
        <p>{!result.included ? words.notIncluded : fill(altered ? words.includedAltered : words.included, counts)}</p>
      </div>
      {result.error ? (
        <p>
          <EnglishDetail label={words.reason} text={result.error} lang={lang} />
        </p>
      ) : null}
      {result.included ? (
        <dl className="stats">
          <Stat label={words.index}>{result.index}</Stat>
          <Stat label={words.size}>{result.size}</Stat>
          <Stat label={words.origin} wide>
            <code translate="no">{result.origin}</code>
          </Stat>
        </dl>
      ) : null}
      <p>
        <a href="/log">{words.logPage}</a>
      </p>
    </div>
  );
}
