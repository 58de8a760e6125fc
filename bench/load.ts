// The load test, run by hand: `npm run bench:load` (after `npm run build`; honours NEXT_DIST_DIR).
// Four production servers (`node scripts/server.mjs`) share one private redis-server, reached as
// production reaches Upstash: through the Upstash REST bridge. Clients append 10,000 audit entries
// to one session, then 10,000 spread over 100 sessions, round-robin over the servers, each client
// sending its requests one after another. Then every session is read back and checked against what
// was acknowledged: nothing lost, duplicated or reordered, and every log verifies on the server and
// offline. Prints throughput and latency; exits 1 when a check fails.
//
// The append path: a valid POST /api/auto-incorporate into the session. There is no plain append
// endpoint; this request appends exactly one entry and acknowledges it with the whole entry. It is
// the cheapest such request (a demo tool call through POST /api/play costs several times the server
// CPU, and its scripted model streams at a human pace).
//
// Each scenario also prints what an append cost: Redis commands (counted by the bridge), server CPU,
// Redis memory. `--store embedded` runs one server on the embedded store instead, for its CPU.
//
//   npm run bench:load [-- --appends 10000 --sessions 100 --clients 16 --servers 4 --store upstash]
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { type PageInfo, verifyAuditLog, wholeLogFromPages } from "@sociedades-ia/incorporate";
import { createClient } from "redis";
import type { AuditEntry } from "../lib/audit/entry";
import { type AppServer, startApp } from "../tests/support/app-server";
import { startRedisServer } from "../tests/support/redis-server";
import { type BridgeProcess, startBridgeProcess, upstashSecrets } from "./support/bridge-process";
import { LoadClient, percentile } from "./support/http-load";
import { machineLine } from "./support/machine";
import { processCpuMs } from "./support/process-cpu";
import { incorporationBody } from "./support/speed-fixtures";

const { values: args } = parseArgs({
  options: {
    appends: { type: "string", default: "10000" },
    sessions: { type: "string", default: "100" },
    clients: { type: "string", default: "16" },
    servers: { type: "string", default: "4" },
    store: { type: "string", default: "upstash" },
  },
});
/** `--store embedded`: one server on its own store, the figure Upstash's CPU per append is held to. */
const EMBEDDED = args.store === "embedded";
const APPENDS = Number(args.appends);
const SESSIONS = Number(args.sessions);
const CLIENTS = Number(args.clients);
const SERVERS = EMBEDDED ? 1 : Number(args.servers);

interface Ack {
  sessionId: string;
  seq: number;
  hmac: string;
  denominacion: string;
}

interface Session {
  id: string;
  token: string;
}

interface ScenarioResult {
  name: string;
  requested: number;
  acked: number;
  failed: Map<string, number>;
  seconds: number;
  latenciesMs: number[];
  /** Per client, its acknowledgements in the order it sent the requests. */
  perClient: Ack[][];
}

let serial = 0;

/** One incorporation into `sessionId`; the acknowledged entry, or why it failed. */
async function append(client: LoadClient, session: Session | { id: string; token: null }) {
  const n = serial++;
  const body = incorporationBody(n, session.id);
  const reply = await client.send({
    method: "POST",
    path: "/api/auto-incorporate",
    body,
    headers: { "content-type": "application/json", ...(session.token ? { "x-session-token": session.token } : {}) },
  });
  const { status, ms } = reply;
  const text = reply.text();
  if (status !== 200) {
    let code = String(status);
    try {
      code = `${status} ${(JSON.parse(text) as { code?: string }).code ?? ""}`.trim();
    } catch {
      /* not a problem document */
    }
    return { ok: false as const, code, ms };
  }
  const answer = JSON.parse(text) as { audit: { entry: AuditEntry; sessionToken?: string } };
  const entry = answer.audit.entry;
  const ack: Ack = {
    sessionId: entry.sessionId,
    seq: entry.seq,
    hmac: entry.hmac,
    denominacion: (JSON.parse(body) as { denominacion: string }).denominacion,
  };
  return { ok: true as const, ack, token: answer.audit.sessionToken ?? null, ms };
}

/** Opens each session with its first append (sequentially), returning the sessions and those acks. */
async function openSessions(clients: LoadClient[], count: number): Promise<{ sessions: Session[]; acks: Ack[] }> {
  const sessions: Session[] = [];
  const acks: Ack[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID(); // incorporation takes a UUID session id
    const out = await append(clients[i % clients.length] as LoadClient, { id, token: null });
    if (!out.ok || !out.token) throw new Error(`could not open session ${id}: ${out.ok ? "no token" : out.code}`);
    sessions.push({ id, token: out.token });
    acks.push(out.ack);
  }
  return { sessions, acks };
}

/**
 * CLIENTS clients, each sending its share of `total` appends one after another; client c sends its
 * k-th request to server (c + k) mod SERVERS and to session (c + k * CLIENTS) mod sessions.
 */
