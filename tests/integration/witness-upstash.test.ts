// The built-in witness's compare-and-set on Upstash (a real redis-server behind the REST bridge):
// 20 concurrent add-checkpoint requests from one size advance the witness exactly once, as on the
// embedded store (tests/unit/witness-add-checkpoint.test.ts).

import {
  formatAddCheckpoint,
  formatCheckpoint,
  formatSignerKey,
  KEY_TYPE_COSIGNATURE_V1,
  MemoryTree,
  signerFromKey,
  signNote,
} from "@sociedades-ia/incorporate/tlog";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addCheckpoint } from "@/lib/witness/add-checkpoint";
import { witnessKey } from "@/lib/witness/witness-key";
import { readWitnessedLog } from "@/lib/witness/witness-state";
import { startUpstashStack, type UpstashStack } from "../support/upstash-stack";

const ORIGIN = "upstash.example/log";
let stack: UpstashStack;
beforeAll(async () => {
  stack = await startUpstashStack();
});
afterAll(async () => {
  await stack?.close();
});

it("advances exactly once when 20 requests from the same size race", async () => {
  const log = await signerFromKey(await formatSignerKey(ORIGIN, new Uint8Array(32).fill(1)));
  const skey = `PRIVATE+KEY+w.example/u+00000000+${Buffer.concat([Buffer.from([KEY_TYPE_COSIGNATURE_V1]), Buffer.alloc(32, 2)]).toString("base64")}`;
  const config = { signerKey: skey, name: "w.example/u", logs: new Map([[ORIGIN, [log.verifierKey]]]) };
  const key = await witnessKey(config, () => 1_700_000_000);
  const tree = new MemoryTree();
  const checkpointAt = async (size: number) => {
    while (tree.size < size) tree.appendEntries(new TextEncoder().encode(`leaf ${tree.size}`));
    return signNote(formatCheckpoint({ origin: ORIGIN, size, root: tree.root(size), extensions: [] }), log);
  };
  const first = formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: await checkpointAt(4) });
  expect((await addCheckpoint(first, config, key, stack.store)).status).toBe(200);

  const nine = await checkpointAt(9);
  const next = formatAddCheckpoint({ oldSize: 4, proof: tree.consistencyProof(4, 9), checkpoint: nine });
  const answers = await Promise.all(Array.from({ length: 20 }, () => addCheckpoint(next, config, key, stack.store)));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.status === 409)).toEqual(Array(19).fill({ status: 409, size: 9 }));
  expect((await readWitnessedLog(stack.store, ORIGIN)).state?.size).toBe(9);
});
