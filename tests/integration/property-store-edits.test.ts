// Property: whatever an attacker with store access only does to a store holding several sessions
// (drop, reorder, replace, insert, swap or truncate items of their logs and checkpoints; rewrite
// their headers and summaries), every read the service offers (the `?verify=1` JSON, the badge, the
// CSV export) and the shipped offline verifier either refuse, report the edit, or see exactly the
// genuine data: never a clean verdict over changed data. In-process against the embedded store (the
// same lib functions the routes call), so that many edited stores fit in well under a minute.
import { type PublicJwk, parseAuditCsv, verifyAuditLog } from "@sociedades-ia/incorporate";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCsvExport } from "@/lib/audit/csv-export";
import { getAuditLogJson } from "@/lib/audit/get-audit-log";
import { appendAuditEvent } from "@/lib/audit/log";
import { reportVerdict } from "@/lib/audit/report-verdict";
import type { VerificationReport } from "@/lib/audit/verify";
import { getBadge } from "@/lib/badge/get-badge";
import { canonicalForms, canonicalJson } from "@/lib/signing/canonical";
import { publicJwks } from "@/lib/signing/keys";
import { getStore } from "@/lib/store";
import type { Store } from "@/lib/store/types";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

const SESSIONS = ["prop-session-a", "prop-session-b", "prop-session-c"];
const ENTRIES = 4;
const logKey = (s: string) => `audit:${s}:log`;
const checkpointKey = (s: string) => `audit:${s}:checkpoint`;
const summaryKey = (s: string) => `audit:${s}:summary`;

interface SessionState {
  log: string[];
  /** The stored checkpoint as a list of none or one; an edit that leaves several stores the last. */
  checkpoints: string[];
  summary: string | null;
}

let restore: () => void;
let store: Store;
let jwks: { keys: PublicJwk[] };
/** Each session's stored state as the service left it, and every earlier state it passed through. */
const genuine = new Map<string, SessionState>();
const history = new Map<string, SessionState[]>();

async function stateOf(s: string): Promise<SessionState> {
  return {
    log: await store.range(logKey(s), 0, -1),
    checkpoints: await store.get(checkpointKey(s)).then((c) => (c === null ? [] : [c])),
    summary: await store.get(summaryKey(s)),
  };
}

async function writeList(key: string, items: string[]): Promise<void> {
  await store.del(key);
  if (items.length > 0)
    await store.batch([{ type: "append", key, expectedLength: 0, values: items, expiry: "persist" }]);
}

async function writeCheckpoint(s: string, items: string[]): Promise<void> {
  const newest = items.at(-1);
  if (newest === undefined) await store.del(checkpointKey(s));
  else await store.set(checkpointKey(s), newest);
}

async function put(s: string, state: SessionState): Promise<void> {
  await writeList(logKey(s), state.log);
  await writeCheckpoint(s, state.checkpoints);
  if (state.summary === null) await store.del(summaryKey(s));
  else await store.set(summaryKey(s), state.summary);
}

beforeAll(async () => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-prop-") });
  store = getStore();
  jwks = JSON.parse(JSON.stringify(await publicJwks())) as { keys: PublicJwk[] };
  for (const s of SESSIONS) {
    let token: string | null = null;
    history.set(s, []);
    for (let n = 0; n < ENTRIES; n++) {
      const event = {
        kind: "tool-call" as const,
        action: "validar_cuit",
        actor: "t",
        input: { n },
        output: { s },
        outcome: "ok" as const,
      };
      const appended = await appendAuditEvent({ sessionId: s, sessionToken: token, event });
      token ??= appended.sessionToken;
      history.get(s)?.push(await stateOf(s));
    }
    genuine.set(s, await stateOf(s));
  }
}, 60_000);
afterAll(async () => {
  await store?.close();
  restore?.();
});

/** One edit: which session, which of its stored values, what is done, and indexes taken modulo sizes. */
type Edit = {
  session: number;
  what: "log" | "checkpoints" | "summary" | "header";
  op: "drop" | "reverse" | "replace" | "insert" | "swap" | "truncate" | "mutate";
  i: number;
  j: number;
  /** Where a replaced or inserted item comes from. */
  from: "other-session" | "older-genuine" | "garbage" | "same-list";
  other: number;
};

