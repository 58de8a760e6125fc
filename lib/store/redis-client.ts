import { Redis } from "@upstash/redis";
import { nodeRequester } from "./node-requester";

const REQUEST_TIMEOUT_MS = 5000;

/**
 * The only place that creates Upstash clients. Automatic deserialisation is off: values must come
 * back as the exact strings stored, or signatures over them break. Requests go out over node:http(s)
 * (node-requester.ts) rather than the client's fetch(), which cost about three times the CPU per
 * command; every request gets a deadline so a dead Redis turns into a 503 within seconds instead of
 * a hung request.
 *
 * `retries` is for reads only. A write whose answer was lost may still have landed, and a blind
 * resend would then fail its condition (an append at a length that has moved on) and read as a lost
 * race, which the audit layer answers by appending again: a duplicate entry. Writes therefore get no
 * retry, and a lost answer surfaces as 503, which tells the caller the outcome is unknown.
 */
export function createRedisClient(options: { url: string; token: string; retries?: number }): Redis {
  const redis = new Redis({ url: options.url, token: options.token, automaticDeserialization: false });
  // The client's commands, pipelines and scripts all go through `client.request`. Handing the
  // requester to the constructor instead (`new Redis(requester)`) would drop the options above:
  // given a requester, @upstash/redis 1.39 builds its client with automatic deserialisation on.
  (redis as unknown as { client: unknown }).client = nodeRequester({
    url: options.url,
    token: options.token,
    retries: options.retries ?? 1,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  return redis;
}

const KEY = Symbol.for("sia.redis");
type RedisGlobal = typeof globalThis & { [KEY]?: Redis };

/** The process's shared client for the configured Upstash store. */
export function sharedRedisClient(options: { url: string; token: string }): Redis {
  const g = globalThis as RedisGlobal;
  g[KEY] ??= createRedisClient(options);
  return g[KEY];
}
