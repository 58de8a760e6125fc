// Prints the test command's closing line from vitest's and Playwright's JSON reports:
// "N passed, N failed". A failed step with no failing test of its own in a report (type check,
// lint, build, a crashed runner) counts as one failure, so the line never reads green while the
// command is red.
import fs from "node:fs";
import path from "node:path";

const [outDir, ...failedSteps] = process.argv.slice(2);
const read = (name) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, name), "utf8"));
  } catch {
    return null;
  }
};

const vitest = read("vitest.json");
const pw = read("playwright.json");
const runs = {
  vitest: vitest && { passed: vitest.numPassedTests, failed: vitest.numFailedTests },
  playwright: pw && { passed: pw.stats.expected + pw.stats.flaky, failed: pw.stats.unexpected },
};
let passed = 0;
let failed = 0;
for (const [name, run] of Object.entries(runs)) {
  console.log(`${name}: ${run ? `${run.passed} passed, ${run.failed} failed` : "no report"}`);
  if (run) {
    passed += run.passed;
    failed += run.failed;
  }
}
const unreported = failedSteps.filter((step) => !(runs[step] && runs[step].failed > 0));
if (unreported.length) console.log(`failed steps: ${unreported.join(", ")}`);
failed += unreported.length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
