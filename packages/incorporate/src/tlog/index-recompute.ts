import { toBase64 } from "./bytes.ts";
import type { Checkpoint } from "./checkpoint.ts";
import { TlogError } from "./errors.ts";
import { openIndexNote } from "./index-note.ts";
import { leafSubject, nextIndexValue } from "./leaf-subject.ts";
import { type IndexValue, MemoryIndex } from "./log-index.ts";
import type { LogLeaf } from "./session-leaves.ts";

/**
 * A monitor's own copy of the log's index (docs/decisions/log-index.md): rebuilt from the values it
 * saved, then carried on with each new leaf by the service's rule. Its root must be the one the
 * service's signed index note states for the same tree: a service that signs another index signs
 * the evidence against itself.
 */
export class IndexRecompute {
  readonly #index = new MemoryIndex();
  readonly #values = new Map<string, IndexValue>();
  /** Leaves whose position the rule refuses: a repeated or skipped seq (the service never integrates one). */
  readonly problems: string[] = [];

  static async from(saved: readonly IndexValue[]): Promise<IndexRecompute> {
    const recompute = new IndexRecompute();
    for (const value of saved) await recompute.#set(value);
    return recompute;
  }

  async #set(value: IndexValue): Promise<void> {
    this.#values.set(value.subject, value);
    await this.#index.set(value);
  }

  async add(leaves: readonly LogLeaf[]): Promise<void> {
    const decoder = new TextDecoder();
    for (const { index, entry } of leaves) {
      // A leaf the index does not know (a log of other leaves) has no subject: it maps nothing.
      const found = leafSubject(decoder.decode(entry));
      if (typeof found === "string") continue;
      const next = nextIndexValue(found, index, this.#values.get(found.subject) ?? null);
      if (typeof next === "string") this.problems.push(`leaf ${index}: ${next}`);
      else await this.#set(next);
    }
  }

  get root(): Uint8Array {
    return this.#index.root;
  }

  /** The values to save, so that the next pass starts from them. */
  values(): IndexValue[] {
    return [...this.#values.values()];
  }
}

/**
 * Compares a recomputed index with the service's signed index note for `checkpoint`'s tree, read
 * from any lookup (`/log/index/key/...` answers the note of the latest checkpoint). True when they
 * agree; false when the service serves no index, or its latest tree is not this one (it grew
 * meanwhile: the next pass compares); throws `verification_failed` when they differ.
 */
export async function compareIndex(
  recomputed: Uint8Array,
  checkpoint: Checkpoint,
  vkey: string,
  fetchText: (path: string) => Promise<string>,
): Promise<boolean> {
  let body: { indexNote?: unknown };
  try {
    body = JSON.parse(await fetchText("/log/index/key/monitor")) as { indexNote?: unknown };
  } catch {
    return false;
  }
  if (typeof body.indexNote !== "string") return false;
  const note = await openIndexNote(body.indexNote, vkey, { origin: checkpoint.origin });
  if (note.size !== checkpoint.size) return false;
  if (toBase64(note.root) !== toBase64(checkpoint.root)) {
    throw new TlogError("verification_failed", `the index note states another root for size ${note.size}`);
  }
  if (toBase64(note.indexRoot) !== toBase64(recomputed)) {
    throw new TlogError(
      "verification_failed",
      `the log's signed index root for size ${note.size} is not the index its leaves give (${toBase64(recomputed)})`,
    );
  }
  return true;
}