const editArb: fc.Arbitrary<Edit> = fc.record({
  session: fc.nat(SESSIONS.length - 1),
  what: fc.constantFrom("log", "checkpoints", "summary", "header"),
  op: fc.constantFrom("drop", "reverse", "replace", "insert", "swap", "truncate", "mutate"),
  i: fc.nat(20),
  j: fc.nat(20),
  from: fc.constantFrom("other-session", "older-genuine", "garbage", "same-list"),
  other: fc.nat(SESSIONS.length - 1),
});

/** An entry or value changed as a forger would: a member of its JSON changed, else one character. */
function mutated(raw: string): string {
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const changed = { ...value, output: { forged: true } };
      return "hmac" in value ? canonicalForms(changed).full : JSON.stringify(changed);
    }
  } catch {
    // not JSON: change a character
  }
  const at = Math.floor(raw.length / 2);
  return `${raw.slice(0, at)}${raw[at] === "A" ? "B" : "A"}${raw.slice(at + 1)}`;
}

async function apply(edit: Edit, before: Map<string, SessionState>): Promise<void> {
  const s = SESSIONS[edit.session] as string;
  const other = SESSIONS[edit.other === edit.session ? (edit.other + 1) % SESSIONS.length : edit.other] as string;
  const state = await stateOf(s);
  const older = history.get(s) as SessionState[];
  const pick = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);
  if (edit.what === "summary") {
    const source =
      edit.from === "other-session"
        ? (before.get(other) as SessionState).summary
        : edit.from === "older-genuine"
          ? (pick(older, edit.i) as SessionState).summary
          : edit.from === "garbage"
            ? "{}"
            : null;
    const value = edit.op === "mutate" && state.summary !== null ? mutated(state.summary) : source;
    if (value === null) await store.del(summaryKey(s));
    else await store.set(summaryKey(s), value);
    return;
  }
  if (edit.what === "header") {
    const [header = "{}"] = state.log;
    let parsed: Record<string, unknown> = {};
    try {
      parsed = (JSON.parse(header) as Record<string, unknown> | null) ?? {};
    } catch {
      // an earlier edit left garbage there
    }
    const value =
      edit.from === "other-session"
        ? ((before.get(other) as SessionState).log[0] as string)
        : edit.from === "garbage"
          ? "not a header"
          : edit.op === "mutate"
            ? JSON.stringify({ ...parsed, tokenHash: "0".repeat(64) })
            : JSON.stringify({ v: 1, tokenHash: parsed.tokenHash, createdAt: parsed.createdAt });
    await writeList(logKey(s), [value, ...state.log.slice(1)]);
    return;
  }
  // The log's header stays in place here (edits of it are the header's own): items are the entries.
  const head = edit.what === "log" ? state.log.slice(0, 1) : [];
  const items = edit.what === "log" ? state.log.slice(1) : state.checkpoints.slice();
  const sourceList = (st: SessionState) => (edit.what === "log" ? st.log.slice(1) : st.checkpoints);
  const source = (): string =>
    edit.from === "other-session"
      ? (pick(sourceList(before.get(other) as SessionState), edit.j) ?? "x")
      : edit.from === "older-genuine"
        ? (pick(sourceList(pick(older, edit.j) as SessionState), edit.j) ?? "x")
        : edit.from === "garbage"
          ? "x"
          : (pick(items, edit.j) ?? "x");
  const i = items.length === 0 ? 0 : edit.i % items.length;
  const j = items.length === 0 ? 0 : edit.j % items.length;
  switch (edit.op) {
    case "drop":
      items.splice(i, 1);
      break;
    case "reverse":
      items.reverse();
      break;
    case "replace":
      items[i] = source();
      break;
    case "insert":
      items.splice(edit.i % (items.length + 1), 0, source());
      break;
    case "swap":
      [items[i], items[j]] = [items[j] as string, items[i] as string];
      break;
    case "truncate":
      items.length = edit.i % (items.length + 1);
      break;
    case "mutate":
      if (items.length > 0) items[i] = mutated(items[i] as string);
      break;
  }
  const kept = items.filter((x) => x !== undefined);
  if (edit.what === "log") await writeList(logKey(s), [...head, ...kept]);
  else await writeCheckpoint(s, kept);
}

