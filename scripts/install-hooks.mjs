// npm's `prepare` script (it runs on `npm ci` and `npm install`): points git at .githooks, where the
// pre-commit hook lints what is staged and the commit-msg hook checks the subject. Does nothing
// outside a git work tree (a tarball, an image built without .git) or without git, so that an
// install never fails for it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = fs.realpathSync(path.resolve(import.meta.dirname, ".."));
const git = (...args) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });

let top;
try {
  top = git("rev-parse", "--show-toplevel").trim();
} catch {
  process.exit(0); // not a git work tree, or no git
}
// Installed as a dependency inside another repository: that repository's hooks are not ours to set.
if (fs.realpathSync(top) !== root) process.exit(0);
git("config", "core.hooksPath", ".githooks");
