import { parseNote } from "@sociedades-ia/incorporate/tlog";
import { getConfig } from "../config/config";
import { getStore } from "../store";
import type { Store } from "../store/types";
import type { LogHead } from "./log-head";
import { readWitnessStatuses } from "./witness-status";

/**
 * The head with the cosignatures its witnesses gave it so far: the log's own checkpoint note (as
 * integration stored it, the value its compare-and-set expects) plus each witness's signature
 * lines whose text is exactly this checkpoint's. A witness behind adds nothing: the checkpoint is
 * then served log-signed only.
 */
export async function withCosignatures(head: LogHead, store: Store = getStore()): Promise<LogHead> {
  const { witnesses } = getConfig().tlog.witnesses;
  if (witnesses.length === 0) return head;
  const { text } = parseNote(head.note);
  const statuses = await readWitnessStatuses(store, witnesses);
  const lines = statuses.map(({ status }) => (status.cosigned?.text === text ? status.cosigned.lines : "")).join("");
  return lines === "" ? head : { ...head, note: `${head.note}${lines}` };
}
