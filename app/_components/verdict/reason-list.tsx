import type { ProblemReason } from "@sociedades-ia/incorporate/verify";
import type { AuditMessages } from "@/app/_i18n/audit-words";

/** The verifier's reason codes in plain language, each with its code for those who look it up. */
export function ReasonList({ reasons, words }: { reasons: readonly string[]; words: AuditMessages["reasons"] }) {
  return (
    <ul className="reason-list">
      {reasons.map((reason) => (
        <li key={reason}>
          {words[reason as ProblemReason] ?? reason}{" "}
          <code className="reason-code" translate="no">
            {reason}
          </code>
        </li>
      ))}
    </ul>
  );
}
