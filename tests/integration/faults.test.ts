import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/audit/entry";
import { PUBLIC_SCOPE } from "@/lib/identity/caller-scope";
import { idempotencyKey } from "@/lib/incorporation/idempotency";
import type { RegistryEntry } from "@/lib/registry/registry-entry";
import { canonicalJson, hashOf } from "@/lib/signing/canonical";
import { EmbeddedStore } from "@/lib/store/embedded";
import type { Store } from "@/lib/store/types";
import { type AppServer, startApp } from "../support/app-server";
import { type FakeCompany, startFakeCompany } from "../support/fake-company";
import {
  type Answer,
  auditRefs,
  HANG_MS,
  type PlayStream,
  postPlayStream,
  runLanes,
  send,
} from "../support/fault-client";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { userMessage } from "../support/play-client";
import { freshCuit, listingBody } from "../support/registry-client";
import { type SlowMode, type SlowTarget, startSlowTarget } from "../support/slow-target";
import { tempDir } from "../support/temp-dir";
import { startUpstashStack, type UpstashStack } from "../support/upstash-stack";

// What the service promises under faults: every write answers success or a 503 problem, never a 500
// or a hang; an audit entry and the effect it records are stored together or not at all; nothing
// acknowledged is lost; everything works again once the store is back.

const UNAVAILABLE = ["store_unavailable", "rate_limiter_unavailable"];
const HIGH_LIMITS = {
  RATE_LIMIT_INCORPORATE: "100000/1m",
  RATE_LIMIT_PLAY: "100000/1m",
  RATE_LIMIT_REGISTRY: "100000/1m",
  RATE_LIMIT_CERTIFIER: "100000/1m",
};
const TWO_TOOLS = "Validá el CUIT 20-17254359-7 y consultá su situación en la Central de Deudores";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tag = () => randomUUID().slice(0, 8);

/** A success among `ok`, else a 503 problem with a store-unavailable code; returns whether it succeeded. */
function expectOkOrUnavailable(what: string, answer: Pick<Answer, "status" | "contentType" | "body">, ok: number[]) {
  if (ok.includes(answer.status)) return true;
  expect({ what, status: answer.status, type: answer.contentType, code: answer.body?.code }).toEqual({
    what,
    status: 503,
    type: expect.stringMatching(/^application\/problem\+json/),
    code: expect.toBeOneOf(UNAVAILABLE),
  });
  return false;
}

async function waitForHealth(baseUrl: string, status: number): Promise<Answer> {
  for (let i = 0; ; i++) {
    const answer = await send(baseUrl, "GET", "/api/health").catch(() => null);
    if (answer?.status === status) return answer;
    if (i > 150) throw new Error(`GET /api/health never answered ${status}`);
    await sleep(100);
  }
}

/** Resends an incorporation until it is answered for good (503 and 409 in-progress are retryable). */
async function retryIncorporation(baseUrl: string, job: IncorporationJob): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const answer = await send(baseUrl, "POST", "/api/auto-incorporate", { body: job.body, headers: job.headers });
    const retryable = answer.status === 503 || answer.body?.code === "idempotency_in_progress";
    if (!retryable || attempt >= 40) return answer;
    await sleep(250);
  }
}

interface IncorporationJob {
  body: Record<string, unknown>;
  headers: Record<string, string>;
  sessionId: string;
  valid: boolean;
}

interface StoredIncorporation {
  entries: AuditEntry[];
  stubs: RegistryEntry[];
  // biome-ignore lint/suspicious/noExplicitAny: the stored idempotency slot, inspected loosely
  slot: any;
}

/** The session log of `sessionId` as stored (entries only, not the header). */
async function storedEntries(store: Store, sessionId: string): Promise<AuditEntry[]> {
  return (await store.range(`audit:${sessionId}:log`, 1, -1)).map((raw) => JSON.parse(raw) as AuditEntry);
}

