import { equalBytes, fromBase64, toBase64 } from "./bytes.ts";
import { type Checkpoint, openCheckpoint } from "./checkpoint.ts";
import { TlogError } from "./errors.ts";
import { compareIndex, IndexRecompute } from "./index-recompute.ts";
import type { IndexValue } from "./log-index.ts";
import { emptyRoot, HASH_SIZE } from "./merkle-hash.ts";
import { verifyConsistency } from "./merkle-verify.ts";
import { parseVerifierKey } from "./note-keys.ts";
import { checkWitnessPolicy, type PolicyResult, type WitnessPolicy } from "./policy.ts";
import { checkSessionLeaves, readLeaves, type SessionSeqs } from "./session-leaves.ts";
import { type BundleRef, bundlePath, type Tile, tilePath } from "./tile-path.ts";
import { checkWitnessViews, type WitnessView } from "./witness-views.ts";

/**
 * What a monitor keeps between runs for one log, known by its origin and key (not by where it was
 * read: the same log served at another address is the same log, and must agree with itself): the
 * last checkpoint it verified, and the last seq of each audit session up to it.
 */
export interface MonitorState {
  vkey: string;
  origin: string;
  size: number;
  /** Base64 root hash of the tree at `size`. */
  root: string;
  /** The signed checkpoint as received: evidence, should the log later contradict it. */
  checkpoint: string;
  checkedAt: string;
  /** The addresses this log was read from. */
  urls: string[];
  /**
   * The last seq the log holds for each audit session, up to `size`. Absent in a state saved before
   * sessions were checked: the next pass reads the log from leaf 0.
   */
  sessions?: SessionSeqs;
  /**
   * The log's index as recomputed from every leaf up to `size` (log-index.ts): each subject's latest
   * leaf. Absent in a state saved before the index was checked: the next pass reads from leaf 0.
   */
  index?: IndexValue[];
}

export interface MonitorOptions {
  /** The service's base URL; the log is under `<url>/log/`. */
  url: string;
  /** The log's vkey; without it, the one pinned for this URL in `known`, else `<url>/log/vkey` (trust on first use). */
  vkey?: string;
  /** Every log this monitor has seen; the one of the checkpoint's origin is compared with it. */
  known?: readonly MonitorState[];
  /** One known log (as `known: [previous]`). */
  previous?: MonitorState | null;
  fetch?: typeof fetch;
  now?: () => Date;
  /** How long each request may take (default 30 s): a monitor must end, even against a stalled log. */
  timeoutMs?: number;
  /**
   * A witness policy (as /log/policy serves it): the log's key is the policy's, and the checkpoint
   * counts only with the policy's quorum of witness cosignatures. That is counted last: a checkpoint
   * that contradicts the saved one is a contradiction (witnesses refuse a fork, so it never has
   * cosignatures), never "not witnessed yet". Short of the quorum, the pass fails as `missing_data`
   * and the state is not advanced.
   */
  policy?: WitnessPolicy;
}

export interface MonitorResult {
  /** `first`: nothing to compare with yet; `unchanged`: same size and root; `grew`: proven consistent. */
  status: "first" | "unchanged" | "grew";
  previousSize: number | null;
  /** With a policy: the witnesses that cosigned the checkpoint. */
  cosigned?: PolicyResult["cosigned"];
  /** With a policy: what each witness with a URL holds for this log, compared with the checkpoint. */
  witnessViews?: WitnessView[];
  /** How many leaves this pass read from the entry bundles and checked for sessions' seqs. */
  scanned: number;
  /**
   * The service's signed index root was compared with the one recomputed from the leaves, and
   * agreed; false when it could not be (no index served, or the log grew between the reads).
   */
  indexChecked: boolean;
  checkpoint: Checkpoint;
  state: MonitorState;
}

async function get(fetcher: typeof fetch, url: string, timeoutMs: number): Promise<string> {
  return new TextDecoder().decode(await getBytes(fetcher, url, timeoutMs));
}