async function run(name: string, clients: LoadClient[], sessions: Session[], total: number): Promise<ScenarioResult> {
  const perClient: Ack[][] = Array.from({ length: CLIENTS }, () => []);
  const failed = new Map<string, number>();
  const latenciesMs: number[] = [];
  let issued = 0;
  let acked = 0;
  const started = performance.now();
  const progress = setInterval(() => process.stderr.write(`  ${name}: ${acked}/${total}\n`), 10_000);
  await Promise.all(
    perClient.map(async (mine, c) => {
      for (let k = 0; issued < total; k++) {
        issued++;
        const session = sessions[(c + k * CLIENTS) % sessions.length] as Session;
        const out = await append(clients[(c + k) % clients.length] as LoadClient, session);
        if (out.ok) {
          mine.push(out.ack);
          latenciesMs.push(out.ms);
          acked++;
        } else {
          failed.set(out.code, (failed.get(out.code) ?? 0) + 1);
        }
      }
    }),
  );
  clearInterval(progress);
  return {
    name,
    requested: total,
    acked,
    failed,
    seconds: (performance.now() - started) / 1000,
    latenciesMs,
    perClient,
  };
}

interface Check {
  lost: number;
  duplicated: number;
  misplaced: number;
  reordered: number;
  unacknowledged: number;
  serverUnverified: number;
  offlineFailed: number;
  entries: number;
}

/** Reads every session back (from each server in turn) and compares it with the acknowledgements. */
async function check(
  apps: AppServer[],
  sessions: Session[],
  acks: Ack[],
  perClient: Ack[][],
  hmacKeys: Record<string, string>,
): Promise<Check> {
  const jwks = (await (await fetch(`${apps[0]?.url}/.well-known/jwks.json`)).json()) as { keys: [] };
  const result: Check = {
    lost: 0,
    duplicated: 0,
    misplaced: 0,
    reordered: 0,
    unacknowledged: 0,
    serverUnverified: 0,
    offlineFailed: 0,
    entries: 0,
  };
  const acked = new Map(acks.map((a) => [a.denominacion, a]));
  const seen = new Set<string>();
  for (const [i, session] of sessions.entries()) {
    const app = apps[i % apps.length] as AppServer;
    // Every page: a session of the one-session scenario holds more than a page's 1,000 entries.
    const log = await wholeLogFromPages(async (after) => {
      const query = after === null ? "" : `&after=${after}`;
      return (await (await fetch(`${app.url}/api/play/audit/${session.id}?verify=1${query}`)).json()) as {
        entries: AuditEntry[];
        checkpoint: string;
        verification: { total: number; verified: number };
        page: PageInfo;
      };
    });
    result.entries += log.entries.length;
    if (log.verification.verified !== log.entries.length || log.verification.total !== log.entries.length) {
      result.serverUnverified++;
    }
    const offline = await verifyAuditLog({ sessionId: session.id, ...log }, { jwks, hmacKeys });
    if (!offline.ok || offline.verified !== log.entries.length) result.offlineFailed++;
    for (const entry of log.entries) {
      const name = (entry.input as { denominacion?: string }).denominacion as string;
      if (seen.has(name)) result.duplicated++;
      seen.add(name);
      const ack = acked.get(name);
      if (!ack) result.unacknowledged++;
      else if (ack.sessionId !== session.id || ack.seq !== entry.seq || ack.hmac !== entry.hmac) result.misplaced++;
    }
  }
  for (const ack of acks) if (!seen.has(ack.denominacion)) result.lost++;
  // A client's requests to one session were sent one after another: their seqs must increase.
  for (const mine of perClient) {
    const last = new Map<string, number>();
    for (const ack of mine) {
      if ((last.get(ack.sessionId) ?? -1) >= ack.seq) result.reordered++;
      last.set(ack.sessionId, ack.seq);
    }
  }
  return result;
}

function summary(r: ScenarioResult, c: Check, sessions: number, setupAcks: number): string[] {
  const failures = [...r.failed].map(([code, n]) => `${n} × ${code}`).join(", ") || "none";
  return [
    `${r.name}: ${r.requested.toLocaleString("en-US")} appends by ${CLIENTS} clients over ${SERVERS} servers (after ${setupAcks} appends opening the ${sessions === 1 ? "session" : `${sessions} sessions`})`,
    `  acknowledged ${r.acked.toLocaleString("en-US")} in ${r.seconds.toFixed(1)} s: ${(r.acked / r.seconds).toFixed(0)} appends/s; latency p50 ${percentile(r.latenciesMs, 0.5).toFixed(1)} ms, p99 ${percentile(r.latenciesMs, 0.99).toFixed(1)} ms; refused: ${failures}`,
    `  stored ${c.entries.toLocaleString("en-US")} entries: lost ${c.lost}, duplicated ${c.duplicated}, misplaced ${c.misplaced}, reordered ${c.reordered}, stored without acknowledgement ${c.unacknowledged}`,
    `  logs failing verification: server ${c.serverUnverified}, offline (chain, checkpoint, HMAC) ${c.offlineFailed} of ${sessions}`,
  ];
}

