import { parseNote } from "../../packages/incorporate/src/tlog/note";
import { getConfig } from "../config/config";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { readLogHead } from "./log-head";
import { readWitnessStatuses } from "./witness-status";

/** One witness as /api/health and /log show it. */
export interface WitnessReport {
  name: string;
  url: string;
  /** The size of the latest checkpoint it cosigned; 0 if none. */
  size: number;
  /** How many leaves the latest checkpoint has beyond that: 0 when it cosigned the latest. */
  behind: number;
  /** When it cosigned that checkpoint (its cosignature's timestamp), null if never. */
  cosignedAt: string | null;
  /** When the log last asked it, null if never. */
  checkedAt: string | null;
  /** Why the last request failed, null when it succeeded. */
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
  const list = statuses.map(({ witness, status }) => {
    const cosignedSize = status.cosigned?.size ?? 0;
    return {
      name: witness.name,
      url: witness.url,
      size: cosignedSize,
      behind: Math.max(0, size - cosignedSize),
      cosignedAt: status.cosigned?.at ?? null,
      checkedAt: status.checkedAt,
      error: status.error,
    };
  });
  const text = head === null ? null : parseNote(head.note).text;
  const current = statuses.filter(({ status }) => status.cosigned !== null && status.cosigned.text === text);
  return { quorum, cosigned: current.length, witnesses: list };
}
