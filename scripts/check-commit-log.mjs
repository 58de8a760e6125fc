// CI's copy of the commit-msg hook: every commit since the hook was adopted (the commit that added
// scripts/check-commit-msg.mjs) must pass its rule, so a commit made without the hooks installed
// (git commit --no-verify, another clone) still fails the gate. A shallow clone that lacks that
// history checks what it has.
import { execFileSync } from "node:child_process";
import { commitMessageProblem } from "./check-commit-msg.mjs";

const git = (...args) => execFileSync("git", args, { encoding: "utf8" });

let range = "HEAD";
try {
  const adopted = git("log", "--diff-filter=A", "--format=%H", "--", "scripts/check-commit-msg.mjs")
    .trim()
    .split("\n")
    .pop();
  if (adopted) range = `${adopted}..HEAD`;
} catch {
  console.log("not a git checkout: commit messages not checked");
  process.exit(0);
}
const log = git("log", "--no-merges", "--format=%h%x00%B%x01", range);
const refused = [];
for (const record of log.split("\x01")) {
  const [hash, message] = record.replace(/^\n/, "").split("\x00");
  if (!hash || message === undefined) continue;
  const problem = commitMessageProblem(message);
  if (problem) refused.push(`${hash} ${message.split("\n")[0].slice(0, 60)}…: ${problem}`);
}
if (refused.length > 0) {
  console.error(`${refused.length} commit message(s) break the rule of scripts/check-commit-msg.mjs:`);
  for (const line of refused) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`commit messages of ${range}: all follow the rule`);
