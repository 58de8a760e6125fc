// The test command builds into its own directory, never into .next-start/ where `npm start` builds
// and serves nor the .next that `npm run serve` serves, and every server it starts reads that
// directory (its build step also fails when the build left .next or tsconfig.json changed).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

describe("the test build directory", () => {
  const testSh = read("scripts/test.sh");
  const distDir = /^export NEXT_DIST_DIR=(\S+)$/m.exec(testSh)?.[1];

  it("is set by the test command before anything builds or serves, and is not .next", () => {
    expect(distDir).toBeDefined();
    expect(distDir).not.toBe(".next");
    expect(testSh.indexOf("export NEXT_DIST_DIR=")).toBeLessThan(testSh.indexOf("next build"));
  });

  it("has its type globs in tsconfig.json already, so a build there leaves it as committed", () => {
    const { include } = JSON.parse(read("tsconfig.json")) as { include: string[] };
    expect(include).toEqual(expect.arrayContaining([`${distDir}/types/**/*.ts`, `${distDir}/dev/types/**/*.ts`]));
  });

  it("and npm start's build directory both have their type globs in tsconfig.json", () => {
    const staging = /^const STAGING = "([^"]+)";$/m.exec(read("scripts/fresh-build.mjs"))?.[1];
    const { include } = JSON.parse(read("tsconfig.json")) as { include: string[] };
    expect(include).toEqual(expect.arrayContaining([`${staging}/types/**/*.ts`, `${staging}/dev/types/**/*.ts`]));
  });

  it("is passed on by every starter of a server: the integration tests' and Playwright's", () => {
    expect(read("tests/support/app-server.ts")).toMatch(/process\.env\.NEXT_DIST_DIR/);
    expect(read("playwright.config.ts")).toMatch(/NEXT_DIST_DIR: process\.env\.NEXT_DIST_DIR/);
    // And the browser suite's port is free, not fixed.
    expect(testSh).toMatch(/E2E_PORT=\$\(free_port\) \.\/node_modules\/\.bin\/playwright test/);
  });

  it("is ignored by git and by the linter", () => {
    expect(read(".gitignore")).toMatch(/^\.next-\*\/$/m);
    expect(read("biome.json")).toContain('"!**/.next-*"');
  });
});
