import {
  fromBase64,
  openCheckpoint,
  rootCoords,
  rootFromStored,
  storedHashesFromTiles,
  tilePath,
  toBase64,
  verifyConsistency,
} from "@sociedades-ia/incorporate/tlog";
import { sendApi } from "@/app/_client/api";

/** Why a check could not run; the page words each in its language. */
export type CheckFailure =
  | { kind: "network" }
  | { kind: "noWebCrypto" }
  | { kind: "server"; status: number; detail?: string }
  | { kind: "checkpoint"; detail: string }
  /** The tiles or the proof do not decode: the server's data cannot back its signed head. */
  | { kind: "data"; detail: string };

export type ConsistencyOutcome =
  | { kind: "consistent"; from: number; to: number; size: number; proofLength: number; roots: [string, string] }
  | { kind: "inconsistent"; from: number; to: number; size: number; detail: string }
  | { kind: "failed"; failure: CheckFailure };

class Failed extends Error {
  constructor(readonly failure: CheckFailure) {
    super(failure.kind);
  }
}

async function get(path: string): Promise<Response> {
  const sent = await sendApi(path, { cache: "no-store" });
  if (sent.ok) return sent.response;
  const { problem } = sent;
  throw new Failed(
    problem.kind === "http"
      ? { kind: "server", status: problem.status, ...(problem.detail ? { detail: problem.detail } : {}) }
      : { kind: "network" },
  );
}

/** The root of the tree of `size` leaves, rebuilt from the log's public tiles (unproved until checked). */
async function rootFromTiles(size: number): Promise<Uint8Array> {
  const lookup = await storedHashesFromTiles(size, rootCoords(size), async (tile) => {
    return new Uint8Array(await (await get(`/log/${tilePath(tile)}`)).arrayBuffer());
  });
  return rootFromStored(size, lookup);
}

async function consistencyProof(from: number, to: number): Promise<Uint8Array[]> {
  const body = (await (await get(`/log/consistency?from=${from}&to=${to}`)).json()) as { hashes?: unknown };
  const hashes = Array.isArray(body.hashes) ? body.hashes : [];
  return hashes.map((h) => (typeof h === "string" ? fromBase64(h) : null) ?? new Uint8Array(0));
}

/**
 * Checks in the browser that the log's tree of `from` leaves is a prefix of its tree of `to` leaves,
 * both inside the latest checkpoint signed under `vkey`: the two roots come from the tiles, the
 * proof from /log/consistency, and a second proof (or equality) ties the `to` root to the signed one.
 * Tiles and proofs are taken from the server untrusted; only the signed checkpoint anchors them.
 */
export async function checkConsistency(vkey: string, from: number, to: number): Promise<ConsistencyOutcome> {
  try {
    const note = await (await get("/log/checkpoint")).text();
    let signed: { size: number; root: Uint8Array };
    try {
      signed = (await openCheckpoint(note, vkey)).checkpoint;
    } catch (err) {
      throw new Failed({ kind: "checkpoint", detail: (err as Error).message });
    }
    const [fromRoot, toRoot] = await Promise.all([rootFromTiles(from), rootFromTiles(to)]);
    const proof = await consistencyProof(from, to);
    try {
      verifyConsistency(from, to, proof, fromRoot, toRoot);
      if (to < signed.size)
        verifyConsistency(to, signed.size, await consistencyProof(to, signed.size), toRoot, signed.root);
      else if (toBase64(toRoot) !== toBase64(signed.root))
        throw new Error("the tiles give another root than the checkpoint");
    } catch (err) {
      if (err instanceof Failed) throw err;
      return { kind: "inconsistent", from, to, size: signed.size, detail: (err as Error).message };
    }
    return {
      kind: "consistent",
      from,
      to,
      size: signed.size,
      proofLength: proof.length,
      roots: [toBase64(fromRoot), toBase64(toRoot)],
    };
  } catch (err) {
    // A tile fetch that failed reaches here wrapped by the tile reader, as its cause.
    const failed = err instanceof Failed ? err : (err as { cause?: unknown }).cause;
    if (failed instanceof Failed) return { kind: "failed", failure: failed.failure };
    return { kind: "failed", failure: { kind: "data", detail: (err as Error).message } };
  }
}
