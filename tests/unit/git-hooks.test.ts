// The hooks npm installs: the commit-msg rule as a committer meets it (the hook run on a message
// file), and the prepare script, which must set the hooks in a clone and never fail an install
// outside one.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { commitMessageProblem } from "../../scripts/check-commit-msg.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hooks-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function runCommitMsgHook(message: string) {
  const file = path.join(tempDir(), "COMMIT_EDITMSG");
  fs.writeFileSync(file, message);
  const run = spawnSync(path.join(ROOT, ".githooks/commit-msg"), [file], { cwd: ROOT, encoding: "utf8" });
  return { status: run.status, stderr: run.stderr, unchanged: fs.readFileSync(file, "utf8") === message };
}

describe("commit-msg hook", () => {
  it("accepts `area: summary` of 72 characters with the why in the body", () => {
    const subject = `tests: ${"x".repeat(65)}`;
    expect(subject).toHaveLength(72);
    const run = runCommitMsgHook(`${subject}\n\nWhy it changed.\n# a comment git strips\n`);
    expect(run).toEqual({ status: 0, stderr: "", unchanged: true });
  });

  it("refuses a subject of 73 characters, saying how long it is, and leaves the message alone", () => {
    const run = runCommitMsgHook(`tests: ${"x".repeat(66)}\n\nbody\n`);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("the subject has 73 characters; at most 72");
    expect(run.unchanged).toBe(true);
  });

  it("refuses a subject without an area, and a body glued to the subject", () => {
    expect(commitMessageProblem("Fix the build\n")).toMatch(/area: summary/);
    expect(commitMessageProblem("build: fix it\nbecause\n")).toMatch(/blank line/);
    expect(commitMessageProblem("lib/tlog, docs: one summary\n")).toBeNull();
  });

  it("counts the subject after leading blank and comment lines, and ignores what follows the scissors", () => {
    const scissors = "# ------------------------ >8 ------------------------\n";
    expect(commitMessageProblem(`# Please enter\n\ndocs: short\n\n${scissors}${"diff ".repeat(40)}\n`)).toBeNull();
  });

  it("lets git's own subjects (merges, reverts, fixups) through at any length", () => {
    for (const subject of [
      `Merge branch '${"x".repeat(80)}'`,
      `Revert "${"x".repeat(80)}"`,
      `fixup! ${"x".repeat(80)}`,
    ]) {
      expect(commitMessageProblem(`${subject}\n`)).toBeNull();
    }
  });
});

describe("prepare script", () => {
  const copyInto = (dir: string) => {
    fs.mkdirSync(path.join(dir, "scripts"));
    fs.copyFileSync(path.join(ROOT, "scripts/install-hooks.mjs"), path.join(dir, "scripts/install-hooks.mjs"));
  };
  const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();

  it("points a clone's git at .githooks", () => {
    const dir = tempDir();
    git(dir, "init", "-q");
    copyInto(dir);
    execFileSync(process.execPath, ["scripts/install-hooks.mjs"], { cwd: dir });
    expect(git(dir, "config", "core.hooksPath")).toBe(".githooks");
  });

  it("succeeds and writes nothing outside a git work tree", () => {
    const dir = tempDir();
    copyInto(dir);
    const run = spawnSync(process.execPath, ["scripts/install-hooks.mjs"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(dir) },
    });
    expect(run.status).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(["scripts"]);
  });
});
