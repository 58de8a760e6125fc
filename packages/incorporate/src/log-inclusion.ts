import { canonicalize } from "./jcs.ts";
import { fromBase64, toBase64 } from "./tlog/bytes.ts";
import { openCheckpoint } from "./tlog/checkpoint.ts";
import { leafHash } from "./tlog/merkle-hash.ts";
import { verifyInclusion } from "./tlog/merkle-verify.ts";

/**
 * What the audit read (`GET /api/play/audit/{sessionId}`) says about the session's head in the
 * service-wide transparency log: its leaf index, and its inclusion proof in the latest log checkpoint.
 */
export interface TransparencyProof {
  index: number;
  /** Base64 RFC 6962 leaf hash, as the server computed it; the verifier recomputes it instead. */
  leafHash: string;
  /** The signed log checkpoint (a C2SP note); null while the leaf is not integrated yet. */
  checkpoint: string | null;
  inclusion: { size: number; hashes: string[] } | null;
}

/** Whether the session's head entry is in the transparency log. */
export interface LogInclusion {
  /** The head's leaf, recomputed from the entries, is proved in a checkpoint signed under the log's key. */
  included: boolean;
  /** The head's leaf index, as the proof gives it. */
  index: number | null;
  /** The size of the log checkpoint the proof leads to, once that checkpoint verifies. */
  size: number | null;
  /** The log's origin (the checkpoint's first line), once that checkpoint verifies. */
  origin: string | null;
  error: string | null;
}

/** What the head entry's leaf is made of: the entries give all of it, so nothing is taken on trust. */
export interface HeadLeaf {
  sessionId: string;
  /** Number of entries; the head is entry `size - 1`. */
  size: number;
  /** `sha256:<hex>` of the head entry's canonical form. */
  hash: string | null;
  /** `logIndex` of the session checkpoint, once that checkpoint verified; undefined when unknown. */
  signedIndex: number | undefined;
}

/** The leaf bytes the log holds for an audit entry (canonical JSON, RFC 8785). */
export function auditEntryLeaf(sessionId: string, seq: number, entryHash: string): Uint8Array {
  return new TextEncoder().encode(canonicalize({ kind: "audit.entry", sessionId, seq, entryHash }));
}

function isProof(value: unknown): value is TransparencyProof {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return Number.isSafeInteger(v.index) && (v.index as number) >= 0;
}

/**
 * Checks that the head entry is in the transparency log whose verifier key is `logKey`: opens the log
 * checkpoint under that key, recomputes the head's leaf from the entries, requires the session
 * checkpoint's `logIndex` to be the proof's index, and verifies the inclusion proof to the root.
 */
export async function checkLogInclusion(head: HeadLeaf, transparency: unknown, logKey: string): Promise<LogInclusion> {
  const result: LogInclusion = { included: false, index: null, size: null, origin: null, error: null };
  const fail = (error: string): LogInclusion => ({ ...result, error });
  if (head.hash === null) return fail("the log is empty: there is no head entry to find in the transparency log");
  if (transparency === undefined || transparency === null) {
    return fail("the log carries no transparency proof for its head entry");
  }
  if (!isProof(transparency)) return fail("the transparency proof has no valid leaf index");
  result.index = transparency.index;
  if (head.signedIndex === undefined) {
    return fail("the session checkpoint does not verify or names no log index, so the head's leaf is unknown");
  }
  if (head.signedIndex !== transparency.index) {
    return fail(
      `the proof is for leaf ${transparency.index}, but the session checkpoint puts the head at leaf ${head.signedIndex}`,
    );
  }
  if (typeof transparency.checkpoint !== "string" || !transparency.inclusion) {
    return fail("the head's leaf is not integrated in a log checkpoint yet; read the log again shortly");
  }
  let opened: Awaited<ReturnType<typeof openCheckpoint>>;
  try {
    opened = await openCheckpoint(transparency.checkpoint, logKey);
  } catch (err) {
    return fail(`the log checkpoint does not verify under the log's key: ${messageOf(err)}`);
  }
  const { checkpoint } = opened;
  result.size = checkpoint.size;
  result.origin = checkpoint.origin;
  const { size, hashes } = transparency.inclusion;
  if (size !== checkpoint.size) {
    return fail(`the inclusion proof is for a log of ${String(size)} leaves, the checkpoint signs ${checkpoint.size}`);
  }
  const leaf = leafHash(auditEntryLeaf(head.sessionId, head.size - 1, head.hash));
  if (typeof transparency.leafHash === "string" && transparency.leafHash !== toBase64(leaf)) {
    return fail("the proof's leaf hash is not the leaf of this log's head entry");
  }
  if (!Array.isArray(hashes)) return fail("the inclusion proof has no list of hashes");
  const proof: Uint8Array[] = [];
  for (const [i, text] of hashes.entries()) {
    const bytes = typeof text === "string" ? fromBase64(text) : null;
    if (bytes === null) return fail(`proof hash ${i} is not base64`);
    proof.push(bytes);
  }
  try {
    verifyInclusion(leaf, transparency.index, checkpoint.size, proof, checkpoint.root);
  } catch (err) {
    return fail(`the head's leaf is not proved in the log checkpoint: ${messageOf(err)}`);
  }
  return { ...result, included: true };
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
