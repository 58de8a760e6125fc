import type { VerificationDescription } from "./use-session-inclusion";

const MARK = { pass: "✓", fail: "✗", pending: "…", unchecked: "?" } as const;

/**
 * The client package's verdict and one line per check (entries, log, latest entry, witnesses), as
 * verifyAudit gave them in the browser: "verified" only when all pass, "not witnessed yet" when only
 * the quorum is missing. Described where the check ran, so its sentences load with the check.
 */
export function VerificationLines({ described, title }: { described: VerificationDescription; title: string }) {
  const { verdict, summary, lines } = described;
  return (
    <div data-full-verdict={verdict}>
      <h4>{title}</h4>
      <p>
        <strong>{summary}</strong>
      </p>
      <ul>
        {lines.map((line) => (
          <li key={line.check} data-check={line.check} data-status={line.status}>
            <span aria-hidden="true">{MARK[line.status]} </span>
            {line.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
