// Prints the test command's closing line from vitest's and Playwright's JSON reports:
// "N passed, N failed". A failed step with no failing test of its own in a report (type check,
// lint, build, a crashed runner) counts as one failure, so the line never reads green while the
// command is red. Failing tests are named just above that line, so that the last lines of a CI log
// say which test failed even when the log is cut.
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

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

// The first line of a failure message is usually the assertion; the rest is the stack.
const firstLine = (messages) =>
  String(messages?.[0] ?? "")
    .split("\n")[0]
    .slice(0, 200);

function vitestFailures(report) {
  const relative = (file) => path.relative(process.cwd(), file);
  return (report?.testResults ?? []).flatMap((file) => {
    const failedTests = (file.assertionResults ?? [])
      .filter((test) => test.status === "failed")
      .map((test) => `${relative(file.name)} > ${test.fullName}: ${firstLine(test.failureMessages)}`);
    // A file that failed to load or whose hook threw has no failing test of its own.
    return failedTests.length || file.status !== "failed"
      ? failedTests
      : [`${relative(file.name)}: ${firstLine([file.message])}`];
  });
}

function playwrightFailures(report) {
  const walk = (suite, titles) =>
    (suite.specs ?? [])
      .flatMap((spec) =>
        spec.tests
          .filter((test) => test.status === "unexpected")
          .map((test) => {
            const error = test.results.at(-1)?.error?.message;
            return `${spec.file ?? suite.file} > ${[...titles, spec.title].join(" > ")}: ${firstLine([error])}`;
          }),
      )
      .concat((suite.suites ?? []).flatMap((child) => walk(child, child.title ? [...titles, child.title] : titles)));
  return (report?.suites ?? []).flatMap((suite) => walk(suite, []));
}

// ANSI colour codes from assertion messages would only clutter a plain log.
const failures = [...vitestFailures(vitest), ...playwrightFailures(pw)].map(stripVTControlCharacters);
if (failures.length) {
  console.log("failing tests:");
  for (const failure of failures.slice(0, 10)) console.log(`  ${failure}`);
  if (failures.length > 10) console.log(`  ... and ${failures.length - 10} more (see ${outDir})`);
}

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