const parsedEntries = (state: SessionState) => state.log.slice(1).map((raw) => JSON.parse(raw) as unknown);
// Compared as canonical JSON: the CSV gives the members back in its columns' order.
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * What a read served for a session: exactly the genuine entries, or a genuine earlier log under a
 * genuine earlier checkpoint of the session (its tail cut, or its checkpoint rolled back: only the
 * per-session index the log will commit to shows that), or something else.
 */
function classify(s: string, entries: unknown[], checkpoint: string | null): "genuine" | "cut" | "changed" {
  const all = parsedEntries(genuine.get(s) as SessionState);
  if (same(entries, all)) return "genuine";
  const earlier = (history.get(s) as SessionState[]).some((st) => st.checkpoints.includes(checkpoint as string));
  return earlier && same(entries, all.slice(0, entries.length)) ? "cut" : "changed";
}

async function csvOf(s: string) {
  const exported = await openCsvExport(s, { store });
  const text = await new Response(exported.body).text();
  return { sessionId: s, entries: parseAuditCsv(text), checkpoint: exported.checkpoint };
}

/** A read that throws refused: it handed nothing out, so it cannot be clean. */
async function refusedOr<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

/** Every read of every session after the edits: each clean verdict must be over genuine data. */
async function readsHold(): Promise<boolean> {
  let cut = false;
  for (const s of SESSIONS) {
    const doc = JSON.parse((await getAuditLogJson(s, { verify: true })).json) as {
      entries: unknown[];
      checkpoint: string | null;
      verification: VerificationReport;
    };
    const served = classify(s, doc.entries, doc.checkpoint);
    cut ||= served === "cut";
    // The badge is read after the JSON: it costs a few reads whatever the log's size (a bound in
    // docs/performance.md), so it states what the last full read found; see the skipped case below.
    const clean: Record<string, boolean> = {
      json: reportVerdict(doc.verification) === "verified",
      badge: /verified \d+\/\d+/.test((await getBadge(s)).svg),
      offline: (await verifyAuditLog({ sessionId: s, entries: doc.entries, checkpoint: doc.checkpoint }, { jwks })).ok,
    };
    for (const [form, ok] of Object.entries(clean)) {
      if (ok && served === "changed") throw new Error(`${form} of ${s} is clean over changed data`);
    }
    const csv = await refusedOr(() => csvOf(s));
    if (csv === null) continue;
    const csvServed = classify(s, csv.entries, csv.checkpoint);
    cut ||= csvServed === "cut";
    if ((await verifyAuditLog(csv, { jwks })).ok && csvServed === "changed") {
      throw new Error(`the CSV of ${s} verifies offline over changed data`);
    }
  }
  return !cut;
}

describe("random edits of a store holding several sessions", () => {
  it("leave no read clean over changed data", async () => {
    let cutRuns = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(editArb, { minLength: 1, maxLength: 3 }), async (edits) => {
        for (const [s, state] of genuine) await put(s, state);
        for (const edit of edits) await apply(edit, genuine);
        // A log cut back coherently (entries and checkpoint both to an earlier genuine state) reads
        // as that earlier log: the case below, left to the per-session index.
        if (!(await readsHold())) cutRuns++;
      }),
      { numRuns: 150, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31) },
    );
    // The property ran mostly over edits it could judge.
    expect(cutRuns).toBeLessThan(75);
  }, 120_000);

  it("untouched, reads every session as verified with exactly its entries", async () => {
    for (const [s, state] of genuine) await put(s, state);
    for (const s of SESSIONS) {
      const doc = JSON.parse((await getAuditLogJson(s, { verify: true })).json) as {
        entries: unknown[];
        verification: VerificationReport;
      };
      expect(reportVerdict(doc.verification)).toBe("verified");
      expect(doc.entries).toEqual(parsedEntries(genuine.get(s) as SessionState));
      expect((await getBadge(s)).svg).toContain(`verified ${ENTRIES}/${ENTRIES}`);
    }
  });

  it.skip("an entry edited behind the head, with no full read since, is not on the badge: the badge reads the sealed summary and the head in O(1) (docs/performance.md), and only a full read (JSON, CSV verification, /verify, the dashboard, an append) records the edit for it", () => {});

  // A tail cut with the checkpoint, summary and header rolled back to earlier genuine values is
  // caught by the transparency log's index, which these in-store edits leave alone: every read then
  // reports the head as cut (attack-log-index.test.ts, on both stores, through a live server).
});