async function formingStubs(store: Store): Promise<RegistryEntry[]> {
  const out: RegistryEntry[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await store.listRecords({ collection: "registry", where: { status: "forming" }, limit: 200, after });
    out.push(...page.records.map((r) => JSON.parse(r.value) as RegistryEntry));
    if (page.next === null) return out;
    after = page.next;
  }
}

/** What the store holds of one incorporation: its entry, its forming stub and its stored answer. */
async function storedIncorporation(store: Store, job: IncorporationJob, stubs: RegistryEntry[], origin: string) {
  const name = job.body.denominacion;
  const entries = (await storedEntries(store, job.sessionId)).filter(
    (e) => e.kind === "incorporation" && (e.input as { denominacion?: unknown }).denominacion === name,
  );
  const own = stubs.filter((s) => s.record.sessionId === job.sessionId && s.record.name === name);
  // These servers have no PUBLIC_BASE_URL: answers are kept per origin they were asked at.
  const raw = await store.get(idempotencyKey(job.body, null, PUBLIC_SCOPE, origin).key);
  return { entries, stubs: own, slot: raw === null ? null : JSON.parse(raw) } satisfies StoredIncorporation;
}

/** All or nothing: the entry exists exactly when the stub (valid requests) and the stored answer do. */
function expectWholeOrAbsent(job: IncorporationJob, stored: StoredIncorporation): boolean {
  const landed = stored.entries.length > 0;
  const what = job.body.denominacion;
  expect({
    what,
    entries: stored.entries.length,
    stubs: stored.stubs.length,
    answer: stored.slot?.state ?? null,
  }).toEqual({
    what,
    entries: landed ? 1 : 0,
    stubs: landed && job.valid ? 1 : 0,
    answer: landed ? "done" : expect.toBeOneOf([null, "pending"]),
  });
  if (landed && job.valid) {
    // A success is stored as its facts, naming its entry and record (lib/incorporation/stored-answer.ts).
    const [entry] = stored.entries;
    expect(stored.slot.body.ref.entry).toEqual({ seq: entry?.seq, hash: hashOf(canonicalJson(entry)) });
    expect(stored.slot.body.ref.record).toBe(stored.stubs[0]?.record.id);
  }
  if (landed && !job.valid) expect(stored.slot.status).toBe(422);
  return landed;
}

