import type { RefObject } from "react";
import { INPUT_ID, type Issue, type WizardMessages } from "./wizard-model";

/** The form's errors above it once sent, each a link to its field. */
export function ErrorSummary({
  issues,
  fromServer,
  summaryRef,
  formWords,
}: {
  issues: Issue[];
  /** Whether the server found any of them: then the summary says the server refused the request. */
  fromServer: boolean;
  summaryRef: RefObject<HTMLDivElement | null>;
  formWords: WizardMessages["form"];
}) {
  return (
    <div className="notice notice-error inc-summary" role="alert" tabIndex={-1} ref={summaryRef}>
      <p>{fromServer ? formWords.serverSummary : formWords.summary}</p>
      <ul>
        {issues.map((i) => (
          <li key={`${i.field}:${i.message}`}>
            <a href={`#${INPUT_ID[i.field] ?? "inc-denominacion"}`}>{i.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
