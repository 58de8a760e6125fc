// The built-in witness's add-checkpoint (c2sp.org/tlog-witness) against a real embedded store: every
// status of the spec's table, that a refusal changes nothing, and that 20 concurrent requests from
// the same size advance the witness exactly once.
import fs from "node:fs";
import {
  cosignatureTimestamp,
  formatAddCheckpoint,
  formatCheckpoint,
  formatSignerKey,
  KEY_TYPE_COSIGNATURE_V1,
  MemoryTree,
  parseNote,
  signerFromKey,
  signNote,
  verifierFromKey,
  verifyNote,
} from "@sociedades-ia/incorporate/tlog";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BuiltInWitnessConfig } from "@/lib/config/witnesses";
import { EmbeddedStore } from "@/lib/store/embedded";
import { addCheckpoint } from "@/lib/witness/add-checkpoint";
import { type WitnessKey, witnessKey } from "@/lib/witness/witness-key";
import { readWitnessedLog, witnessedLogKey } from "@/lib/witness/witness-state";
import { tempDir } from "../support/temp-dir";

const ORIGIN = "registro.example/log";
const seed = (n: number) => new Uint8Array(32).fill(n);
const encoder = new TextEncoder();

/** A witness signer key as WITNESS_SIGNING_KEY holds it: the note key format with type 0x04. */
function witnessSignerKey(name: string, seedByte: number, keyId: string): string {
  return `PRIVATE+KEY+${name}+${keyId}+${Buffer.concat([Buffer.from([KEY_TYPE_COSIGNATURE_V1]), Buffer.from(seed(seedByte))]).toString("base64")}`;
}

let dir: string;
let store: EmbeddedStore;
let key: WitnessKey;
let config: BuiltInWitnessConfig;
let log: Awaited<ReturnType<typeof signerFromKey>>;
let tree: MemoryTree;

