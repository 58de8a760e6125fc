import type { Lang } from "@/lib/i18n";
import type { CertifyWords } from "./certification-verdict";
import { CertifyPanel } from "./certify-panel";
import { FIELD_IDS, fieldLabels, type ListingWords } from "./listing-form-model";
import type { SelfListing } from "./use-self-listing";

/** After listing: the record's link, the owner token shown this once, and how to certify it. */
export function ListingCreated({
  listing,
  words,
  certify,
  lang,
}: {
  listing: SelfListing;
  words: ListingWords;
  certify: CertifyWords;
  lang: Lang;
}) {
  const { state } = listing;
  if (state.status !== "created") return null;
  return (
    <>
      <div className="notice registry-created" role="status" tabIndex={-1} ref={listing.refs.createdRef}>
        <p>
          <strong>{words.created}</strong> <a href={`/registro/${encodeURIComponent(state.id)}`}>{words.viewRecord}</a>
        </p>
        <p>
          {words.tokenLabel}: <code className="registry-token">{state.ownerToken}</code>
        </p>
        <p>{words.tokenWarning}</p>
        <p>{words.nextSteps}</p>
        <pre className="code-block" translate="no">
          <code>{`"issuer": { …, "registryId": "${state.id}" }`}</code>
        </pre>
        <details>
          <summary>{words.certifyStep}</summary>
          <pre className="code-block" translate="no">
            <code>{state.certifyCommand}</code>
          </pre>
        </details>
      </div>
      <CertifyPanel key={state.id} recordId={state.id} token={state.ownerToken} words={certify} lang={lang} />
    </>
  );
}

/** After a refused submission: each field's findings, linked to the field, or why nothing was saved. */
export function ListingSummary({
  listing,
  words,
  errorMessages,
  formingWords,
}: {
  listing: SelfListing;
  words: ListingWords;
  errorMessages: Record<string, string>;
  formingWords: { text: string; link: string };
}) {
  const { state, problems } = listing;
  if (problems.size === 0 && state.status !== "error") return null;
  const labels = fieldLabels(words);
  return (
    <div className="notice registry-alert registry-summary" role="alert" tabIndex={-1} ref={listing.refs.summaryRef}>
      {problems.size > 0 ? (
        <>
          <p>{words.summary}</p>
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
