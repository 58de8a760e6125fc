// `npm start` run again in the same clone while a first `npm start` serves. With the first's DATA_DIR
// or port it stops at once, before it installs or builds anything, and prints the command that would
// serve beside; with its own DATA_DIR and PORT it builds into its own directory and serves beside.
// Throughout, the first keeps serving every page and every script and style they reference.
// Both servers are real `npm start`s; only their build is a copy of the test build
// (START_TEST_COPY_BUILD), so the test runs no second `next build`.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/app-server";
import { tempDir } from "../support/temp-dir";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEST_BUILD = process.env.NEXT_DIST_DIR || ".next";
const PAGES = ["/", "/registro", "/log", "/verify", "/incorporar", "/play", "/glosario"];

interface Start {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output(): string;
  exited: Promise<number | null>;
}

function npmStart(port: number, dataDir: string): Start {
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      RATE_LIMIT_READ: "1000000/1m",
      START_TEST_COPY_BUILD: TEST_BUILD,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: npm, the shell and the server stop together.
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, port, dataDir, output: () => output, exited };
}

/** Waits until the server answers its health check with 200 (it answers 503 "starting" before). */
async function ready(start: Start): Promise<void> {
  let gone = false;
  start.exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`npm start exited:\n${start.output()}`);
    const status = await fetch(`http://127.0.0.1:${start.port}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Whether the process still runs (a zombie, exited but not reaped, does not). */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Stops npm, its shell and the server, and waits until the server process is gone. */
async function stop(start: Start | undefined) {
  if (!start || start.child.exitCode !== null || start.child.signalCode !== null) return;
  const pid = fs.existsSync(path.join(start.dataDir, "store.lock")) ? serverPid(start) : null;
  process.kill(-(start.child.pid as number), "SIGTERM");
  await start.exited;
  while (pid && isRunning(pid)) await new Promise((r) => setTimeout(r, 50));
}

/** The server process behind an `npm start`: the holder named in its DATA_DIR's lock. */
const serverPid = (start: Start) =>
  Number(fs.readFileSync(path.join(start.dataDir, "store.lock"), "utf8").split(" ")[0]);

/** Every static file the pages' HTML references: scripts, styles, fonts, and chunks named in the RSC payload. */
async function assetsOf(url: string): Promise<string[]> {
  const found = new Set<string>();
  for (const page of PAGES) {
    const html = await (await fetch(`${url}${page}`)).text();
    for (const [asset] of html.matchAll(/\/_next\/static\/[^"'\\\s)]+/g)) found.add(asset);
  }
  return [...found];
}

/** The paths that do not answer 200. */
async function failing(url: string, paths: string[]): Promise<string[]> {
  const bad: string[] = [];
  for (const p of paths) {
    const res = await fetch(`${url}${p}`);
    await res.arrayBuffer();
    if (res.status !== 200) bad.push(`${p}: ${res.status}`);
  }
  return bad;
}

const tmp = (name: string) => tempDir(`sia-${name}-`);
let first: Start;
let firstUrl: string;
let assets: string[];
const others: Start[] = [];

beforeAll(async () => {
  first = npmStart(await freePort(), tmp("first"));
  firstUrl = `http://127.0.0.1:${first.port}`;
  await ready(first);
  assets = await assetsOf(firstUrl);
}, 120_000);

afterAll(async () => {
  const all = [...others, first].filter(Boolean);
  for (const s of all) await stop(s);
  for (const s of all) fs.rmSync(s.dataDir, { recursive: true, force: true });
});

describe("a second npm start in the same clone", () => {
  it("serves the first from a build directory of its own, every page and asset loading", async () => {
    expect(assets.filter((a) => a.endsWith(".js")).length).toBeGreaterThan(5);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    expect(await failing(firstUrl, [...PAGES, ...assets])).toEqual([]);
    expect(fs.existsSync(path.join(ROOT, `.next-start/run-${serverPid(first)}/BUILD_ID`))).toBe(true);
  });

  it("with the first's DATA_DIR, stops before installing or building and says what to run", async () => {
    const second = npmStart(await freePort(), first.dataDir);
    others.push(second);
    expect(await second.exited).not.toBe(0);
    const out = second.output();
    expect(out).toContain(`Not starting: DATA_DIR ${first.dataDir} is in use by process ${serverPid(first)}`);
    const [, suggested] = /\n {2}DATA_DIR=(\S+) PORT=(\d+) npm start\n/.exec(out) ?? [];
    expect(suggested, out).toMatch(new RegExp(`^${first.dataDir}-\\d+$`));
    expect(out).not.toMatch(/== (npm ci|client package|next build)|> Ready/);
    // The README shows this answer word for word, but for the directory, the pid and the port.
    const shown = /```text\n(Not starting: DATA_DIR[^`]*)```/.exec(
      fs.readFileSync(path.join(ROOT, "README.md"), "utf8"),
    );
    const same = (text: string) => text.replaceAll(first.dataDir, ".data").replace(/\d+/g, "N");
    expect(same(out)).toContain(same(shown?.[1] ?? "(no such block in README.md)"));
    expect(await failing(firstUrl, [...PAGES, ...assets])).toEqual([]);
  });

  it("on the first's port, stops before installing or building, releases its DATA_DIR and says what to run", async () => {
    const second = npmStart(first.port, tmp("second"));
    others.push(second);
    expect(await second.exited).not.toBe(0);
    const out = second.output();
    expect(out).toContain(`Not starting: port ${first.port} is in use`);
    const port = Number(/\n {2}PORT=(\d+) npm start\n/.exec(out)?.[1]);
    expect(port, out).toBeGreaterThan(first.port);
    expect(out).not.toMatch(/== (npm ci|client package|next build)|> Ready/);
    expect(fs.existsSync(path.join(second.dataDir, "store.lock"))).toBe(false);
    expect(await failing(firstUrl, [...PAGES, ...assets])).toEqual([]);
  });

  it("with its own DATA_DIR and PORT, serves beside the first from its own build, removed when it stops", async () => {
    const beside = npmStart(await freePort(), tmp("beside"));
    others.push(beside);
    await ready(beside);
    const besideUrl = `http://127.0.0.1:${beside.port}`;
    const runDir = path.join(ROOT, `.next-start/run-${serverPid(beside)}`);
    expect(serverPid(beside)).not.toBe(serverPid(first));
    expect(await failing(besideUrl, PAGES)).toEqual([]);
    expect(await failing(firstUrl, [...PAGES, ...assets])).toEqual([]);

    // A chunk gone from under a running server (a build written over its directory did that) is a
    // 404, as is one that never existed; Next alone answers the first with a 500 in plain text.
    const chunk = assets.find((a) => a.startsWith("/_next/static/chunks/") && a.endsWith(".js")) as string;
    fs.rmSync(path.join(runDir, "static", chunk.slice("/_next/static/".length)));
    for (const missing of [chunk, "/_next/static/chunks/nope.js"]) {
      const res = await fetch(`${besideUrl}${missing}`);
      expect(res.status, missing).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(((await res.json()) as { code: string }).code).toBe("not_found");
    }
    // The first's copy of that chunk is its own.
    expect(await failing(firstUrl, [chunk])).toEqual([]);

    await stop(beside);
    expect(fs.existsSync(runDir)).toBe(false);
    expect(await failing(firstUrl, [...PAGES, ...assets])).toEqual([]);
  }, 120_000);
});