describe("Redis stops while writes are in flight (Upstash store behind the REST bridge)", () => {
  let stack: UpstashStack;
  let app: AppServer;
  const companies: FakeCompany[] = [];

  beforeAll(async () => {
    stack = await startUpstashStack();
    app = await startApp({ env: { ...stack.env, ...HIGH_LIMITS, CERTIFIER_ALLOW_LOOPBACK: "1" } });
  });
  afterAll(async () => {
    await app?.stop();
    await Promise.all(companies.map((c) => c.close()));
    await stack?.close();
  });

  it("answers success or 503, writes entries and effects together, loses nothing acknowledged, and recovers", async () => {
    const run = tag();
    // Before the outage: sessions to chain incorporations into, and listed companies to certify.
    const chains: { sessionId: string; token: string }[] = [];
    for (let c = 0; c < 3; c++) {
      const sessionId = randomUUID();
      const body = { ...TYPICAL_INCORPORATION, denominacion: `Cadena ${run} ${c} SOCIEDAD-IA`, sessionId };
      const first = await send(app.url, "POST", "/api/auto-incorporate", { body });
      expect(first.status).toBe(200);
      chains.push({ sessionId, token: first.headers.get("x-session-token") as string });
    }
    const records: { id: string; ownerToken: string }[] = [];
    for (let r = 0; r < 4; r++) {
      const cuit = freshCuit();
      const company = await startFakeCompany({ mode: "good", cuit });
      companies.push(company);
      const listed = await send(app.url, "POST", "/api/registry", {
        body: listingBody({ publicUrl: company.url, operatorCuit: cuit }),
      });
      expect(listed.status).toBe(201);
      company.registryId = listed.body.record.id; // its manifest claims the listing, so it can go live
      records.push({ id: listed.body.record.id, ownerToken: listed.body.ownerToken });
    }

    // The burst: incorporations (new sessions, rejected ones, chained ones), demo agent runs,
    // self-listings and certifications, interleaved.
    const incorporations: IncorporationJob[] = [];
    for (let i = 0; i < 30; i++) {
      const sessionId = randomUUID();
      const valid = i % 5 !== 4;
      const body = {
        ...TYPICAL_INCORPORATION,
        denominacion: `Agentes ${run} ${i} SOCIEDAD-IA`,
        ...(valid ? {} : { capitalSocial: 10 }),
        sessionId,
      };
      incorporations.push({ body, headers: {}, sessionId, valid });
    }
    for (let i = 0; i < 12; i++) {
      const chain = chains[i % chains.length] as { sessionId: string; token: string };
      const body = {
        ...TYPICAL_INCORPORATION,
        denominacion: `Encadenada ${run} ${i} SOCIEDAD-IA`,
        sessionId: chain.sessionId,
      };
      incorporations.push({
        body,
        headers: { "x-session-token": chain.token },
        sessionId: chain.sessionId,
        valid: true,
      });
    }
    const plays = Array.from({ length: 8 }, (_, i) => `fault-play-${run}-${i}`);
    const listings = Array.from({ length: 8 }, (_, i) =>
      listingBody({ publicUrl: `https://fault-${run}-${i}.example`, operatorCuit: freshCuit() }),
    );
    const certifications = records.flatMap((r) => [r, r]);

    type Outcome =
      | { kind: "incorporation"; job: IncorporationJob; answer: Answer }
      | { kind: "play"; sessionId: string; stream: PlayStream }
      | { kind: "listing"; answer: Answer }
      | { kind: "certification"; id: string; answer: Answer };
    const jobs: (() => Promise<Outcome>)[] = [];
    const queues = [
      incorporations.map((job) => async (): Promise<Outcome> => {
        const answer = await send(app.url, "POST", "/api/auto-incorporate", { body: job.body, headers: job.headers });
        return { kind: "incorporation", job, answer };
      }),
      plays.map((sessionId) => async (): Promise<Outcome> => {
        const stream = await postPlayStream(
          app.url,
          { messages: [userMessage(TWO_TOOLS)] },
          { "x-session-id": sessionId },
        );
        return { kind: "play", sessionId, stream };
      }),
      listings.map(
        (body) => async (): Promise<Outcome> => ({
          kind: "listing",
          answer: await send(app.url, "POST", "/api/registry", { body }),
        }),
      ),
      certifications.map(
        (r) => async (): Promise<Outcome> => ({
          kind: "certification",
          id: r.id,
          answer: await send(app.url, "POST", `/api/registry/${r.id}/certify`, {
            headers: { authorization: `Bearer ${r.ownerToken}` },
          }),
        }),
      ),
    ];
    while (queues.some((q) => q.length > 0)) for (const q of queues) if (q.length > 0) jobs.push(q.shift() as never);

    // Redis goes down once a few writes were answered, with most of the others half-way through
    // their store calls and the rest still to come.
    let stopped: Promise<void> | null = null;
    const outcomes = await runLanes(jobs, 40, (finished) => {
      if (finished === 8) stopped = stack.redis.stop();
    });
    await stopped;

    // While Redis is down, health says so.
    const down = await send(app.url, "GET", "/api/health");
    expect({ status: down.status, type: down.contentType, code: down.body?.code }).toEqual({
      status: 503,
      type: expect.stringMatching(/^application\/problem\+json/),
      code: "store_unavailable",
    });
    // So does the badge, through either of its routes (see scripts/server.mjs), naming the path asked for.
    for (const path of ["/api/badge/faults-badge-01", "/api/badge/faults-badge-01?v=1"]) {
      const badge = await send(app.url, "GET", path);
      expect({ path, status: badge.status, code: badge.body?.code, instance: badge.body?.instance }).toEqual({
        path,
        status: 503,
        code: "store_unavailable",
        instance: "/api/badge/faults-badge-01",
      });
    }

    // Every write answered success or a 503 problem; the outage was really hit, and not by every write.
    const succeeded = outcomes.map((o) => {
      if (o.kind === "incorporation")
        return expectOkOrUnavailable(`incorporation ${o.job.body.denominacion}`, o.answer, [200, 422]);
      if (o.kind === "listing") return expectOkOrUnavailable("listing", o.answer, [201]);
      if (o.kind === "certification") return expectOkOrUnavailable(`certify ${o.id}`, o.answer, [200]);
      const { stream } = o;
      return expectOkOrUnavailable(`play ${o.sessionId}`, { ...stream, body: stream.problem }, [200]);
    });
    expect(succeeded).toContain(true);
    expect(succeeded).toContain(false);

    await stack.redis.restart();
    await waitForHealth(app.url, 200);
    const store = stack.store;

    // Incorporations: entry, stub and stored answer all present or all absent; acknowledged ones present.
    let stubs = await formingStubs(store);
    const unanswered: IncorporationJob[] = [];
    for (const o of outcomes) {
      if (o.kind !== "incorporation") continue;
      const landed = expectWholeOrAbsent(o.job, await storedIncorporation(store, o.job, stubs, app.url));
      if (o.answer.status === 200 || o.answer.status === 422) {
        expect(landed, `acknowledged ${o.job.body.denominacion}`).toBe(true);
        if (o.answer.status === 200) {
          const [entry] = (await storedIncorporation(store, o.job, stubs, app.url)).entries;
          expect(o.answer.body.audit.entry).toEqual(entry);
        }
      } else {
        unanswered.push(o.job);
      }
    }
    expect(unanswered.length).toBeGreaterThan(0);

    // A client retrying after its 503 ends with exactly one entry, one stub and one stored answer.
    const retried = await Promise.all(unanswered.map((job) => retryIncorporation(app.url, job)));
    for (const [i, answer] of retried.entries()) {
      const job = unanswered[i] as IncorporationJob;
      expect({ what: job.body.denominacion, status: answer.status }).toEqual({
        what: job.body.denominacion,
        status: job.valid ? 200 : 422,
      });
    }
    stubs = await formingStubs(store);
    for (const job of incorporations) {
      const stored = await storedIncorporation(store, job, stubs, app.url);
      expect(expectWholeOrAbsent(job, stored), `after retry: ${job.body.denominacion}`).toBe(true);
    }

    // Demo agent runs: every acknowledged entry is stored, and no tool result reached the model unrecorded.
    for (const o of outcomes) {
      if (o.kind !== "play" || o.stream.status !== 200) continue;
      const refs = auditRefs(o.stream);
      const entries = await storedEntries(store, o.sessionId);
      for (const ref of refs) {
        expect(entries[ref.seq]?.hmac.slice(7, 19), `play ${o.sessionId} seq ${ref.seq}`).toBe(ref.hmac);
      }
      const outputs = o.stream.chunks.filter((c) => c.type === "tool-output-available").map((c) => c.toolCallId);
      expect(refs.map((r) => r.toolCallId)).toEqual(expect.arrayContaining(outputs));
      const errors = o.stream.chunks.filter((c) => c.type === "error").map((c) => String(c.errorText));
      for (const text of errors) expect(text).not.toMatch(/unexpected/i);
    }

    // Listings: each acknowledged one exists.
    for (const o of outcomes) {
      if (o.kind !== "listing" || o.answer.status !== 201) continue;
      expect((await send(app.url, "GET", `/api/registry/${o.answer.body.record.id}`)).status).toBe(200);
    }

    // Certifications: one entry per record change, and the kept report points at the last entry.
    for (const r of records) {
      const stored = await store.getRecord("registry", r.id);
      const entry = JSON.parse(stored?.value as string) as RegistryEntry;
      const certs = entry.auditSessionId
        ? (await storedEntries(store, entry.auditSessionId)).filter((e) => e.action === "registry_certify")
        : [];
      expect({ id: r.id, version: stored?.version }).toEqual({ id: r.id, version: 1 + certs.length });
      const report = await store.get(`registry:report:${r.id}`);
      if (certs.length === 0) {
        expect(report).toBeNull();
        continue;
      }
      const kept = JSON.parse(report as string);
      expect(kept.audit.entryId).toBe(certs.at(-1)?.id);
      expect(kept.checkedAt).toBe(entry.record.goodStanding.lastCheckedAt);
      for (const o of outcomes) {
        if (o.kind === "certification" && o.id === r.id && o.answer.status === 200) {
          expect(certs.map((e) => e.id)).toContain(o.answer.body.report.audit.entryId);
        }
      }
    }

    // Everything works again.
    const again = {
      ...TYPICAL_INCORPORATION,
      denominacion: `Despues ${run} SOCIEDAD-IA`,
      sessionId: randomUUID(),
    };
    expect((await send(app.url, "POST", "/api/auto-incorporate", { body: again })).status).toBe(200);
    const play = await postPlayStream(
      app.url,
      { messages: [userMessage(TWO_TOOLS)] },
      { "x-session-id": `fault-after-play-${run}` },
    );
    expect(play.status).toBe(200);
    expect(auditRefs(play)).toHaveLength(2);
    expect((await send(app.url, "POST", "/api/registry", { body: listingBody() })).status).toBe(201);
    const certified = await send(app.url, "POST", `/api/registry/${records[0]?.id}/certify`, {
      headers: { authorization: `Bearer ${records[0]?.ownerToken}` },
    });
    expect(certified.status).toBe(200);

    // Every session touched verifies, with every stored entry counted.
    const sessions = new Set<string>([
      ...incorporations.map((j) => j.sessionId),
      ...plays,
      `fault-after-${run}`,
      `fault-after-play-${run}`,
    ]);
    for (const r of records) {
      const entry = JSON.parse((await store.getRecord("registry", r.id))?.value as string) as RegistryEntry;
      if (entry.auditSessionId) sessions.add(entry.auditSessionId);
    }
    for (const sessionId of sessions) {
      const log = await send(app.url, "GET", `/api/play/audit/${sessionId}?verify=1`);
      expect(log.status).toBe(200);
      expect({ sessionId, ...log.body.verification, count: log.body.count }).toMatchObject({
        sessionId,
        tampered: 0,
        verified: log.body.count,
        count: (await storedEntries(store, sessionId)).length,
      });
    }
  }, 300_000);
});

