import { parseNote } from "@sociedades-ia/incorporate/tlog";
import { getConfig } from "../config/config";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { readLogHead } from "./log-head";
import { readWitnessStatuses } from "./witness-status";

/**
 * Where a witness stands: it cosigned the latest checkpoint; it has not yet (asked, or to be asked,
 * and no failure); it refused this log's checkpoint (a fork, or a witness that does not know this log
 * or its key: its reason says which); or it could not be asked (down, slow, rate limited).
 */
export type WitnessState = "cosigned" | "pending" | "refused" | "unavailable";

/** One witness as /api/health and /log show it. */
export interface WitnessReport {
  name: string;
  url: string;
  state: WitnessState;
  /** The size of the latest checkpoint it cosigned; 0 if none. */
  size: number;
  /** How many leaves the latest checkpoint has beyond that: 0 when it cosigned the latest. */
  behind: number;
  /** When it cosigned that checkpoint (its cosignature's timestamp), null if never. */
  cosignedAt: string | null;
  /** When the log last asked it, null if never. */
  checkedAt: string | null;
  /** Why the last request failed, in full, null when it succeeded. */
  error: string | null;
}

export interface WitnessesReport {
  /** How many cosignatures /log/policy tells verifiers to require. */
  quorum: number;
  /** How many witnesses cosigned the latest checkpoint. */
  cosigned: number;
  witnesses: WitnessReport[];
}

/** Where each configured witness stands against the latest checkpoint; null when none is configured. */
export async function witnessesReport(store: Store = getStore()): Promise<WitnessesReport | null> {
  const { witnesses, quorum } = getConfig().tlog.witnesses;
  if (witnesses.length === 0) return null;
  const [head, statuses] = await Promise.all([readLogHead(store), readWitnessStatuses(store, witnesses)]);
  const size = head?.size ?? 0;
  const text = head === null ? null : parseNote(head.note).text;
  const list = statuses.map(({ witness, status }): WitnessReport => {
    const cosignedSize = status.cosigned?.size ?? 0;
    const current = status.cosigned !== null && status.cosigned.text === text;
    return {
      name: witness.name,
      url: witness.url,
      state: current ? "cosigned" : status.error === null ? "pending" : (status.errorKind ?? "unavailable"),
      size: cosignedSize,
      behind: Math.max(0, size - cosignedSize),
      cosignedAt: status.cosigned?.at ?? null,
      checkedAt: status.checkedAt,
      error: status.error,
    };
  });
  const current = statuses.filter(({ status }) => status.cosigned !== null && status.cosigned.text === text);
  return { quorum, cosigned: current.length, witnesses: list };
}
