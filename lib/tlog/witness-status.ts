import type { LogWitness } from "../config/witnesses";
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

/** The stored status (raw, for a compare-and-set) of each witness, in configuration order. */
export async function readWitnessStatuses(
  store: Store,
  witnesses: readonly LogWitness[],
): Promise<{ witness: LogWitness; raw: string | null; status: WitnessStatus }[]> {
  const raws = await Promise.all(witnesses.map((w) => store.get(witnessStatusKey(w))));
  return witnesses.map((witness, i) => {
    const raw = raws[i] ?? null;
    return { witness, raw, status: raw === null ? NEVER_CHECKED : (JSON.parse(raw) as WitnessStatus) };
  });
}
