// What one incorporation costs on Upstash: Redis commands (counted by the REST bridge, each command
// of a pipeline or transaction and each script as one) and Redis memory kept for good (keys without
// an expiry, MEMORY USAGE summed before and after). How the count is taken: docs/performance.md.
import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { send } from "../support/fault-client";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { startUpstashStack, type UpstashStack } from "../support/upstash-stack";

const MAX_COMMANDS = 10;
const MAX_KEPT_BYTES = 1024;
const ROUNDS = 20;
/** Two processes in turn: besides the 10, the new leaves' read, their index paths and the tree's edge. */
const MAX_TAKING_TURNS = 14;

let stack: UpstashStack;
let app: AppServer;
beforeAll(async () => {
  stack = await startUpstashStack();
  app = await startApp({ env: { ...stack.env, RATE_LIMIT_INCORPORATE: "100000/1m" } });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await stack?.close();
});

/** Bytes Redis holds in keys without an expiry (what is kept for good), and in all keys. */
async function redisBytes(): Promise<{ kept: number; all: number; keys: Map<string, number> }> {
  const redis = createClient({ url: stack.redis.url });
  await redis.connect();
  try {
    let kept = 0;
    let all = 0;
    const keys = new Map<string, number>();
    for await (const batch of redis.scanIterator({ COUNT: 1000 })) {
      for (const key of Array.isArray(batch) ? batch : [batch]) {
        const [bytes, ttl] = await Promise.all([redis.memoryUsage(key), redis.pTTL(key)]);
        all += bytes ?? 0;
        if (ttl === -1) {
          kept += bytes ?? 0;
          keys.set(key, bytes ?? 0);
        }
      }
    }
    return { kept, all, keys };
  } finally {
    await redis.close();
  }
}

async function incorporate(n: number, session?: { sessionId: string; token: string }, url = app.url) {
  const body = { ...TYPICAL_INCORPORATION, denominacion: `Costo ${n} ${randomUUID().slice(0, 8)} SOCIEDAD-IA` };
  const answer = await send(url, "POST", "/api/auto-incorporate", {
    body: session ? { ...body, sessionId: session.sessionId } : body,
    headers: session ? { "x-session-token": session.token } : {},
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  // Integrated before the answer: the receipt carries its inclusion proof.
  expect(answer.body.transparency.inclusion).not.toBeNull();
  return answer;
}

describe("one incorporation on Upstash", () => {
  it(`costs at most ${MAX_COMMANDS} Redis commands and keeps at most ${MAX_KEPT_BYTES} bytes`, async () => {
    const first = await incorporate(0);
    const session = {
      sessionId: first.body.audit.sessionId as string,
      token: first.headers.get("x-session-token") as string,
    };
    // Warm: the scripts are loaded, the seeds and keys recorded.
    for (let i = 1; i <= 3; i++) await incorporate(i, session);
    await incorporate(4);

    for (const chained of [true, false]) {
      const memory = await redisBytes();
      const before = stack.bridge.stats();
      for (let i = 0; i < ROUNDS; i++)
        await incorporate(100 + i + (chained ? 0 : ROUNDS), chained ? session : undefined);
      const after = stack.bridge.stats();
      const later = await redisBytes();
      const perCall = (after.commands - before.commands) / ROUNDS;
      const commands = Object.entries(after.byName)
        .map(([name, n]) => [name.split("\n")[0], (n - (before.byName[name] ?? 0)) / ROUNDS] as const)
        .filter(([, n]) => n > 0);
      // Kept bytes per incorporation, by what holds them.
      const kept = { company: 0, leaves: 0, index: 0, audit: 0, other: 0 };
      for (const [key, bytes] of later.keys) {
        const grown = (bytes - (memory.keys.get(key) ?? 0)) / ROUNDS;
        const part = key.startsWith("sia:r:")
          ? "company"
          : /^sia:k:tlog:(leaves:|tile:|sequenced)/.test(key)
            ? "leaves"
            : key.startsWith("sia:k:tlog:ix4:")
              ? "index"
              : key.startsWith("sia:k:audit:")
                ? "audit"
                : "other";
        kept[part] += grown;
      }
      console.log(`${chained ? "chained" : "new session"}:`, { perCall, commands, kept });
      expect(perCall, JSON.stringify(commands)).toBeLessThanOrEqual(MAX_COMMANDS);
      // What the audit log keeps for an entry appended to a session: the entry and the session's
      // newest checkpoint (one per session, not one per entry, as it was: 1.39 KB then). The company's
      // record, the log's leaves and tree hashes (which move to the tile store once in a full tile)
      // and its index are counted apart (docs/performance.md gives them all).
      if (chained) expect(kept.audit, JSON.stringify(kept)).toBeLessThanOrEqual(MAX_KEPT_BYTES);
    }
  }, 120_000);
});

describe("incorporations on two servers taking turns", () => {
  // Each integration then starts from a tree and index the other process moved: the index nodes it
  // replaced are read in one request, not one round trip per node under the integration's lock.
  it(`cost at most ${MAX_TAKING_TURNS} Redis commands each`, async () => {
    const other = await startApp({ env: { ...stack.env, RATE_LIMIT_INCORPORATE: "100000/1m" } });
    try {
      const urls = [app.url, other.url];
      for (let i = 0; i < 4; i++) await incorporate(200 + i, undefined, urls[i % 2]);
      const before = stack.bridge.stats();
      for (let i = 0; i < ROUNDS; i++) await incorporate(300 + i, undefined, urls[i % 2]);
      const after = stack.bridge.stats();
      const perCall = (after.commands - before.commands) / ROUNDS;
      const commands = Object.entries(after.byName)
        .map(([name, n]) => [name.split("\n")[0], (n - (before.byName[name] ?? 0)) / ROUNDS] as const)
        .filter(([, n]) => n > 0);
      console.log("taking turns:", { perCall, commands });
      expect(perCall, JSON.stringify(commands)).toBeLessThanOrEqual(MAX_TAKING_TURNS);
    } finally {
      await other.stop();
    }
  }, 120_000);
});
