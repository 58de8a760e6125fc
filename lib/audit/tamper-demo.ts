import { z } from "zod";
import { ApiError } from "../http/problem";
import { canonicalJson, hashOf } from "./canonical";
import { type AuditEntry, SESSION_ID_PATTERN } from "./entry";
import { currentHmacKey, hmacKeys } from "./keys";
import { readAuditEntries } from "./log";
import { signEntry } from "./sign-entry";
import { type ProblemReason, type VerificationReport, verifyEntries } from "./verify";

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
  const entries = fromSession ? await readAuditEntries(sessionId) : sampleEntries();
  const minimum = request.mutation === "swap-entries" ? 2 : 1;
  const seq = request.seq ?? 0;
  if (entries.length < minimum || seq > entries.length - minimum) {
    throw new ApiError(
      "validation_failed",
      entries.length < minimum
        ? `The session has ${entries.length} entries; "${request.mutation}" needs at least ${minimum}. Omit sessionId to use the sample.`
        : `seq must be between 0 and ${entries.length - minimum} for this session.`,
    );
  }
  const keys = hmacKeys();
  const { copy, altered } = alter(entries, request.mutation, seq);
  const alteredReport = verifyEntries(sessionId, copy, keys);
  const first = alteredReport.problems.find((p) => p.seq === alteredReport.firstBadSeq);
  return {
    source: fromSession ? "session" : "sample",
    sessionId,
    mutation: request.mutation,
    description: TAMPER_MUTATIONS[request.mutation],
    seq,
    original: { entry: entries[seq], verification: verifyEntries(sessionId, entries, keys) },
    altered: { entry: altered, verification: alteredReport },
    detected: { seq: alteredReport.firstBadSeq, reasons: first?.reasons ?? [] },
  };
}
