import { randomUUID } from "node:crypto";
// The transparency log under load and faults, checked as an outsider would: many servers sharing
// one Upstash store (a real redis-server behind the REST bridge), a server killed mid-burst on
// either backend, and the store going down under writes. After each, every leaf has its stored
// entry and every entry its leaf, every write's receipt proves its own leaf, and every checkpoint
// anyone saw is consistent with the final one (the client package's verifier over /log proofs).
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import type { Store } from "@/lib/store/types";
import { LOCK_KEY } from "@/lib/tlog/layout";
import { type AppServer, startApp } from "../support/app-server";
import { runLanes, send } from "../support/fault-client";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { tempDir } from "../support/temp-dir";
import {
  checkConsistentWith,
  checkReceipts,
  matchLeavesToEntries,
  openLogCheckpoint,
  pollCheckpoints,
  readStoredLeaves,
  rootOfLeaves,
} from "../support/tlog-check";
import { burst, converged, newSeen, openChains, type Seen, type Write, write } from "../support/tlog-load";
import { startUpstashStack, type UpstashStack } from "../support/upstash-stack";

/** Appends in the many-servers run; the full-size run (10,000) is `npm run bench:tlog`. */
const APPENDS = Number(process.env.TLOG_PROOF_APPENDS ?? 200);
const HIGH_LIMITS = { RATE_LIMIT_INCORPORATE: "1000000/1m", RATE_LIMIT_REGISTRY: "1000000/1m" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const vkeyOf = async (url: string) => (await (await fetch(`${url}/log/vkey`)).text()).trim();

/** Everything the proof asks of a run, with the problems listed when any fails. */
async function expectProvenLog(url: string, store: Store, seen: Seen, before: string[] = []) {
  const vkey = await vkeyOf(url);
  const { final, leaves } = await converged(url, store, vkey);
  expect(Buffer.from(rootOfLeaves(leaves)).toString("base64")).toBe(Buffer.from(final.root).toString("base64"));
  const matched = await matchLeavesToEntries(store, leaves, seen.sessions);
  expect(matched.problems).toEqual([]);
  const receipts = await checkReceipts(seen.receipts, leaves, vkey);
  expect(receipts.problems).toEqual([]);
  const consistent = await checkConsistentWith(url, [...seen.notes, ...receipts.notes, ...before], final, vkey);
  expect(consistent.problems).toEqual([]);
  return { final, leaves, entries: matched.entries, sizes: consistent.sizes };
}

describe("four servers appending at once to one Upstash store", () => {
  let stack: UpstashStack;
  let servers: AppServer[] = [];
  beforeAll(async () => {
    stack = await startUpstashStack();
    servers = await Promise.all(Array.from({ length: 4 }, () => startApp({ env: { ...stack.env, ...HIGH_LIMITS } })));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await stack?.close();
  });

  it(`sequence ${APPENDS} appends with no index missing or doubled, each entry in the log once, every checkpoint consistent`, async () => {
    const run = "four";
    const seen = newSeen();
    const chains = await openChains(servers[0]?.url as string, run, 24, seen);
    const writes = burst(run, APPENDS, chains, seen);
    let done = false;
    const polling = pollCheckpoints(
      servers.map((s) => s.url),
      seen.notes,
      () => done,
    );
    const statuses = await runLanes(
      writes.map((w, i) => () => write((servers[i % 4] as AppServer).url, w, seen)),
      32,
    ).finally(() => {
      done = true;
    });
    const polls = await polling;
    // One write in five is a refusal (422), recorded like the others.
    expect(statuses.filter((s) => s === 200).length).toBe(writes.length - Math.floor(writes.length / 5));

    const proven = await expectProvenLog(servers[3]?.url as string, stack.store, seen);
    // The servers' start-up key events, one audit leaf per write, and the registry records the
    // incorporations created (and the seeds), nothing else; every audit leaf is a write's receipt.
    const kindAt = proven.leaves.map((l) => (JSON.parse(l) as { kind: string }).kind);
    const auditAt = kindAt.flatMap((kind, i) => (kind === "audit.entry" ? [i] : []));
    expect(auditAt).toHaveLength(APPENDS + chains.length);
    expect(kindAt.filter((k) => !["audit.entry", "key.event", "registry.record"].includes(k))).toEqual([]);
    expect(proven.entries).toBe(APPENDS + chains.length);
    expect(seen.receipts.map((r) => r.index).sort((a, b) => a - b)).toEqual(auditAt);
    // Checkpoints really came from the run (receipts and polls), not one final note.
    expect(polls).toBeGreaterThan(4);
    expect(proven.sizes).toBeGreaterThan(10);
  }, 300_000);
});

describe("a server killed (SIGKILL) during a burst", () => {
  /** Runs a burst, kills `victim` a few answers in, and returns what was acknowledged and seen. */
  async function burstAndKill(servers: AppServer[], victim: AppServer, run: string, seen: Seen) {
    const chains = await openChains(victim.url, run, 4, seen);
    const notesBefore = new Set<string>();
    let done = false;
    const polling = pollCheckpoints(
      servers.map((s) => s.url),
      notesBefore,
      () => done,
    );
    let killed: Promise<void> | null = null;
    await runLanes(
      burst(run, 80, chains, seen).map((w, i) => async () => {
        const url = (servers[i % servers.length] as AppServer).url;
        // A write the dead server never answered was not acknowledged; the rest must be.
        await write(url, w, seen).catch((err: Error) => {
          if (url !== victim.url) throw err;
        });
      }),
      16,
      (finished) => {
        if (finished === 20) killed = victim.kill();
      },
    );
    done = true;
    await killed;
    await polling;
    return notesBefore;
  }

  it("on Upstash: the log converges after the restart, with every acknowledged write's leaf", async () => {
    const stack = await startUpstashStack();
    const env = { ...stack.env, ...HIGH_LIMITS };
    const servers = await Promise.all([startApp({ env }), startApp({ env })]);
    try {
      const seen = newSeen();
      const before = await burstAndKill(servers, servers[0] as AppServer, "kill-upstash", seen);
      servers[0] = await startApp({ env });
      // No write after the restart: the log must converge on its own.
      await expectProvenLog(servers[0].url, stack.store, seen, [...before]);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await stack.close();
    }
  }, 120_000);

  it("on Upstash: leaves left pending under a killed integrator's lock are integrated with no later write", async () => {
    const stack = await startUpstashStack();
    const env = { ...stack.env, ...HIGH_LIMITS };
    let server = await startApp({ env });
    try {
      const seen = newSeen();
      // The claim an integrator killed mid-batch leaves behind: nobody deletes it, it lapses. Long
      // enough to outlast the write below however slow the machine; it is made to lapse further down.
      await stack.store.set(LOCK_KEY, "killed-integrator", { ttlMs: 600_000 });
      const sessionId = randomUUID();
      await write(server.url, { body: { ...TYPICAL_INCORPORATION, sessionId }, headers: {} }, seen);
      seen.sessions.add(sessionId);
      // Acknowledged with its index, but not yet provable: the lock kept every integrator out.
      expect(seen.receipts[0]?.checkpoint).toBeNull();
      await server.kill();
      server = await startApp({ env });
      // The restarted server keeps retrying under the lock; its lapse is brought forward to now
      // rather than waited for.
      await stack.store.expire(LOCK_KEY, 1);
      await expectProvenLog(server.url, stack.store, seen);
    } finally {
      await server.stop();
      await stack.close();
    }
  }, 120_000);

  it("on the embedded store: the log converges after the restart, with every acknowledged write's leaf", async () => {
    const dataDir = tempDir("sia-tlog-kill-");
    let app = await startApp({ dataDir, env: HIGH_LIMITS });
    try {
      const seen = newSeen();
      const before = await burstAndKill([app], app, "kill-embedded", seen);
      expect(seen.receipts.length).toBeGreaterThan(10);
      app = await startApp({ dataDir, env: HIGH_LIMITS, port: app.port });
      const vkey = await vkeyOf(app.url);
      const final = await openLogCheckpoint(await (await fetch(`${app.url}/log/checkpoint`)).text(), vkey);
      // The embedded store is one process's: read it directly while no server holds it.
      await app.stop();
      const store = EmbeddedStore.open(dataDir);
      const leaves = await readStoredLeaves(store);
      const matched = await matchLeavesToEntries(store, leaves, seen.sessions).finally(() => store.close());
      expect(matched.problems).toEqual([]);
      // The restart integrated every leaf on its own: no write came after it.
      expect(final.size).toBe(leaves.length);
      expect(Buffer.from(final.root).toString("base64")).toBe(Buffer.from(rootOfLeaves(leaves)).toString("base64"));

      app = await startApp({ dataDir, env: HIGH_LIMITS, port: app.port });
      const receipts = await checkReceipts(seen.receipts, leaves, vkey);
      expect(receipts.problems).toEqual([]);
      const consistent = await checkConsistentWith(app.url, [...before, ...receipts.notes], final, vkey);
      expect(consistent.problems).toEqual([]);
    } finally {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the store going down under writes (Upstash behind the REST bridge)", () => {
  it("answers 503, and leaves no leaf without its entry nor entry without its leaf", async () => {
    const stack = await startUpstashStack();
    const env = { ...stack.env, ...HIGH_LIMITS };
    const servers = await Promise.all([startApp({ env }), startApp({ env })]);
    try {
      const seen = newSeen();
      const before = new Set<string>();
      const chains = await openChains(servers[0]?.url as string, "down", 4, seen);
      for (const s of servers) before.add(await (await fetch(`${s.url}/log/checkpoint`)).text());
      let stopped: Promise<void> | null = null;
      const statuses = await runLanes(
        burst("down", 80, chains, seen).map(
          (w, i) => () => write((servers[i % 2] as AppServer).url, w, seen, [200, 422, 503]),
        ),
        24,
        (finished) => {
          if (finished === 15) stopped = stack.redis.stop();
        },
      );
      await stopped;
      // The outage was hit, and not by every write; a refusal to write is a 503 (write() checked).
      expect(statuses).toContain(503);
      expect(statuses).toContain(200);
      const down = await send(servers[0]?.url as string, "GET", "/log/checkpoint");
      expect({ status: down.status, code: down.body?.code }).toEqual({ status: 503, code: "store_unavailable" });

      await stack.redis.restart();
      // The first write after the outage integrates whatever the outage left pending (it is retried
      // while the servers' clients reconnect, as a client retries a 503).
      const after = burst("after", 1, chains, seen)[0] as Write;
      let status = 503;
      for (let attempt = 0; status === 503; attempt++) {
        if (attempt > 40) throw new Error("writes never came back after the outage");
        if (attempt > 0) await sleep(250);
        status = await write(servers[1]?.url as string, after, seen, [200, 503]);
      }
      await expectProvenLog(servers[1]?.url as string, stack.store, seen, [...before]);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await stack.close();
    }
  }, 120_000);
});
