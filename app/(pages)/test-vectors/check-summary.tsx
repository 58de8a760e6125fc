import type { TestVectorsMessages } from "@/app/(pages)/test-vectors/words";
import { fill } from "@/lib/i18n/template";
import type { Results } from "./run-checks";
import type { Status } from "./use-vector-checks";

/** The messages the checker renders, in the page's language. */
export type CheckMessages = Pick<TestVectorsMessages, "summary" | "state" | "got">;

/** The run's outcome over all checks: still checking, all pass, some fail, or why it could not run. */
export function CheckSummary({
  words,
  status,
  results,
  onRetry,
}: {
  words: CheckMessages;
  status: Status;
  results: Results;
  onRetry: () => void;
}) {
  const all = Object.values(results);
  const failed = all.filter((r) => !r.pass).length;
  if (status === "running") return <p className="verdict">{words.summary.checking}</p>;
  if (status === "done") {
    return (
      <div
        className={`verdict ${failed === 0 ? "verdict-ok" : "verdict-bad"}`}
        data-summary={failed === 0 ? "pass" : "fail"}
      >
        <span className={`pill ${failed === 0 ? "pill-ok" : "pill-bad"}`}>
          {failed === 0 ? words.state.pass : words.state.fail}
        </span>
        <p>
          {failed === 0
            ? fill(words.summary.allPass, { n: all.length })
            : fill(words.summary.someFail, { bad: failed, n: all.length })}
        </p>
      </div>
    );
  }
  return (
    <div className="notice notice-error">
      <p>{status === "no-webcrypto" ? words.summary.noWebCrypto : words.summary.loadError}</p>
      {status === "load-error" ? (
        <button type="button" className="button" onClick={onRetry}>
          {words.summary.retry}
        </button>
      ) : null}
    </div>
  );
}
