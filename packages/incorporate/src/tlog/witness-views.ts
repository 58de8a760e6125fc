import { equalBytes, toBase64, toHex } from "./bytes.ts";
import { type Checkpoint, openCheckpoint } from "./checkpoint.ts";
import { TlogError } from "./errors.ts";
import { verifyConsistency } from "./merkle-verify.ts";
import { verifyNote } from "./note.ts";
import { verifierFromKey } from "./note-keys.ts";
import type { WitnessPolicy } from "./policy.ts";
import { sha256 } from "./sha256.ts";

/** What one policy witness vouches for: the latest checkpoint of this log it cosigned, or why unknown. */
export interface WitnessView {
  name: string;
  /** The size of the checkpoint the witness serves; null when it could not be read or verified. */
  size: number | null;
  /** Why the witness's view could not be used (unreachable, not signed by the log or the witness). */
  skipped: string | null;
}

/**
 * Compares the log's checkpoint with what each policy witness that has a URL last cosigned for this
 * origin (c2sp.org/tlog-witness monitoring path, `<url>/<hex SHA-256 of origin>/checkpoint`). A
 * witness's view counts only when signed by the log's key and cosigned by that witness. Throws
 * `verification_failed` when the log contradicts one: another root at the witness's size, or no
 * valid consistency proof between the two sizes. This catches a fork the monitor never saw the
 * genuine side of: witnesses that refused it still hold the genuine checkpoint. A witness that
 * cannot be read is skipped (and said so), never a contradiction.
 */
export async function checkWitnessViews(
  policy: WitnessPolicy,
  checkpoint: Checkpoint,
  get: (url: string) => Promise<string>,
  proveConsistency: (from: number, to: number) => Promise<Uint8Array[]>,
): Promise<WitnessView[]> {
  const originHash = toHex(sha256(new TextEncoder().encode(checkpoint.origin)));
  const views: WitnessView[] = [];
  for (const witness of policy.witnesses) {
    if (witness.url === undefined) continue;
    let held: Checkpoint;
    try {
      const note = await get(`${witness.url.replace(/\/+$/, "")}/${originHash}/checkpoint`);
      held = (await openCheckpoint(note, policy.log.vkey, { origin: checkpoint.origin })).checkpoint;
      await verifyNote(note, verifierFromKey(witness.vkey));
    } catch (err) {
      views.push({ name: witness.name, size: null, skipped: err instanceof Error ? err.message : String(err) });
      continue;
    }
    const contradiction = (why: string) =>
      new TlogError(
        "verification_failed",
        `the witness ${witness.name} cosigned a checkpoint of size ${held.size} (root ${toBase64(held.root)}) that the log's checkpoint of size ${checkpoint.size} contradicts: ${why}`,
      );
    if (held.size === checkpoint.size) {
      if (!equalBytes(held.root, checkpoint.root)) throw contradiction("two roots for one size");
    } else {
      const [older, newer] = held.size < checkpoint.size ? [held, checkpoint] : [checkpoint, held];
      if (older.size > 0) {
        let proof: Uint8Array[];
        try {
          proof = await proveConsistency(older.size, newer.size);
        } catch (err) {
          // A log that refuses (4xx) a proof of a tree it signed denies it; no answer is only unchecked.
          const denied =
            err instanceof TlogError && (err.code !== "missing_data" || / answered 4\d\d$/.test(err.message));
          if (!denied) throw err;
          throw contradiction(
            `the log gives no consistency proof between them (${err instanceof Error ? err.message : String(err)})`,
          );
        }
        try {
          verifyConsistency(older.size, newer.size, proof, older.root, newer.root);
        } catch (err) {
          throw contradiction(`no consistency between them (${(err as Error).message})`);
        }
      }
    }
    views.push({ name: witness.name, size: held.size, skipped: null });
  }
  return views;
}
