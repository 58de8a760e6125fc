import type { Lang } from "@/lib/i18n";
import type { CertifyWords } from "./certification-verdict";
import { CertifyPanel } from "./certify-panel";
import { FIELD_IDS, fieldLabels, type ListingWords } from "./listing-form-model";
import type { SelfListing } from "./use-self-listing";

/** After listing: the record's link, the owner token shown this once, and how to certify it. */
export function ListingCreated({
  w,
  t,
  certify,
  lang,
}: {
  w: SelfListing;
  t: ListingWords;
  certify: CertifyWords;
  lang: Lang;
}) {
  const { state } = w;
  if (state.status !== "created") return null;
  return (
    <>
      <div className="notice registry-created" role="status" tabIndex={-1} ref={w.refs.createdRef}>
        <p>
          <strong>{t.created}</strong> <a href={`/registro/${encodeURIComponent(state.id)}`}>{t.viewRecord}</a>
        </p>
        <p>
          {t.tokenLabel}: <code className="registry-token">{state.ownerToken}</code>
        </p>
        <p>{t.tokenWarning}</p>
        <p>{t.nextSteps}</p>
        <pre className="code-block" translate="no">
          <code>{`"issuer": { …, "registryId": "${state.id}" }`}</code>
        </pre>
        <details>
          <summary>{t.certifyStep}</summary>
          <pre className="code-block" translate="no">
            <code>{state.certifyCommand}</code>
          </pre>
        </details>
      </div>
      <CertifyPanel key={state.id} recordId={state.id} token={state.ownerToken} t={certify} lang={lang} />
    </>
  );
}

/** After a refused submission: each field's findings, linked to the field, or why nothing was saved. */
export function ListingSummary({
  w,
  t,
  errorMessages,
  formingWords,
}: {
  w: SelfListing;
  t: ListingWords;
  errorMessages: Record<string, string>;
  formingWords: { text: string; link: string };
}) {
  const { state, problems } = w;
  if (problems.size === 0 && state.status !== "error") return null;
  const labels = fieldLabels(t);
  return (
    <div className="notice registry-alert registry-summary" role="alert" tabIndex={-1} ref={w.refs.summaryRef}>
      {problems.size > 0 ? (
        <>
          <p>{t.summary}</p>
          <ul>
            {[...problems].map(([key, messages]) => (
              <li key={key}>
                <a href={`#${FIELD_IDS[key] ?? "listing-name"}`}>{labels[key] ?? key}</a>: {messages.join(" ")}
              </li>
            ))}
          </ul>
        </>
      ) : state.status === "error" && state.error === "forming_exists" && state.recordId ? (
        <p>
          {formingWords.text} <a href={`/registro/${encodeURIComponent(state.recordId)}`}>{formingWords.link}</a>
        </p>
      ) : (
        <p>{errorMessages[state.status === "error" ? state.error : ""]}</p>
      )}
    </div>
  );
}
