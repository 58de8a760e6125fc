// The Upstash REST bridge in its own process, as Upstash is its own service: it then competes for
// the cores like a remote store's network stack would, not inside the load generator's event loop.
import { spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import path from "node:path";
import readline from "node:readline";
import { generateSignerKey } from "../../lib/identity/note-key";

const CLI = path.resolve(import.meta.dirname, "../../tests/support/upstash-bridge-cli.mjs");

export interface BridgeProcess {
  url: string;
  token: string;
  /** Redis commands the bridge has received so far (each command of a pipeline, each script: one). */
  commands(): Promise<number>;
  stop(): Promise<void>;
}

export async function startBridgeProcess(redisUrl: string): Promise<BridgeProcess> {
  const token = randomBytes(16).toString("hex");
  const child = spawn(process.execPath, [CLI, "--redis", redisUrl, "--token", token], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = readline.createInterface({ input: child.stdout });
  const first = await Promise.race([
    new Promise<string>((resolve) => lines.once("line", resolve)),
    exited.then(() => {
      throw new Error("the Upstash bridge exited on start");
    }),
  ]);
  lines.close();
  const { url } = JSON.parse(first) as { url: string };
  return {
    url,
    token,
    async commands() {
      const res = await fetch(`${url}/_stats`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { commands: number }).commands;
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Audit secrets for servers on Upstash, which never generates them (as in production). */
export function upstashSecrets(kid = "bench-1") {
  return {
    AUDIT_HMAC_SECRET: randomBytes(32).toString("hex"),
    AUDIT_HMAC_KID: kid,
    AUDIT_SIGNING_KEY: JSON.stringify(generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" })),
    TLOG_SIGNING_KEY: generateSignerKey("sociedades-ia.localhost/log"),
  };
}
