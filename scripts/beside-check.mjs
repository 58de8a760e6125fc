// The test command runs beside a running `npm start`. `start` copies the test build into its own
// directory and serves it with scripts/server.mjs, as `npm start` does, on a free port, then records
// the scripts and styles every page loads; the whole suite then runs beside that server; `check`
// asks for every page and every recorded asset again and stops the server. A suite that wrote into
// the server's directory (as it once did into .next) shows here as a 404 or 500 of a chunk.
//
//   node scripts/beside-check.mjs start <state.json>
//   node scripts/beside-check.mjs check <state.json>
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SERVED = ".next-served";
const PAGES = ["/", "/play", "/verify", "/test-vectors", "/incorporar", "/registro", "/log", "/glosario"];

const [command, stateFile] = process.argv.slice(2);
if (!["start", "check"].includes(command) || !stateFile) {
  console.error("usage: node scripts/beside-check.mjs start|check <state.json>");
  process.exit(2);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function statuses(url, paths) {
  const out = {};
  for (const p of paths) {
    try {
      const res = await fetch(`${url}${p}`);
      await res.arrayBuffer();
      out[p] = res.status;
    } catch (err) {
      out[p] = `unreachable (${err.message})`;
    }
  }
  return out;
}

async function assetsOf(url, page) {
  const html = await (await fetch(`${url}${page}`)).text();
  return [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)].map((m) => m[1]);
}

function failures(seen) {
  return Object.entries(seen).filter(([, status]) => status !== 200);
}

async function start() {
  const source = path.join(ROOT, process.env.NEXT_DIST_DIR || ".next");
  fs.rmSync(path.join(ROOT, SERVED), { recursive: true, force: true });
  fs.cpSync(source, path.join(ROOT, SERVED), { recursive: true });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sia-served-"));
  const log = fs.openSync(`${stateFile}.log`, "w");
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: SERVED,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", log, log],
    detached: true,
  });
  child.unref();
  const url = `http://127.0.0.1:${port}`;
  // Wait for it to answer; a busy machine may take a while to start a server.
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (i >= 600) throw new Error(`the server did not answer within 120 s; see ${stateFile}.log`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const assets = [...new Set((await Promise.all(PAGES.map((p) => assetsOf(url, p)))).flat())];
  if (!assets.some((a) => a.endsWith(".js"))) throw new Error("the pages load no script: nothing to check");
  fs.writeFileSync(stateFile, JSON.stringify({ pid: child.pid, url, dataDir, assets }));
  const bad = failures(await statuses(url, [...PAGES, ...assets]));
  if (bad.length > 0) throw new Error(`before the suite: ${JSON.stringify(bad)}`);
  console.log(
    `serving a copy of the build as npm start would, at ${url}: ${PAGES.length} pages, ${assets.length} assets`,
  );
}

async function check() {
  const { pid, url, dataDir, assets } = JSON.parse(fs.readFileSync(stateFile, "utf8"));
  try {
    const bad = failures(await statuses(url, [...PAGES, ...assets]));
    if (bad.length > 0) throw new Error(`after the suite, the running server fails: ${JSON.stringify(bad)}`);
    console.log(`after the suite, every page and all ${assets.length} assets still load from ${url}`);
  } finally {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {}
    fs.rmSync(path.join(ROOT, SERVED), { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

(command === "start" ? start() : check()).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