async function getBytes(fetcher: typeof fetch, url: string, timeoutMs: number): Promise<Uint8Array> {
  try {
    const res = await fetcher(url, {
      cache: "no-store",
      headers: { accept: "text/plain, application/json, application/octet-stream" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = new Uint8Array(await res.arrayBuffer());
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

/** At most this many contradictions are listed in one alarm; the first is proof enough. */
const MAX_LISTED = 10;

/**
 * One monitoring pass, contradictions first: fetches and verifies the log's checkpoint; when this
 * log (origin and key) was seen before, proves the new checkpoint extends the saved one; reads the
 * new leaves from the entry bundles (all of them on a first pass), each proven under the checkpoint,
 * and checks that no audit session's seq repeats or skips; only then counts the policy's witness
 * cosignatures. Throws `TlogError`: `verification_failed` or `unverified` when the log contradicts
 * itself or its key (it shrank, forked, changed key or origin, gave a bad proof or signature, or
 * sequenced a session's entry twice or not at all), another code when it could not be checked
 * (network, malformed answers, witnesses short of the quorum).
 */
export async function checkLog(options: MonitorOptions): Promise<MonitorResult> {
  const fetcher = options.fetch ?? globalThis.fetch;
  const url = options.url.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 30_000;
  const known = options.known ?? (options.previous ? [options.previous] : []);
  const fetchText = (path: string) => get(fetcher, `${url}${path}`, timeoutMs);

  const { policy } = options;
  if (policy && options.vkey !== undefined && options.vkey !== policy.log.vkey) {
    throw new TlogError("invalid_argument", "the vkey given is not the policy's log key");
  }
  const atUrl = known.find((s) => s.urls.includes(url));
  const served = policy?.log.vkey ?? options.vkey ?? atUrl?.vkey ?? (await fetchText("/log/vkey")).trim();
  const key = parseVerifierKey(served);
  const pinned = known.find((s) => s.origin === key.name);
  if (pinned && served !== pinned.vkey) {
    throw new TlogError("verification_failed", `the log's key is ${served}, but ${pinned.vkey} was pinned`);
  }
  const note = await fetchText("/log/checkpoint");
  const { checkpoint } = await openCheckpoint(note, served);
  const previous = known.find((s) => s.origin === checkpoint.origin) ?? null;
  if (previous === null && atUrl) {
    throw new TlogError("verification_failed", `the checkpoint is for ${checkpoint.origin}, not ${atUrl.origin}`);
  }

  const root = toBase64(checkpoint.root);
  let status: MonitorResult["status"] = "first";
  if (previous) status = await checkExtends(previous, checkpoint, root, fetchText);
  // What the policy's witnesses hold: a fork they refused contradicts it, even one seen first.
  const witnessViews = policy
    ? await checkWitnessViews(
        policy,
        checkpoint,
        (address) => get(fetcher, address, timeoutMs),
        async (from, to) => parseConsistency(await fetchText(`/log/consistency?from=${from}&to=${to}`), from, to),
      )
    : undefined;

  // The new leaves, read from the bundles and proven under this checkpoint.
  const resume = previous?.sessions !== undefined && previous.index !== undefined;
  const from = resume ? previous.size : 0;
  let sessions: SessionSeqs = resume ? (previous.sessions ?? {}) : {};
  const index = await IndexRecompute.from(resume ? (previous.index ?? []) : []);
  const problems: string[] = [];
  const fetchTile = (tile: Tile) => getBytes(fetcher, `${url}/log/${tilePath(tile)}`, timeoutMs);
  const fetchBundle = (bundle: BundleRef) => getBytes(fetcher, `${url}/log/${bundlePath(bundle)}`, timeoutMs);
  for await (const leaves of readLeaves(checkpoint, from, checkpoint.size, fetchTile, fetchBundle)) {
    const checked = checkSessionLeaves(leaves, sessions);
    sessions = checked.sessions;
    problems.push(...checked.problems);
    await index.add(leaves);
  }
  // Sessions' repeated or skipped seqs are listed once, above; the index adds the other subjects'.
  problems.push(...index.problems.filter((p) => !/ of session | session:/.test(p)));
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED).join("; ");
    const more = problems.length > MAX_LISTED ? ` (and ${problems.length - MAX_LISTED} more)` : "";
    throw new TlogError("verification_failed", `the log's audit leaves contradict each other: ${listed}${more}`);
  }

  const indexChecked = await compareIndex(index.root, checkpoint, served, fetchText);

  let cosigned: PolicyResult["cosigned"] | undefined;
  if (policy) {
    const checked = await checkWitnessPolicy(note, policy);
    if (!checked.meets) {
      throw new TlogError(
        "missing_data",
        `not witnessed yet: the checkpoint of size ${checkpoint.size} is consistent, but has ${checked.cosigned.length} of the ${policy.quorum} witness cosignatures the policy requires (witnesses may lag; run again later)`,
      );
    }
    cosigned = checked.cosigned;
  }
  const state: MonitorState = {
    vkey: served,
    origin: checkpoint.origin,
    size: checkpoint.size,
    root,
    checkpoint: note,
    checkedAt: (options.now?.() ?? new Date()).toISOString(),
    urls: [...new Set([...(previous?.urls ?? []), url])],
    sessions,
    index: index.values(),
  };
  return {
    status,
    previousSize: previous?.size ?? null,
    scanned: checkpoint.size - from,
    indexChecked,
    checkpoint,
    state,
    ...(cosigned ? { cosigned } : {}),
    ...(witnessViews ? { witnessViews } : {}),
  };
}

/** Proves `checkpoint` extends the saved one; throws `verification_failed` when it does not. */
async function checkExtends(
  previous: MonitorState,
  checkpoint: Checkpoint,
  root: string,
  fetchText: (path: string) => Promise<string>,
): Promise<"unchanged" | "grew"> {
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
        `the log has two roots for size ${old.size}: ${previous.root} before, ${root} now`,
      );
    }
    return "unchanged";
  }
  if (old.size === 0) {
    // Every tree extends the empty one; only its root needs checking.
    if (!equalBytes(old.root, emptyRoot()))
      throw new TlogError("verification_failed", "the saved empty tree has a root");
    return "grew";
  }
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
  return "grew";
}
