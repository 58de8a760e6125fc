import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { type AppServer, freePort, startApp } from "../../tests/support/app-server";
import { LoadClient } from "./http-load";
import { mainThreadCpuMs, processCpuMs } from "./process-cpu";

export interface SpeedServer {
  app: AppServer;
  base: string;
  /** Another origin of the same server (the self-listed record's public URL). */
  recordOrigin: string;
  cronSecret: string;
  /** 10 keep-alive connections (by default) that also read the server's CPU time per round. */
  client: LoadClient;
  stop(): Promise<void>;
}

/**
 * The production server as the benchmarks run it: fresh data, rate limits raised out of the way and
 * PUBLIC_BASE_URL pointing at itself, so the certifier and the re-check cron only reach this server.
 */
export async function startSpeedServer(options: {
  connections: number;
  distDir?: string;
  /** Another checkout to run the server from (its own server script and build). */
  root?: string;
  env?: Record<string, string>;
}): Promise<SpeedServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const cronSecret = randomBytes(24).toString("hex");
  const manyPerMinute = "1000000/1m";
  const app = await startApp({
    port,
    distDir: options.distDir,
    root: options.root,
    env: {
      // The deployment's own seed record then points here, so the re-check cron stays on this machine.
      PUBLIC_BASE_URL: base,
      CERTIFIER_ALLOW_LOOPBACK: "1",
      CRON_SECRET: cronSecret,
      RATE_LIMIT_INCORPORATE: manyPerMinute,
      RATE_LIMIT_PLAY: manyPerMinute,
      RATE_LIMIT_REGISTRY: manyPerMinute,
      RATE_LIMIT_CERTIFIER: manyPerMinute,
      RATE_LIMIT_READ: manyPerMinute,
      // The demo row measures what a visitor gets: the scripted model at its reading pace.
      PLAY_SCRIPTED_PACE: "human",
      ...options.env,
    },
  });
  const client = new LoadClient(
    new URL(base),
    options.connections,
    () => processCpuMs(app.pid),
    () => mainThreadCpuMs(app.pid),
  );
  return {
    app,
    base,
    recordOrigin: `http://localhost:${port}`,
    cronSecret,
    client,
    async stop() {
      client.close();
      await app.stop();
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    },
  };
}
