// The commit-msg hook's rule (.githooks/commit-msg): a subject of at most 72 characters in the form
// `area: summary`, and the reasoning in a body after a blank line. Long subjects are cut in
// `git log --oneline`, in review tools and in CI logs; the body has room for the why.
// Merges, reverts and fixup!/squash! commits keep the subject git writes for them.
import fs from "node:fs";
import { pathToFileURL } from "node:url";

export const MAX_SUBJECT = 72;
const GIT_WRITTEN = /^(Merge |Revert "|fixup! |squash! |amend! )/;

/** Lines git strips: comments, and everything below the scissors line of `commit -v`. */
function meaningfulLines(message) {
  const lines = [];
  for (const line of message.split("\n")) {
    if (line.startsWith("# ------------------------ >8 ------------------------")) break;
    if (!line.startsWith("#")) lines.push(line);
  }
  while (lines.length && lines[0].trim() === "") lines.shift();
  return lines;
}

/** The reason the message is refused, or null when it is fine. */
export function commitMessageProblem(message) {
  const [subject = "", second] = meaningfulLines(message);
  if (subject.trim() === "") return null; // git itself refuses an empty message
  if (GIT_WRITTEN.test(subject)) return null;
  if (subject.length > MAX_SUBJECT) {
    return `the subject has ${subject.length} characters; at most ${MAX_SUBJECT} (put the reasoning in the body)`;
  }
  if (!/^[a-z0-9][\w./-]*(, ?[a-z0-9][\w./-]*)*: \S/.test(subject)) {
    return 'the subject must read "area: summary", e.g. "tests: build into .next-test"';
  }
  if (second !== undefined && second.trim() !== "") return "leave a blank line between the subject and the body";
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node scripts/check-commit-msg.mjs <commit message file>");
    process.exit(2);
  }
  const problem = commitMessageProblem(fs.readFileSync(file, "utf8"));
  if (problem) {
    console.error(`commit message refused: ${problem}`);
    process.exit(1);
  }
}
