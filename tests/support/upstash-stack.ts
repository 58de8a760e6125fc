import { generateKeyPairSync, randomBytes } from "node:crypto";
import { generateSignerKey } from "@/lib/identity/note-key";
import { UpstashStore } from "@/lib/store/upstash";
import { type RedisServer, startRedisServer } from "./redis-server";
import { startUpstashBridge, type UpstashBridge } from "./upstash-bridge";

export interface UpstashStack {
  redis: RedisServer;
  bridge: UpstashBridge;
  /** Environment for an app server (and this process) on this Redis, with fresh audit keys. */
  env: Record<string, string>;
  /** A store client in the test process, sharing the server's keys. */
  store: UpstashStore;
  close(): Promise<void>;
}

/** A private redis-server behind the Upstash REST bridge, as production would use Upstash. */
export async function startUpstashStack(): Promise<UpstashStack> {
  const redis = await startRedisServer();
  const token = randomBytes(16).toString("hex");
  const bridge = await startUpstashBridge({ redisUrl: redis.url, token });
  const env = {
    UPSTASH_REDIS_REST_URL: bridge.url,
    UPSTASH_REDIS_REST_TOKEN: token,
    AUDIT_HMAC_SECRET: randomBytes(32).toString("hex"),
    AUDIT_HMAC_KID: "it-1",
    AUDIT_SIGNING_KEY: JSON.stringify(generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" })),
    TLOG_SIGNING_KEY: generateSignerKey("sociedades-ia.localhost/log"),
  };
  return {
    redis,
    bridge,
    env,
    store: new UpstashStore({ url: bridge.url, token }),
    async close() {
      await bridge.close();
      await redis.dispose();
    },
  };
}

/**
 * Points this process's configuration at `env` (lib/config caches it on globalThis, as do the
 * signing keys and the store), so lib functions called from a test use the same keys as the server.
 * Returns a function that puts back the variables as they were and drops the caches again.
 */
export function applyEnv(env: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  clearProcessCaches();
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    clearProcessCaches();
  };
}

function clearProcessCaches(): void {
  const g = globalThis as Record<symbol, unknown>;
  for (const name of ["sia.config", "sia.signing", "sia.store", "sia.redis", "sia.limiters"]) {
    delete g[Symbol.for(name)];
  }
}
