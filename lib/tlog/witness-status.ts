import { cosignatureTimestamp, parseCheckpoint, verifierFromKey, verifyNote } from "@sociedades-ia/incorporate/tlog";
import type { LogWitness } from "../config/witnesses";
import { storeAlarm } from "../store/store-alarm";
import type { Store } from "../store/types";

/**
 * What the log knows of each of its witnesses, under `tlog:witness:<name>+<hex key id>`: the size
 * the witness holds for this log (the `old` of the next add-checkpoint), its latest cosignature and
 * the checkpoint text it covers (served beside the checkpoint while that is the latest), and the
 * last failure, so /log and /api/health can say which witness is behind and why.
 */
export interface WitnessStatus {
  size: number;
  cosigned: {
    size: number;
    /** The checkpoint note text (without signatures) the cosignature signs. */
    text: string;
    /** The signature line(s) the witness answered, each ending in a newline. */
    lines: string;
    /** When the witness cosigned it (ISO 8601, from the cosignature's timestamp). */
    at: string;
  } | null;
  /** The last request's failure, or null when it succeeded. */
  error: string | null;
  /**
   * What kind of failure: the witness refused this log's checkpoint (it answered no), or could not
   * be asked (no answer, rate limited, a server error). Absent in statuses stored before it existed.
   */
  errorKind?: "refused" | "unavailable" | null;
  /** When the last request was made (ISO 8601). */
  checkedAt: string | null;
}

export const witnessStatusKey = (witness: LogWitness) => `tlog:witness:${witness.label}`;
/** The rate limit's claim: at most one request per witness per interval, across processes. */
export const witnessSlotKey = (witness: LogWitness) => `tlog:witness-slot:${witness.label}`;

export const NEVER_CHECKED: WitnessStatus = { size: 0, cosigned: null, error: null, errorKind: null, checkedAt: null };

/**
 * The stored status (raw, for a compare-and-set) of each witness, in configuration order. Its
 * cosignature is checked here, against the witness's configured key, before anything serves or
 * counts it: the store holds it, so whoever writes the store could put any line there. A
 * cosignature that does not verify is dropped (the status reads as never cosigned, so the witness is
 * asked again) and alarmed; its size and time are taken from what verified, never from the store.
 */
export async function readWitnessStatuses(
  store: Store,
  witnesses: readonly LogWitness[],
): Promise<{ witness: LogWitness; raw: string | null; status: WitnessStatus }[]> {
  const raws = await Promise.all(witnesses.map((w) => store.get(witnessStatusKey(w))));
  return Promise.all(
    witnesses.map(async (witness, i) => {
      const raw = raws[i] ?? null;
      return { witness, raw, status: raw === null ? NEVER_CHECKED : await checkedStatus(witness, raw) };
    }),
  );
}

/** The witness's reason is shown in full (witness-client.ts keeps at most this much of it). */
const MAX_SHOWN_ERROR = 2000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

async function checkedStatus(witness: LogWitness, raw: string): Promise<WitnessStatus> {
  let stored: Partial<WitnessStatus>;
  try {
    stored = JSON.parse(raw) as Partial<WitnessStatus>;
  } catch {
    stored = {};
  }
  if (stored === null || typeof stored !== "object") stored = {};
  const status: WitnessStatus = {
    size: Number.isSafeInteger(stored.size) && (stored.size as number) >= 0 ? (stored.size as number) : 0,
    cosigned: null,
    // Shown on /log and /api/health: kept to what the log itself would have stored.
    error: typeof stored.error === "string" ? stored.error.slice(0, MAX_SHOWN_ERROR) : null,
    errorKind: stored.errorKind === "refused" || stored.errorKind === "unavailable" ? stored.errorKind : null,
    checkedAt: typeof stored.checkedAt === "string" && ISO_INSTANT.test(stored.checkedAt) ? stored.checkedAt : null,
  };
  if (stored.cosigned == null) return status;
  const cosigned = await verifiedCosignature(witness, stored.cosigned);
  if (cosigned === null) {
    storeAlarm("tlog", "stored witness cosignature fails verification; dropped", witness.label);
    return status;
  }
  return { ...status, cosigned };
}

// A stored cosignature is read on every checkpoint served: each distinct one is verified once.
const VERIFIED = Symbol.for("sia.tlog.verified-cosignatures");
type VerifiedGlobal = typeof globalThis & { [VERIFIED]?: Map<string, NonNullable<WitnessStatus["cosigned"]> | null> };
const VERIFIED_MAX = 256;

/** The cosignature when every line of it verifies under the witness's key over its text; else null. */
async function verifiedCosignature(
  witness: LogWitness,
  cosigned: unknown,
): Promise<NonNullable<WitnessStatus["cosigned"]> | null> {
  const { text, lines } = (cosigned ?? {}) as { text?: unknown; lines?: unknown };
  if (typeof text !== "string" || typeof lines !== "string") return null;
  const g = globalThis as VerifiedGlobal;
  g[VERIFIED] ??= new Map();
  const memo = g[VERIFIED];
  const memoKey = `${witness.vkey}\n${text}\n${lines}`;
  if (memo.has(memoKey)) return memo.get(memoKey) ?? null;
  let result: NonNullable<WitnessStatus["cosigned"]> | null = null;
  try {
    const note = await verifyNote(`${text}\n${lines}`, verifierFromKey(witness.vkey));
    // Every line served must be this witness's: a line by any other key is not vouched for here.
    if (note.verified.length === note.signatures.length) {
      const at = Math.max(...note.verified.map((sig) => cosignatureTimestamp(sig.signature)));
      result = { text, lines, size: parseCheckpoint(text).size, at: new Date(at * 1000).toISOString() };
    }
  } catch {
    // Malformed, or a line that does not verify: dropped.
  }
  if (memo.size >= VERIFIED_MAX) memo.clear();
  memo.set(memoKey, result);
  return result;
}
