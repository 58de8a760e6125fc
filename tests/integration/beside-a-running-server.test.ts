// The test command runs beside a running `npm start`: its build goes to its own directory, so the
// server keeps serving the build it started with. Before the test build moved out of .next, a test
// run rewrote the directory a running server read from: its shared chunk answered 500 for minutes
// and a page kept pointing at a chunk that no longer existed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Where this test builds while the server serves another build; tsconfig.json lists its types. */
const BESIDE = ".next-beside";
const PAGES = ["/", "/play", "/verify", "/test-vectors", "/incorporar", "/registro", "/log", "/no-such-page"];

/** The scripts and stylesheets a page's HTML loads from the server's build. */
async function assetsOf(url: string, page: string): Promise<string[]> {
  const html = await (await fetch(`${url}${page}`)).text();
  return [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)].map((m) => m[1] as string);
}

async function statuses(url: string, paths: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const p of paths) {
    const res = await fetch(`${url}${p}`);
    await res.arrayBuffer();
    out[p] = res.status;
  }
  return out;
}

function build(distDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // Lower priority: this build shares the machine with the other test files.
    const child = spawn("nice", ["-n", "10", path.join(ROOT, "node_modules/.bin/next"), "build"], {
      cwd: ROOT,
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.once("exit", (code) => resolve({ code, output }));
  });
}

// Every build rewrites next-env.d.ts to import its directory's route types; put back afterwards so
// that it does not point into the directory this test removes.
const NEXT_ENV = path.join(ROOT, "next-env.d.ts");

describe("a build beside a running server", () => {
  let app: AppServer;
  let assets: string[];
  let nextEnv: string | null = null;
  beforeAll(async () => {
    nextEnv = fs.existsSync(NEXT_ENV) ? fs.readFileSync(NEXT_ENV, "utf8") : null;
    fs.rmSync(path.join(ROOT, BESIDE), { recursive: true, force: true });
    app = await startApp();
    assets = [...new Set((await Promise.all(PAGES.map((p) => assetsOf(app.url, p)))).flat())];
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(path.join(ROOT, BESIDE), { recursive: true, force: true });
    if (nextEnv === null) fs.rmSync(NEXT_ENV, { force: true });
    else fs.writeFileSync(NEXT_ENV, nextEnv);
  });

  it("leaves every page's scripts and styles loading from the running server, during and after", async () => {
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    const allOk = Object.fromEntries(assets.map((a) => [a, 200]));
    expect(await statuses(app.url, assets)).toEqual(allOk);
    const tsconfig = fs.readFileSync(path.join(ROOT, "tsconfig.json"), "utf8");

    let building = true;
    const finished = build(BESIDE).finally(() => {
      building = false;
    });
    // Poll while the other build runs: a server reading a directory being rebuilt fails here.
    const duringBuild: Record<string, number>[] = [];
    while (building) {
      duringBuild.push(await statuses(app.url, assets));
      await Promise.race([finished, new Promise((r) => setTimeout(r, 1000))]);
    }
    const { code, output } = await finished;
    expect(code, output.slice(-2000)).toBe(0);
    expect(fs.existsSync(path.join(ROOT, BESIDE, "BUILD_ID"))).toBe(true);

    for (const seen of duringBuild) expect(seen).toEqual(allOk);
    expect(await statuses(app.url, assets)).toEqual(allOk);
    expect(await statuses(app.url, PAGES.slice(0, -1))).toEqual(
      Object.fromEntries(PAGES.slice(0, -1).map((p) => [p, 200])),
    );
    // The directory's type globs are already in tsconfig.json, so a build there leaves it as committed.
    expect(fs.readFileSync(path.join(ROOT, "tsconfig.json"), "utf8")).toBe(tsconfig);
  }, 600_000);
});
