import { openCheckpoint } from "@sociedades-ia/incorporate/tlog";
import { getConfig } from "../config/config";
import { hashOf } from "../signing/canonical";
import { publicJwks } from "../signing/keys";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { convergeInBackground } from "./converge";
import { CHECKPOINT_KEY } from "./layout";
import { leafBytes, sequenceLeaf } from "./leaf";
import { moveLegacyLayout } from "./legacy-layout";
import { readLogHead } from "./log-head";
import { logNoteKey } from "./log-key";
import { rememberSignedHead } from "./rollback-guard";
import { flushTiles } from "./tile-flush";
import { witnessInBackground } from "./witness-loop";

/**
 * Start-up of the transparency log: refuses to serve when the configured origin or key no longer
 * match the log already in the store (a new key or name would silently start another log), records
 * the keys in use, and integrates what is pending (the empty tree's checkpoint on a new store), in
 * the background when another process holds the integration lock.
 */
export async function openTransparencyLog(store: Store = getStore()): Promise<void> {
  const { origin } = getConfig().tlog;
  const key = logNoteKey();
  const note = await store.get(CHECKPOINT_KEY);
  if (note !== null) {
    try {
      rememberSignedHead(store, (await openCheckpoint(note, key.vkey, { origin })).checkpoint);
    } catch (err) {
      throw new Error(
        `The store holds a transparency log that ${origin} with key ${key.vkey} did not sign (${(err as Error).message}). TLOG_ORIGIN and TLOG_SIGNING_KEY must stay those of the log in the store.`,
      );
    }
  }
  await moveLegacyLayout(store);
  await recordKeysInUse(store);
  // Under a lock a killed process left behind, integration waits for it to lapse without holding up start-up.
  await convergeInBackground(store);
  // A process that died between writing tiles and trimming them left them in both stores.
  const head = await readLogHead(store);
  if (head !== null) await flushTiles(store, head);
  // The checkpoint in the store may not be cosigned yet (witnesses down, a restart before they answered).
  witnessInBackground(store);
}

/** One key.event leaf per key the service signs or MACs with, the first time a process uses it. */
async function recordKeysInUse(store: Store): Promise<void> {
  const { hmac } = getConfig().secrets;
  const { keys } = await publicJwks();
  const inUse = [
    ...Object.keys(hmac.keys).map((kid) => ({ purpose: "audit-hmac" as const, kid })),
    ...keys.map((jwk) => ({ purpose: "audit-checkpoint" as const, kid: jwk.kid })),
    { purpose: "log" as const, kid: hashOf(logNoteKey().vkey) },
  ];
  for (const { purpose, kid } of inUse) {
    // The claim and the leaf in one batch: a key is recorded exactly once, whatever starts at once.
    await store.batch([
      { type: "set", key: `tlog:key:${purpose}:${kid}`, value: "1", expect: [null] },
      sequenceLeaf(leafBytes({ kind: "key.event", purpose, kid, event: "in-use" })),
    ]);
  }
}
