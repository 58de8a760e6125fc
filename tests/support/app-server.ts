import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { tempDir } from "./temp-dir";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The build tests serve: the test command sets .next-test, apart from the .next that `npm start` serves. */
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";

export interface AppServer {
  url: string;
  port: number;
  /** The server process (e.g. to read its CPU time). */
  pid: number;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a power cut would end it; resolves once the process is gone. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production build (`node scripts/server.mjs`, as users run it) on a free port with a
 * fresh DATA_DIR, and waits until it answers. Requires `next build` to have run (the test command
 * does it first).
 */
export async function startApp(
  options: { env?: Record<string, string>; dataDir?: string; port?: number; distDir?: string; root?: string } = {},
): Promise<AppServer> {
  // distDir: another build of this checkout (the benchmarks compare two builds side by side); root:
  // another checkout, whose own server script and build run (an older commit, for bench:compare).
  const distDir = options.distDir ?? DIST_DIR;
  const root = options.root ?? ROOT;
  if (!fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
    throw new Error(
      `No production build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` (the test command does) before integration tests.`,
    );
  }
  // A caller may pick the port first, e.g. to configure PUBLIC_BASE_URL with it.
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDir("sia-app-");
  // SERVER_NODE_ARGS: Node options for the server (say, --cpu-prof), when profiling a benchmark by hand.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "scripts/server.mjs"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: distDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // Suites read far more than a visitor would; tests of the read limit set their own.
      RATE_LIMIT_READ: "1000000/1m",
      // A demo call answers at once instead of at a reading pace: most of many files' running time
      // was the scripted model's waits. Tests of the pace itself set it back.
      PLAY_SCRIPTED_PACE: "instant",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await Promise.race([
      // Until Next is ready the server answers every request 503 "starting" itself.
      fetch(`${url}/api/health`).then(
        async (r) => (r.status === 503 && (await r.text()).includes('"code":"starting"') ? 0 : r.status),
        () => 0,
      ),
      exited.then(() => -1),
    ]);
    if (status === -1) throw new Error(`the app server exited during start-up:\n${output}`);
    if (status > 0) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app server did not answer within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    pid: child.pid as number,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function startAppExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? tempDir("sia-app-");
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/server.mjs"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_DIST_DIR: DIST_DIR,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
