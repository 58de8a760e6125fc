/**
 * Builds and runs a copy of the starter (packages/starter) holding a company's generated files, as
 * the deploy link would: the copy lives under .next-starter/ in this checkout, so it shares the
 * workspace's node_modules, and builds into its own .next, never the service's (with webpack: see
 * buildStarterCopy).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { CompanyFiles } from "@/lib/incorporation/generate-files";
import { freePort } from "./app-server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const STARTER = path.join(ROOT, "packages/starter");
const NEXT = path.join(ROOT, "node_modules/.bin/next");
// What a clone of the starter carries besides the four generated files; its tests stay behind.
const COPIED = ["app", "lib", "scripts", "instrumentation.ts", "next.config.ts", "tsconfig.json"];

/** Copies the starter to .next-starter/<name>, drops the four files in, and runs `next build` there. */
export async function buildStarterCopy(name: string, files: CompanyFiles): Promise<string> {
  const dir = path.join(ROOT, ".next-starter", name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of COPIED) fs.cpSync(path.join(STARTER, entry), path.join(dir, entry), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  try {
    // Webpack: Turbopack takes the checkout as the workspace root and compiles the service's own
    // proxy.ts into the copy, which a clone of the starter would never have beside it.
    await promisify(execFile)(NEXT, ["build", "--webpack"], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
      },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`the starter copy did not build:\n${stdout ?? ""}\n${stderr ?? ""}`);
  }
  return dir;
}

export interface StarterServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts a built copy as its README says, `npm start` with PORT, on the given (or a free) port, and
 * waits for its page. npm and the server it starts are one process group, stopped together.
 */
export async function startStarter(dir: string, env: Record<string, string>, port?: number): Promise<StarterServer> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(chosen),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // already gone
    }
  };
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the starter exited during start-up:\n${output}`);
    const status = await fetch(`${url}/`).then(
      (r) => r.status,
      () => 0,
    );
    if (status > 0) break;
    if (Date.now() > deadline) {
      signal("SIGKILL");
      throw new Error(`the starter did not answer within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port: chosen,
    async stop() {
      if (child.exitCode !== null) return;
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
