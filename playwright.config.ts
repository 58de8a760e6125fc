import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Playwright loads this file in the runner and again in every worker. Only the runner picks the
// server's port (a free one unless E2E_PORT names it, so that a server already listening does not
// stop the suite) and creates the data directory; workers inherit both through the environment. The
// directory is removed when the runner exits, after the web server has been stopped.
if (!process.env.E2E_PORT) {
  // The config is loaded synchronously: a child process asks the system for a free port.
  process.env.E2E_PORT = execFileSync(process.execPath, [
    "-e",
    'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})',
  ]).toString();
}
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), "sociedades-ia-e2e-"));
  process.env.E2E_DATA_DIR = dataDir;
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}
const port = Number.parseInt(process.env.E2E_PORT, 10);
// Debian's chromium-headless-shell: the engine of its chromium without the desktop browser around
// it, which is what Playwright itself runs headless. Measured on two cores, the browser suite took
// half the time it took with the full browser. The full browser still serves where it is the one
// installed; E2E_BROWSER names any other binary.
const browser =
  process.env.E2E_BROWSER ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p));
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".test-output/playwright-artifacts",
  // Tests, not files, are shared out between the workers: every-page.spec.ts alone is a third of
  // the suite. Specs never count on another test's data or order (the server is shared).
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Budgets, not measures: generous, since the browser suite runs beside vitest's and pages that
  // take 5 s on a quiet machine take several times that on a loaded one.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Two browsers on two cores beside the server under test, which is idle most of the time: a
  // browser spends its time laying out pages and running axe, CPU one worker leaves unused.
  workers: 2,
  reporter: [["list"], ["json", { outputFile: ".test-output/playwright.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        // Debian's Chromium; browsers are never downloaded here. Flags for running as root offline.
        launchOptions: {
          executablePath: browser,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    // Production build (`npx next build` first, or the test command's NEXT_DIST_DIR) behind the same custom server as in production. The
    // seed writes the pages' test sessions into the embedded store before the server opens it.
    command: "./node_modules/.bin/tsx tests/support/seed-e2e.ts && node scripts/server.mjs",
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: "production",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next",
      // Every spec shares one client address; the 429 screens are tested with mocked answers, so
      // generous limits keep the suite from depending on how many real calls the specs make.
      RATE_LIMIT_PLAY: "500/1m",
      RATE_LIMIT_READ: "100000/1m",
      RATE_LIMIT_INCORPORATE: "500/1h",
      RATE_LIMIT_REGISTRY: "500/1h",
      RATE_LIMIT_CERTIFIER: "500/1h",
      // The record page's browser test certifies a company server on 127.0.0.1 (record-page.spec.ts).
      CERTIFIER_ALLOW_LOOPBACK: "1",
      // The demo keeps its reading pace here (PLAY_SCRIPTED_PACE's default): /play is tested showing
      // tool cards and the answer arrive one after another, which an instant answer would merge.
    },
  },
});