/** What the store and the servers spent: Redis commands, server CPU (ms), Redis memory (all, and in keys without expiry). */
interface Spent {
  commands: number;
  cpuMs: number;
  usedMemory: number;
  keptBytes: number;
}

async function spent(apps: AppServer[], store: { bridge: BridgeProcess; redisUrl: string } | null): Promise<Spent> {
  const cpuMs = apps.reduce((sum, app) => sum + processCpuMs(app.pid), 0);
  if (store === null) return { commands: 0, cpuMs, usedMemory: 0, keptBytes: 0 };
  const redis = createClient({ url: store.redisUrl });
  await redis.connect();
  try {
    const info = await redis.info("memory");
    let keptBytes = 0;
    for await (const batch of redis.scanIterator({ COUNT: 1000 })) {
      for (const key of Array.isArray(batch) ? batch : [batch]) {
        if ((await redis.pTTL(key)) === -1) keptBytes += (await redis.memoryUsage(key)) ?? 0;
      }
    }
    return {
      commands: await store.bridge.commands(),
      cpuMs,
      usedMemory: Number(/used_memory:(\d+)/.exec(info)?.[1]),
      keptBytes,
    };
  } finally {
    await redis.close();
  }
}

async function scenario(
  name: string,
  apps: AppServer[],
  sessionCount: number,
  hmacKeys: Record<string, string>,
  store: { bridge: BridgeProcess; redisUrl: string } | null,
) {
  const clients = apps.map((app) => new LoadClient(new URL(app.url), CLIENTS));
  try {
    const opened = await openSessions(clients, sessionCount);
    // Measured over the appends alone, each with the integration it waited for.
    const before = await spent(apps, store);
    const result = await run(name, clients, opened.sessions, APPENDS - sessionCount);
    const after = await spent(apps, store);
    const per = (key: keyof Spent) => (after[key] - before[key]) / result.acked;
    const allAcks = [...opened.acks, ...result.perClient.flat()];
    const checked = await check(apps, opened.sessions, allAcks, result.perClient, hmacKeys);
    const passed =
      checked.lost + checked.duplicated + checked.misplaced + checked.reordered === 0 &&
      checked.serverUnverified + checked.offlineFailed === 0 &&
      checked.entries === allAcks.length + checked.unacknowledged;
    const cost = store
      ? `  per append: ${per("commands").toFixed(1)} Redis commands, ${per("cpuMs").toFixed(2)} ms of server CPU, ${per("usedMemory").toFixed(0)} bytes of Redis memory, of which ${per("keptBytes").toFixed(0)} in keys without expiry`
      : `  per append: ${per("cpuMs").toFixed(2)} ms of server CPU`;
    return { lines: [...summary(result, checked, sessionCount, opened.acks.length), cost], passed };
  } finally {
    for (const client of clients) client.close();
  }
}

async function main() {
  const started = new Date();
  process.stderr.write(`Load test on ${machineLine()}\n`);
  const redis = EMBEDDED ? null : await startRedisServer();
  const bridge = redis ? await startBridgeProcess(redis.url) : null;
  const secrets = upstashSecrets("load-1");
  const env = {
    ...secrets,
    ...(bridge ? { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token } : {}),
    RATE_LIMIT_INCORPORATE: "100000000/1m",
    RATE_LIMIT_READ: "100000000/1m",
  };
  const apps: AppServer[] = [];
  try {
    for (let i = 0; i < SERVERS; i++) apps.push(await startApp({ env }));
    const hmacKeys = { "load-1": secrets.AUDIT_HMAC_SECRET };
    const lines = [
      "",
      `Machine: ${machineLine()}`,
      `Date: ${started.toISOString()}`,
      EMBEDDED
        ? "1 × node scripts/server.mjs on the embedded store; append = valid POST /api/auto-incorporate into the session"
        : `${SERVERS} × node scripts/server.mjs, one redis-server behind the Upstash REST bridge (own process), loopback; append = valid POST /api/auto-incorporate into the session`,
      "",
    ];
    let passed = true;
    for (const [name, count] of [
      ["one session", 1],
      [`${SESSIONS} sessions`, SESSIONS],
    ] as const) {
      process.stderr.write(`  ${name}\n`);
      const out = await scenario(name, apps, count, hmacKeys, bridge && redis ? { bridge, redisUrl: redis.url } : null);
      lines.push(...out.lines, "");
      passed &&= out.passed;
    }
    lines.push(passed ? "All checks passed." : "CHECKS FAILED.");
    console.log(lines.join("\n"));
    process.exitCode = passed ? 0 : 1;
  } finally {
    for (const app of apps) {
      await app.stop();
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
    await bridge?.stop();
    await redis?.dispose();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
