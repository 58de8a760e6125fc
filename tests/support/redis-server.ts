/**
 * Starts throwaway redis-server processes for tests: loopback only, a free port, no persistence except
 * across restart(), its own temporary directory. Never the system Redis on 6379.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface RedisServer {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Shuts Redis down (its data is kept for restart()); resolves once the process has exited. */
  stop(): Promise<void>;
  /** Stops Redis if running and starts it again on the same port with the same data. */
  restart(): Promise<void>;
  /** Stops Redis for good and removes its directory. */
  dispose(): Promise<void>;
}

const READY_TIMEOUT_MS = 5000;
const STOP_TIMEOUT_MS = 3000;

function findRedisBinary(): string {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/bin", "/usr/sbin", "/usr/local/bin"];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, "redis-server");
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  throw new Error("redis-server not found on PATH, /usr/bin or /usr/sbin: install it (apt-get install redis-server)");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Sends one inline command and resolves with the first reply line (or "" if the server closed first). */
function sendInline(port: number, command: string, timeoutMs = 500): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    let data = "";
    const done = (error?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(data.split("\r\n")[0] ?? "");
    };
    const timer = setTimeout(() => done(new Error(`redis on port ${port} did not answer ${command}`)), timeoutMs);
    socket.setEncoding("utf8");
    socket.once("connect", () => socket.write(`${command}\r\n`));
    socket.on("data", (chunk: string) => {
      data += chunk;
      if (data.includes("\r\n")) done();
    });
    socket.once("error", (error) => done(error));
    socket.once("close", () => done());
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Redis runs under a small shell that keeps a pipe from this process open. Vitest ends its workers
// with SIGTERM/SIGKILL, so no "exit" handler runs: instead, EOF on that pipe without the "stop" line
// means this process died, and the shell takes Redis and its directory down with it.
const WATCHDOG = `
exec 3<&0
"$@" 3<&- </dev/null &
pid=$!
echo "redis-pid $pid"
(
  if ! read -r _ <&3; then
    kill "$pid"
    rm -rf "$SIA_REDIS_DIR"
  fi
) </dev/null >/dev/null 2>&1 &
exec 3<&-
wait "$pid"
`;

const liveDirs = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Synchronous on purpose: "exit" handlers cannot wait. Redis itself dies with the pipe.
  process.once("exit", () => {
    for (const dir of liveDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
}

interface Running {
  child: ChildProcess;
  /** The redis-server process itself (the child is its watchdog shell). */
  redisPid(): number | undefined;
}

async function spawnRedis(binary: string, port: number, dir: string): Promise<Running> {
  fs.mkdirSync(dir, { recursive: true });
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
  args.push("--dir", dir, "--daemonize", "no", "--loglevel", "warning");
  const child = spawn("/bin/sh", ["-c", WATCHDOG, "redis-watchdog", binary, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, SIA_REDIS_DIR: dir },
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.stdin?.on("error", () => {}); // EPIPE once the watchdog is gone
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  // A test process must be able to exit while Redis still runs; the watchdog cleans up.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as net.Socket | null)?.unref();

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) {
      child.stdin?.end("stop\n");
      throw new Error(`redis-server exited on start (port ${port}): ${output.trim()}`);
    }
    const reply = await sendInline(port, "PING").catch(() => "");
    if (reply === "+PONG") {
      const redisPid = () => Number(/redis-pid (\d+)/.exec(output)?.[1]) || undefined;
      return { child, redisPid };
    }
    await sleep(20);
  }
  child.stdin?.destroy(); // the watchdog kills Redis
  throw new Error(`redis-server did not answer PING on port ${port} within ${READY_TIMEOUT_MS} ms: ${output.trim()}`);
}

async function stopRedis({ child, redisPid }: Running, port: number): Promise<void> {
  // Tells the watchdog this stop is deliberate: it must neither kill Redis nor delete the data
  // that restart() needs. (Node closes the child's stdin itself once the shell exits.)
  if (child.stdin?.writable) await new Promise<void>((resolve) => child.stdin?.end("stop\n", () => resolve()));
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = () => {
    const pid = redisPid();
    if (pid) process.kill(pid, "SIGKILL");
  };
  // SHUTDOWN SAVE writes the data set to --dir so restart() can bring it back.
  const asked = await sendInline(port, "SHUTDOWN SAVE", STOP_TIMEOUT_MS).then(
    () => true,
    () => false,
  );
  const timer = setTimeout(kill, asked ? STOP_TIMEOUT_MS : 0);
  await exited;
  clearTimeout(timer);
}

/** Spawns redis-server on a free 127.0.0.1 port and waits until it answers PING. */
export async function startRedisServer(): Promise<RedisServer> {
  const binary = findRedisBinary();
  installExitHook();
  let port = 0;
  let dir = "";
  let child: Running | null = null;
  let lastError: unknown;
  // Another process may grab the probed port before Redis binds it: try a few ports.
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    port = await freePort();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sia-redis-"));
    liveDirs.add(dir);
    child = await spawnRedis(binary, port, dir).catch((error: unknown) => {
      lastError = error;
      return null;
    });
    if (!child) {
      fs.rmSync(dir, { recursive: true, force: true });
      liveDirs.delete(dir);
    }
  }
  if (!child) throw lastError;

  let current: Running | null = child;
  const stop = async () => {
    if (!current) return;
    const running = current;
    current = null;
    await stopRedis(running, port);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    async restart() {
      await stop();
      current = await spawnRedis(binary, port, dir);
    },
    async dispose() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
      liveDirs.delete(dir);
    },
  };
}

let shared: Promise<RedisServer> | undefined;

/**
 * One Redis for the whole test process: TEST_REDIS_URL when the test command started one, else a
 * server started on first use and killed when the process exits. Callers must not stop it.
 */
export async function getSharedRedisUrl(): Promise<string> {
  const fromEnv = process.env.TEST_REDIS_URL;
  if (fromEnv) return fromEnv;
  shared ??= startRedisServer();
  return (await shared).url;
}