beforeEach(async () => {
  dir = tempDir("sia-witness-");
  store = EmbeddedStore.open(dir);
  log = await signerFromKey(await formatSignerKey(ORIGIN, seed(1)));
  // The key id is checked by the configuration, not here: any id builds a signer of the right key.
  const skey = witnessSignerKey("witness.example/w1", 2, "00000000");
  key = await witnessKey({ signerKey: skey, name: "witness.example/w1", logs: new Map() }, () => 1_700_000_000);
  config = { signerKey: skey, name: key.name, logs: new Map([[ORIGIN, [log.verifierKey]]]) };
  tree = new MemoryTree();
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Grows the log's tree to `size` leaves and signs its checkpoint. */
async function checkpointAt(size: number, signer = log): Promise<string> {
  while (tree.size < size) tree.appendEntries(encoder.encode(`leaf ${tree.size}`));
  const text = formatCheckpoint({ origin: ORIGIN, size, root: tree.root(size), extensions: [] });
  return signNote(text, signer);
}

async function submit(oldSize: number, checkpoint: string, proof?: Uint8Array[]) {
  const size = Number(parseNote(checkpoint).text.split("\n")[1]);
  const body = formatAddCheckpoint({
    oldSize,
    proof: proof ?? (oldSize === 0 || oldSize === size ? [] : tree.consistencyProof(oldSize, size)),
    checkpoint,
  });
  return addCheckpoint(body, config, key, store);
}

async function refusal(p: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await p;
  } catch (err) {
    return err as { code: string; status: number };
  }
  throw new Error("expected a refusal");
}

const witnessed = async () => (await readWitnessedLog(store, ORIGIN)).state;

describe("add-checkpoint", () => {
  it("cosigns a first checkpoint and then one proven consistent with it", async () => {
    const first = await checkpointAt(3);
    const answer = await submit(0, first);
    expect(answer.status).toBe(200);
    const lines = answer.status === 200 ? answer.body : "";
    expect(lines).toMatch(/^— witness\.example\/w1 \S+\n$/);
    const cosigned = await verifyNote(`${parseNote(first).text}\n${lines}`, verifierFromKey(key.vkey));
    expect(cosignatureTimestamp(cosigned.verified[0]?.signature as Uint8Array)).toBe(1_700_000_000);
    expect(await witnessed()).toMatchObject({ size: 3 });

    expect((await submit(3, await checkpointAt(10))).status).toBe(200);
    expect((await submit(10, await checkpointAt(10))).status).toBe(200);
    expect((await witnessed())?.size).toBe(10);
    // The stored checkpoint carries the log's signature and the witness's, as evidence.
    const stored = parseNote((await witnessed())?.checkpoint as string);
    expect(stored.signatures.map((s) => s.name)).toEqual([ORIGIN, "witness.example/w1"]);
  });

  it("answers a stale old size 409 with the size it holds", async () => {
    await submit(0, await checkpointAt(5));
    expect(await submit(0, await checkpointAt(8))).toEqual({ status: 409, size: 5 });
    expect(await submit(3, await checkpointAt(8), tree.consistencyProof(3, 8))).toEqual({ status: 409, size: 5 });
    expect((await witnessed())?.size).toBe(5);
  });

  it("refuses a log it does not witness with 404", async () => {
    const other = await signerFromKey(await formatSignerKey("other.example/log", seed(3)));
    const text = formatCheckpoint({ origin: "other.example/log", size: 0, root: tree.root(0), extensions: [] });
    const body = formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: await signNote(text, other) });
    expect(await refusal(addCheckpoint(body, config, key, store))).toMatchObject({
      code: "witness_unknown_log",
      status: 404,
    });
  });

  it("refuses a checkpoint the log's key did not sign, or whose signature fails, with 403", async () => {
    const impostor = await signerFromKey(await formatSignerKey(ORIGIN, seed(4)));
    expect(await refusal(submit(0, await checkpointAt(2, impostor)))).toMatchObject({
      code: "witness_unverified",
      status: 403,
    });
    const signed = await checkpointAt(2);
    const tampered = signed.replace(/(— \S+ )(\S)/, (_, head, c) => `${head}${c === "A" ? "B" : "A"}`);
    expect(await refusal(submit(0, tampered))).toMatchObject({ code: "witness_unverified", status: 403 });
    expect(await witnessed()).toBeNull();
  });

  it("refuses malformed requests and an old size beyond the checkpoint with 400", async () => {
    const good = formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: await checkpointAt(2) });
    for (const body of ["", "old 0\n", good.replace("old 0", "old 00"), good.replace("\n\n", "\n"), `${good}x`]) {
      expect(await refusal(addCheckpoint(body, config, key, store))).toMatchObject({
        code: "invalid_request",
        status: 400,
      });
    }
    const tooMany = `old 1\n${"PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=\n".repeat(64)}\n${await checkpointAt(2)}`;
    expect(await refusal(addCheckpoint(tooMany, config, key, store))).toMatchObject({ status: 400 });
    const beyond = good.replace("old 0", "old 3");
    expect(await refusal(addCheckpoint(beyond, config, key, store))).toMatchObject({ status: 400 });
    expect(await witnessed()).toBeNull();
  });

  it("refuses with 422 a bad proof, another root at the same size, a proof from 0, a wrong empty root", async () => {
    await submit(0, await checkpointAt(4));
    const nine = await checkpointAt(9);
    const proof = tree.consistencyProof(4, 9);
    proof[0] = new Uint8Array(32);
    expect(await refusal(submit(4, nine, proof))).toMatchObject({
      code: "witness_inconsistent",
      status: 422,
    });
    // A fork: another tree of 4 leaves, signed by the same log key.
    const fork = new MemoryTree();
    for (let i = 0; i < 4; i++) fork.appendEntries(encoder.encode(`fork ${i}`));
    const forked = await signNote(
      formatCheckpoint({ origin: ORIGIN, size: 4, root: fork.root(), extensions: [] }),
      log,
    );
    expect(await refusal(submit(4, forked))).toMatchObject({ status: 422 });
    expect((await witnessed())?.size).toBe(4);

    await store.del(witnessedLogKey(ORIGIN));
    const fromZero = `old 0\n${Buffer.from(new Uint8Array(32)).toString("base64")}\n\n${await checkpointAt(4)}`;
    expect(await refusal(addCheckpoint(fromZero, config, key, store))).toMatchObject({ status: 422 });
    const emptyWrong = await signNote(
      formatCheckpoint({ origin: ORIGIN, size: 0, root: new Uint8Array(32), extensions: [] }),
      log,
    );
    expect(await refusal(submit(0, emptyWrong))).toMatchObject({ status: 422 });
    expect(await witnessed()).toBeNull();
  });

  it("advances exactly once when 20 requests from the same size race", async () => {
    await submit(0, await checkpointAt(6));
    const next = await checkpointAt(12);
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(6, next)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toEqual(Array(19).fill({ status: 409, size: 12 }));
    expect((await witnessed())?.size).toBe(12);
  });
});
