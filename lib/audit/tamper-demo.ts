import { emptyTally } from "@sociedades-ia/incorporate";
import { z } from "zod";
import { ApiError } from "../http/problem";
import { canonicalJson, hashOf } from "../signing/canonical";
import { currentHmacKey, hmacKeys } from "../signing/keys";
import { getStore } from "../store";
import { type AuditEntry, SESSION_ID_PATTERN } from "./entry";
import { readAuditItemsAfter } from "./log";
import { logKey } from "./log-head";
import { signEntry } from "./sign-entry";
import { type ProblemReason, reportOf, type VerificationReport, verifyEntries, verifyNext } from "./verify";

/**
 * Entries the demo reads and verifies on each side of the one it alters (one more after it for a
 * swap): enough to show where verification fails and that the entry after it breaks too, at a cost
 * that does not grow with the session (docs/performance.md).
 */
export const TAMPER_WINDOW = 2;

export const TAMPER_MUTATIONS = {
  "edit-output": "Changes the recorded output of one entry, as someone rewriting history would.",
  "edit-input": "Changes the recorded input of one entry.",
  "change-outcome": "Flips the outcome of one entry (ok <-> rejected).",
  "delete-entry": "Removes one entry from the log.",
  "swap-entries": "Swaps one entry with the next one.",
  "change-kid": "Claims the entry was signed with a key id the service does not have.",
  "forge-hmac": "Replaces the entry's HMAC with one computed with a guessed key.",
} as const;

export type TamperMutation = keyof typeof TAMPER_MUTATIONS;

export const tamperDemoRequest = z.strictObject({
  sessionId: z
    .string()
    .regex(SESSION_ID_PATTERN, "8-64 of A-Z a-z 0-9 _ -")
    .optional()
    .describe("A session to copy; omit for the built-in sample."),
  mutation: z
    .enum(Object.keys(TAMPER_MUTATIONS) as [TamperMutation, ...TamperMutation[]])
    .default("edit-output")
    .describe("How to alter the copy."),
  seq: z.number().int().min(0).optional().describe("Which entry to alter; default the first."),
});
export type TamperDemoRequest = z.infer<typeof tamperDemoRequest>;

export interface TamperDemoResult {
  source: "session" | "sample";
  sessionId: string;
  mutation: TamperMutation;
  description: string;
  seq: number;
  original: { entry: unknown; verification: VerificationReport };
  altered: { entry: unknown | null; verification: VerificationReport };
  /** Where verification of the altered copy first fails, and why. */
  detected: { seq: number | null; reasons: ProblemReason[] };
  /**
   * The entries both reports cover: `from` to `to` (seqs) of the `size` the log holds. Only those
   * around the altered entry are verified, linked into the chain by the first one's stored `prev`;
   * the whole log's verification is GET /api/play/audit/{sessionId}?verify=1.
   */
  window: { from: number; to: number; size: number };
}

export const SAMPLE_SESSION = "sample-session-0001";

/** A small signed log that exists only in memory: the demo works before any session does. */
export function sampleEntries(): AuditEntry[] {
  const events = [
    {
      kind: "incorporation" as const,
      action: "auto_incorporate",
      input: { denominacion: "Ejemplo Automatizada SOCIEDAD-IA", tipo: "SOCIEDAD-IA", capitalSocial: 2000000 },
      output: { slug: "ejemplo-automatizada-sociedad-ia", ok: true },
    },
    { kind: "tool-call" as const, action: "validar_cuit", input: { cuit: "30-71234567-1" }, output: { valido: true } },
    {
      kind: "tool-call" as const,
      action: "emitir_factura",
      input: { tipo: "C", importe: 15000 },
      output: { cae: "74123456789012", vencimientoCae: "2026-12-01" },
    },
  ];
  const key = currentHmacKey();
  const entries: AuditEntry[] = [];
  let prev: string | null = null;
  events.forEach((event, seq) => {
    const { entry, full } = signEntry(
      {
        ...event,
        actor: "system",
        outcome: "ok",
        sessionId: SAMPLE_SESSION,
        seq,
        ts: `2026-01-0${seq + 1}T12:00:00.000Z`,
        prev,
      },
      key,
    );
    entries.push(entry);
    prev = hashOf(full);
  });
  return entries;
}

