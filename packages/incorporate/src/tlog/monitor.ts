import { equalBytes, fromBase64, toBase64 } from "./bytes.ts";
import { type Checkpoint, openCheckpoint } from "./checkpoint.ts";
import { TlogError } from "./errors.ts";
import { emptyRoot, HASH_SIZE } from "./merkle-hash.ts";
import { verifyConsistency } from "./merkle-verify.ts";
import { parseVerifierKey } from "./note-keys.ts";
import { checkWitnessPolicy, type PolicyResult, type WitnessPolicy } from "./policy.ts";

/** What a monitor keeps between runs: the last checkpoint it verified, and the key and origin it pinned. */
export interface MonitorState {
  url: string;
  vkey: string;
  origin: string;
  size: number;
  /** Base64 root hash of the tree at `size`. */
  root: string;
  /** The signed checkpoint as received: evidence, should the log later contradict it. */
  checkpoint: string;
  checkedAt: string;
}

export interface MonitorOptions {
  /** The service's base URL; the log is under `<url>/log/`. */
  url: string;
  /** The log's vkey; without it, the pinned one of `previous`, else `<url>/log/vkey` (trust on first use). */
  vkey?: string;
  previous?: MonitorState | null;
  fetch?: typeof fetch;
  now?: () => Date;
  /** How long each request may take (default 30 s): a monitor must end, even against a stalled log. */
  timeoutMs?: number;
  /**
   * A witness policy (as /log/policy serves it): the log's key is the policy's, and the checkpoint
   * counts only with the policy's quorum of witness cosignatures; short of it, the pass fails as
   * `missing_data` (witnesses may lag a minute) and the state is not advanced.
   */
  policy?: WitnessPolicy;
}

export interface MonitorResult {
  /** `first`: nothing to compare with yet; `unchanged`: same size and root; `grew`: proven consistent. */
  status: "first" | "unchanged" | "grew";
  previousSize: number | null;
  /** With a policy: the witnesses that cosigned the checkpoint. */
  cosigned?: PolicyResult["cosigned"];
  checkpoint: Checkpoint;
  state: MonitorState;
}

async function get(fetcher: typeof fetch, url: string, timeoutMs: number): Promise<string> {
  try {
    const res = await fetcher(url, {
      cache: "no-store",
      headers: { accept: "text/plain, application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await res.text();
    if (!res.ok) throw new TlogError("missing_data", `GET ${url} answered ${res.status}`);
    return body;
  } catch (err) {
    if (err instanceof TlogError) throw err;
    const why = err instanceof Error ? err.message : String(err);
    throw new TlogError("missing_data", `GET ${url} failed: ${why}`, { cause: err });
  }
}

/** Reads the `{from, to, hashes}` answer of `<url>/log/consistency`. */
function parseConsistency(body: string, from: number, to: number): Uint8Array[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new TlogError("malformed", "the consistency proof is not JSON");
  }
  const { from: f, to: t, hashes } = (json ?? {}) as { from?: unknown; to?: unknown; hashes?: unknown };
  if (f !== from || t !== to) {
    throw new TlogError("malformed", `the consistency proof is for ${String(f)} to ${String(t)}, not ${from} to ${to}`);
  }
  if (!Array.isArray(hashes)) throw new TlogError("malformed", "the consistency proof has no hashes array");
  return hashes.map((h, i) => {
    const bytes = typeof h === "string" ? fromBase64(h) : null;
    if (bytes === null || bytes.length !== HASH_SIZE) {
      throw new TlogError("malformed", `consistency proof hash ${i} is not base64 of ${HASH_SIZE} bytes`);
    }
    return bytes;
  });
}

/**
 * One monitoring pass: fetches and verifies the log's checkpoint and, when a previous one is known,
 * proves the new one extends it. Throws `TlogError`: `verification_failed` or `unverified` when the
 * log contradicts itself or its key (the log shrank, forked, changed key or origin, or gave a bad
 * proof or signature), another code when it could not be checked (network, malformed answers).
 */
export async function checkLog(options: MonitorOptions): Promise<MonitorResult> {
  const fetcher = options.fetch ?? globalThis.fetch;
  const url = options.url.replace(/\/+$/, "");
  const previous = options.previous ?? null;
  const fetchText = (path: string) => get(fetcher, `${url}${path}`, options.timeoutMs ?? 30_000);

  const { policy } = options;
  if (policy && options.vkey !== undefined && options.vkey !== policy.log.vkey) {
    throw new TlogError("invalid_argument", "the vkey given is not the policy's log key");
  }
  const served = policy?.log.vkey ?? options.vkey ?? previous?.vkey ?? (await fetchText("/log/vkey")).trim();
  parseVerifierKey(served);
  if (previous && served !== previous.vkey) {
    throw new TlogError("verification_failed", `the log's key is ${served}, but ${previous.vkey} was pinned`);
  }
  const note = await fetchText("/log/checkpoint");
  const { checkpoint } = await openCheckpoint(note, served);
  let cosigned: PolicyResult["cosigned"] | undefined;
  if (policy) {
    const checked = await checkWitnessPolicy(note, policy);
    if (!checked.meets) {
      throw new TlogError(
        "missing_data",
        `the checkpoint of size ${checkpoint.size} has ${checked.cosigned.length} of the ${policy.quorum} witness cosignatures the policy requires (witnesses may lag; run again later)`,
      );
    }
    cosigned = checked.cosigned;
  }
  const state: MonitorState = {
    url,
    vkey: served,
    origin: checkpoint.origin,
    size: checkpoint.size,
    root: toBase64(checkpoint.root),
    checkpoint: note,
    checkedAt: (options.now?.() ?? new Date()).toISOString(),
  };
  const extra = cosigned ? { cosigned } : {};
  if (!previous) return { status: "first", previousSize: null, checkpoint, state, ...extra };

  if (checkpoint.origin !== previous.origin) {
    throw new TlogError("verification_failed", `the checkpoint is for ${checkpoint.origin}, not ${previous.origin}`);
  }
  const oldRoot = fromBase64(previous.root);
  if (oldRoot === null || oldRoot.length !== HASH_SIZE)
    throw new TlogError("malformed", "the saved root is not a hash");
  const old = { size: previous.size, root: oldRoot };
  if (checkpoint.size < old.size) {
    throw new TlogError("verification_failed", `the log shrank from ${old.size} to ${checkpoint.size} entries`);
  }
  if (checkpoint.size === old.size) {
    if (!equalBytes(checkpoint.root, old.root)) {
      throw new TlogError(
        "verification_failed",
        `the log has two roots for size ${old.size}: ${previous.root} before, ${state.root} now`,
      );
    }
    return { status: "unchanged", previousSize: old.size, checkpoint, state, ...extra };
  }
  if (old.size === 0) {
    // Every tree extends the empty one; only its root needs checking.
    if (!equalBytes(old.root, emptyRoot()))
      throw new TlogError("verification_failed", "the saved empty tree has a root");
  } else {
    const body = await fetchText(`/log/consistency?from=${old.size}&to=${checkpoint.size}`);
    const proof = parseConsistency(body, old.size, checkpoint.size);
    try {
      verifyConsistency(old.size, checkpoint.size, proof, old.root, checkpoint.root);
    } catch (err) {
      throw new TlogError(
        "verification_failed",
        `the checkpoint of size ${checkpoint.size} is not consistent with the one of size ${old.size}: ${(err as Error).message}`,
        { cause: err },
      );
    }
  }
  return { status: "grew", previousSize: old.size, checkpoint, state, ...extra };
}
