import path from "node:path";
import { defineConfig } from "vitest/config";

// Package tests that start the production server; every other package test is a unit test.
const PACKAGE_TESTS_WITH_SERVER = [
  "packages/incorporate/test/client.test.ts",
  "packages/incorporate/test/log-inclusion.test.ts",
];

export default defineConfig({
  // The shared package by name, from its source (tsconfig.json's paths say the same to tsc and Next).
  resolve: {
    alias: [
      {
        find: /^@sociedades-ia\/incorporate\/tlog$/,
        replacement: path.resolve(import.meta.dirname, "packages/incorporate/src/tlog/index.ts"),
      },
      {
        find: /^@sociedades-ia\/incorporate\/verify$/,
        replacement: path.resolve(import.meta.dirname, "packages/incorporate/src/verify.ts"),
      },
      {
        find: /^@sociedades-ia\/incorporate$/,
        replacement: path.resolve(import.meta.dirname, "packages/incorporate/src/index.ts"),
      },
      { find: "@", replacement: path.resolve(import.meta.dirname) },
    ],
  },
  test: {
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Removes the temporary directories a file's tests made (tests/support/temp-dir.ts).
    setupFiles: ["tests/support/vitest-setup.ts"],
    // Two projects: `unit` needs no build and no server (`npm run check`, `--project unit`);
    // `integration` runs against the production build and real servers (`npm test`). Playwright
    // specs live in tests/e2e and are collected by neither.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // One module graph per worker instead of one per file: half the CPU of the unit run, which
          // importing modules dominated. Unit files restore what they change (env, timers, spies);
          // they pass with files shuffled in a single worker.
          isolate: false,
          include: ["tests/unit/**/*.test.ts", "packages/*/test/**/*.test.ts"],
          exclude: PACKAGE_TESTS_WITH_SERVER,
        },
      },
      {
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.ts", ...PACKAGE_TESTS_WITH_SERVER] },
      },
    ],
  },
});
