// The test command's closing lines are what a cut CI log keeps: they must say how many tests
// failed and which ones.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dir";

const script = path.resolve("scripts/test-summary.mjs");
let dir = "";

function summarise(reports: Record<string, unknown>, failedSteps: string[] = []) {
  dir = tempDir("summary-");
  for (const [name, report] of Object.entries(reports)) {
    fs.writeFileSync(path.join(dir, name), JSON.stringify(report));
  }
  try {
    return { status: 0, output: execFileSync("node", [script, dir, ...failedSteps], { encoding: "utf8" }) };
  } catch (error) {
    const failure = error as { status: number; stdout: string };
    return { status: failure.status, output: failure.stdout };
  }
}

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const vitestReport = (files: unknown[], passed: number, failed: number) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  testResults: files,
});
const playwrightReport = (suites: unknown[], expected: number, unexpected: number) => ({
  stats: { expected, flaky: 0, unexpected },
  suites,
});

describe("test summary", () => {
  it("names each failing test with the first line of its message, colours stripped", () => {
    const { status, output } = summarise(
      {
        "vitest.json": vitestReport(
          [
            {
              name: path.resolve("tests/unit/sample.test.ts"),
              status: "failed",
              assertionResults: [
                { fullName: "sample adds", status: "passed", failureMessages: [] },
                {
                  fullName: "sample subtracts",
                  status: "failed",
                  failureMessages: ["AssertionError: expected \u001b[32m1\u001b[39m to be 2\n    at stack"],
                },
              ],
            },
            {
              name: path.resolve("tests/unit/broken.test.ts"),
              status: "failed",
              message: "Hook timed out",
              assertionResults: [],
            },
          ],
          1,
          1,
        ),
        "playwright.json": playwrightReport(
          [
            {
              title: "home.spec.ts",
              file: "home.spec.ts",
              specs: [],
              suites: [
                {
                  title: "home page",
                  file: "home.spec.ts",
                  specs: [
                    {
                      title: "shows the badge",
                      file: "home.spec.ts",
                      tests: [{ status: "unexpected", results: [{ error: { message: "Error: timed out\nlocator" } }] }],
                    },
                  ],
                },
              ],
            },
          ],
          4,
          1,
        ),
      },
      ["vitest", "playwright"],
    );
    expect(status).toBe(1);
    expect(output.trim().split("\n")).toEqual([
      "failing tests:",
      "  tests/unit/sample.test.ts > sample subtracts: AssertionError: expected 1 to be 2",
      "  tests/unit/broken.test.ts: Hook timed out",
      "  home.spec.ts > home page > shows the badge: Error: timed out",
      "vitest: 1 passed, 1 failed",
      "playwright: 4 passed, 1 failed",
      "5 passed, 2 failed",
    ]);
  });

  it("lists at most ten failures and says how many more there are", () => {
    const results = Array.from({ length: 12 }, (_, i) => ({
      fullName: `case ${i}`,
      status: "failed",
      failureMessages: ["Error: no"],
    }));
    const { output } = summarise(
      {
        "vitest.json": vitestReport(
          [{ name: path.resolve("tests/unit/many.test.ts"), status: "failed", assertionResults: results }],
          0,
          12,
        ),
      },
      ["vitest"],
    );
    expect(output).toContain("  tests/unit/many.test.ts > case 9: Error: no\n");
    expect(output).not.toContain("case 10:");
    expect(output).toContain("... and 2 more");
  });

  it("counts a failed step without a report as a failure and reads green only when all passed", () => {
    const red = summarise({ "vitest.json": vitestReport([], 3, 0) }, ["type check"]);
    expect(red.status).toBe(1);
    expect(red.output).toContain("failed steps: type check\n");
    expect(red.output).not.toContain("failing tests:");
    expect(red.output.trim().split("\n").at(-1)).toBe("3 passed, 1 failed");

    const green = summarise({ "vitest.json": vitestReport([], 3, 0), "playwright.json": playwrightReport([], 2, 0) });
    expect(green.status).toBe(0);
    expect(green.output.trim().split("\n").at(-1)).toBe("5 passed, 0 failed");
  });
});