describe("the embedded store when the server is killed (SIGKILL) during a burst of appends", () => {
  it("restarts on the same DATA_DIR with every log verifying and every acknowledged write present", async () => {
    const dataDir = tempDir("sia-faults-");
    const run = tag();
    let app = await startApp({ dataDir, env: HIGH_LIMITS });
    try {
      // Sessions that every round appends to: demo runs and incorporations chained into them.
      const sessions: { sessionId: string; token: string }[] = [];
      for (let s = 0; s < 4; s++) {
        // UUIDs: incorporations chain into these demo sessions.
        const sessionId = randomUUID();
        const first = await postPlayStream(
          app.url,
          { messages: [userMessage(TWO_TOOLS)] },
          { "x-session-id": sessionId },
        );
        expect(auditRefs(first)).toHaveLength(2);
        sessions.push({ sessionId, token: first.headers?.get("x-session-token") as string });
      }
      const acknowledged: { sessionId: string; seq: number; hmac: string }[] = [];
      const incorporated: { job: IncorporationJob; entry: AuditEntry }[] = [];
      const incorporations: IncorporationJob[] = [];

      // Kill at a few different moments: early, mid-burst, late.
      for (const [round, killAfter] of [3, 12, 30].entries()) {
        const jobs: (() => Promise<void>)[] = [];
        for (let i = 0; i < 48; i++) {
          const session = sessions[i % sessions.length] as { sessionId: string; token: string };
          if (i % 3 !== 2) {
            const headers = { "x-session-id": session.sessionId, "x-session-token": session.token };
            jobs.push(async () => {
              const stream = await postPlayStream(app.url, { messages: [userMessage(TWO_TOOLS)] }, headers);
              expect([0, 200], "a stream or no answer at all").toContain(stream.status);
              for (const ref of auditRefs(stream)) acknowledged.push(ref);
            });
            continue;
          }
          // Incorporations: half chained into a demo session, half into a session of their own.
          const own = i % 2 === 0;
          const sessionId = own ? randomUUID() : session.sessionId;
          const body = { ...TYPICAL_INCORPORATION, denominacion: `Caida ${run} ${round} ${i} SOCIEDAD-IA`, sessionId };
          const headers: Record<string, string> = own ? {} : { "x-session-token": session.token };
          const job: IncorporationJob = { body, headers, sessionId, valid: true };
          incorporations.push(job);
          jobs.push(async () => {
            const answer = await send(app.url, "POST", "/api/auto-incorporate", { body, headers: job.headers }).catch(
              () => null, // the server died before answering
            );
            if (answer?.status === 200) incorporated.push({ job, entry: answer.body.audit.entry });
            else if (answer) expect({ status: answer.status, body: answer.body }).toBeNull(); // only 200 or no answer
          });
        }
        let killed: Promise<void> | null = null;
        await runLanes(jobs, 16, (finished) => {
          if (finished === killAfter) killed = app.kill();
        });
        await killed;

        // Between the crash and the restart, the store itself opens on the log (a torn last record is
        // dropped, a corrupt one refused) and holds every acknowledged write, entries with their effects.
        const store = EmbeddedStore.open(dataDir);
        try {
          for (const ref of acknowledged) {
            const [raw] = await store.range(`audit:${ref.sessionId}:log`, ref.seq + 1, ref.seq + 1);
            expect((JSON.parse(raw as string) as AuditEntry).hmac.slice(7, 19), `${ref.sessionId}:${ref.seq}`).toBe(
              ref.hmac,
            );
          }
          const stubs = await formingStubs(store);
          for (const job of incorporations)
            expectWholeOrAbsent(job, await storedIncorporation(store, job, stubs, app.url));
          for (const { job, entry } of incorporated) {
            expect((await storedIncorporation(store, job, stubs, app.url)).entries).toEqual([entry]);
          }
        } finally {
          await store.close();
        }

        // At the same address, as a restarted server would be: stored answers are kept per origin.
        app = await startApp({ dataDir, env: HIGH_LIMITS, port: Number(new URL(app.url).port) });
        const touched = new Set([...sessions.map((s) => s.sessionId), ...incorporations.map((j) => j.sessionId)]);
        for (const sessionId of touched) {
          const log = await send(app.url, "GET", `/api/play/audit/${sessionId}?verify=1`);
          expect(log.status).toBe(200);
          expect({ sessionId, round, ...log.body.verification }).toMatchObject({
            sessionId,
            round,
            tampered: 0,
            verified: log.body.count,
          });
        }
      }
      expect(acknowledged.length).toBeGreaterThan(sessions.length * 2);
      expect(incorporated.length).toBeGreaterThan(0);
    } finally {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

/** Polls `condition` until it holds; fails the test if it never does within HANG_MS. */
async function until(what: string, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + HANG_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await sleep(20);
  }
}

describe("certification of a slow or hanging target", () => {
  let app: AppServer;
  const targets: SlowTarget[] = [];

  beforeAll(async () => {
    // A shorter per-request time-out than the 8 s default, so that the test waits for it less.
    app = await startApp({ env: { ...HIGH_LIMITS, CERTIFIER_ALLOW_LOOPBACK: "1", CERTIFIER_TIMEOUT: "3s" } });
  });
  afterAll(async () => {
    await Promise.all(targets.map((t) => t.close()));
    await app?.stop();
  });

  it("ends in a failed report that names the time-out, never a hang or a 500, while the service keeps answering", async () => {
    const modes: SlowMode[] = ["silent", "headers-only", "trickle", "drip-headers", "slow-endpoints"];
    const records: { id: string; ownerToken: string }[] = [];
    for (const mode of modes) {
      const cuit = freshCuit();
      const target = await startSlowTarget({ mode, cuit });
      targets.push(target);
      const listed = await send(app.url, "POST", "/api/registry", {
        body: listingBody({ publicUrl: target.url, operatorCuit: cuit }),
      });
      expect(listed.status).toBe(201);
      records.push({ id: listed.body.record.id, ownerToken: listed.body.ownerToken });
    }

    // A certification of each listed record and a dry run of each target, all at once.
    const certifications = Promise.all(
      records.map((r) =>
        send(app.url, "POST", `/api/registry/${r.id}/certify`, {
          headers: { authorization: `Bearer ${r.ownerToken}` },
        }),
      ),
    );
    const dryRuns = Promise.all(
      targets.map((t) => send(app.url, "GET", `/api/certifier?url=${encodeURIComponent(t.url)}`)),
    );
    await until("every target holds the certifier's connections", () => targets.every((t) => t.open() >= 2));

    // Meanwhile the service answers everything else.
    expect((await send(app.url, "GET", "/api/health")).status).toBe(200);
    expect((await send(app.url, "GET", "/api/registry?status=draft")).status).toBe(200);
    const body = { ...TYPICAL_INCORPORATION, denominacion: `Paciente ${tag()} SOCIEDAD-IA` };
    const incorporated = await send(app.url, "POST", "/api/auto-incorporate", { body });
    expect(incorporated.status).toBe(200);
    expect((await send(app.url, "GET", `/api/play/audit/${incorporated.body.audit.sessionId}?verify=1`)).status).toBe(
      200,
    );

    const timedOut = expect.stringMatching(/^No complete answer within 3000 ms\.$/);
    const answers = [...(await certifications), ...(await dryRuns)];
    for (const [i, answer] of answers.entries()) {
      const mode = modes[i % modes.length];
      const report = i < modes.length ? answer.body.report : answer.body;
      expect({ mode, status: answer.status, passed: report?.passed }).toEqual({ mode, status: 200, passed: false });
      const detail = (id: string) => report.checks.find((c: { id: string }) => c.id === id)?.detail;
      if (mode === "slow-endpoints") {
        expect(detail("manifest.reachable")).toMatch(/^HTTP 200/);
        for (const id of ["audit.read", "audit.verify", "audit.csv", "audit.badge"])
          expect(detail(id)).toEqual(timedOut);
        expect(detail("discovery")).toBe("machineReadable: No complete answer within 3000 ms.");
      } else {
        expect({ mode, detail: detail("manifest.reachable") }).toEqual({ mode, detail: timedOut });
        expect(report.rating).toBe("F");
      }
      if (i < modes.length) {
        // The failed certification is recorded: one audit entry, and the record stays a draft.
        expect(answer.body.record).toMatchObject({ status: "draft", goodStanding: { state: "unverified" } });
        const log = await send(app.url, "GET", `/api/play/audit/${answer.body.record.sessionId}?verify=1`);
        expect(log.body.entries.map((e: AuditEntry) => [e.action, e.outcome])).toEqual([
          ["registry_certify", "rejected"],
        ]);
        expect(log.body.verification.tampered).toBe(0);
      }
    }
    // The certifier let go of every connection it gave up on.
    await until("the certifier closed every connection", () => targets.every((t) => t.open() === 0));
  }, 60_000);
});