function alter(
  entries: unknown[],
  mutation: TamperMutation,
  seq: number,
): { copy: unknown[]; altered: unknown | null } {
  const copy = structuredClone(entries) as Record<string, unknown>[];
  const target = copy[seq] as Record<string, unknown>;
  switch (mutation) {
    case "edit-output":
      target.output = { ...(typeof target.output === "object" ? (target.output as object) : {}), altered: true };
      break;
    case "edit-input":
      target.input = { ...(typeof target.input === "object" ? (target.input as object) : {}), altered: true };
      break;
    case "change-outcome":
      target.outcome = target.outcome === "ok" ? "rejected" : "ok";
      break;
    case "delete-entry":
      copy.splice(seq, 1);
      return { copy, altered: null };
    case "swap-entries": {
      const next = copy[seq + 1] as Record<string, unknown>;
      copy[seq] = next;
      copy[seq + 1] = target;
      return { copy, altered: next };
    }
    case "change-kid":
      target.kid = "unknown-key";
      break;
    case "forge-hmac":
      target.hmac = hashOf(canonicalJson({ guess: target.id }));
      break;
  }
  return { copy, altered: target };
}

/**
 * Alters a copy of a log in memory and verifies both: the original passes, the copy fails at the
 * altered entry with the reason. Never writes anything.
 */
export async function runTamperDemo(request: TamperDemoRequest): Promise<TamperDemoResult> {
  const fromSession = request.sessionId !== undefined;
  const sessionId = request.sessionId ?? SAMPLE_SESSION;
  const sample = fromSession ? null : sampleEntries();
  // The stored log's length (its header is item 0), not its entries: a long session costs no more.
  const size = sample ? sample.length : Math.max(0, (await getStore().length(logKey(sessionId))) - 1);
  const minimum = request.mutation === "swap-entries" ? 2 : 1;
  const seq = request.seq ?? 0;
  if (size < minimum || seq > size - minimum) {
    throw new ApiError(
      "validation_failed",
      size < minimum
        ? `The session has ${size} entries; "${request.mutation}" needs at least ${minimum}. Omit sessionId to use the sample.`
        : `seq must be between 0 and ${size - minimum} for this session.`,
    );
  }
  const from = Math.max(0, seq - TAMPER_WINDOW);
  const to = Math.min(size - 1, seq + TAMPER_WINDOW + (minimum - 1));
  const entries: unknown[] = sample
    ? sample.slice(from, to + 1)
    : (await readAuditItemsAfter(sessionId, from - 1, to - from + 1)).map(parseItem);
  if (entries.length !== to - from + 1) {
    throw new ApiError("validation_failed", "The session changed while it was read; try again.");
  }
  const entryPrev = (entries[0] as { prev?: unknown } | undefined)?.prev;
  const prev = from > 0 && typeof entryPrev === "string" ? entryPrev : null;
  const keys = hmacKeys();
  const { copy, altered } = alter(entries, request.mutation, seq - from);
  const alteredReport = verifyWindow(sessionId, copy, from, prev, keys);
  const first = alteredReport.problems.find((p) => p.seq === alteredReport.firstBadSeq);
  return {
    source: fromSession ? "session" : "sample",
    sessionId,
    mutation: request.mutation,
    description: TAMPER_MUTATIONS[request.mutation],
    seq,
    original: { entry: entries[seq - from], verification: verifyWindow(sessionId, entries, from, prev, keys) },
    altered: { entry: altered, verification: alteredReport },
    detected: { seq: alteredReport.firstBadSeq, reasons: first?.reasons ?? [] },
    window: { from, to, size },
  };
}

/** A stored item as JSON, or the raw text when it is not (verification then reports it malformed). */
function parseItem(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * The report of entries `from`.. of a session, judged at their positions, the first linked to `prev`
 * (null at the log's start): what verifyEntries says of them within the whole log, counting only them.
 */
function verifyWindow(
  sessionId: string,
  entries: unknown[],
  from: number,
  prev: string | null,
  keys: Record<string, string>,
): VerificationReport {
  if (from === 0) return verifyEntries(sessionId, entries, keys);
  const state = { tally: { ...emptyTally(), total: from }, prevHash: prev };
  for (const raw of entries) verifyNext(state, sessionId, raw, keys);
  const report = reportOf(state);
  return { ...report, total: report.total - from };
}
