import { describe, expect, it } from "vitest";
import { openCheckpoint } from "../src/tlog/checkpoint.ts";
import { cosignatureMessage, cosignatureTimestamp, cosignerFromSeed } from "../src/tlog/cosignature.ts";
import { TlogError } from "../src/tlog/errors.ts";
import { KEY_TYPE_COSIGNATURE_V1, KEY_TYPE_ED25519 } from "../src/tlog/key-id.ts";
import { formatNote, parseNote, signNote, verifyNote } from "../src/tlog/note.ts";
import {
  formatSignerKey,
  formatVerifierKey,
  parseVerifierKey,
  signerFromKey,
  verifierFromKey,
} from "../src/tlog/note-keys.ts";

// The example of c2sp.org/tlog-cosignature: a checkpoint with the log's signature and a witness's.
const SPEC_TEXT = "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n";
const SPEC_NOTE = `${SPEC_TEXT}
— example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=
— witness.example.com/w1 jWbPPwAAAABkGFDLEZMHwSRaJNiIDoe9DYn/zXcrtPHeolMI5OWXEhZCB9dlrDJsX3b2oyin1nPZqhf5nNo0xUe+mbIUBkBIfZ+qnA==
`;
// The spec's signed message for that checkpoint at its timestamp.
const SPEC_MESSAGE = `cosignature/v1
time 1679315147
example.com/behind-the-sofa
20852163
CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=
`;

const seed = (n: number) => new Uint8Array(32).fill(n);

async function failure(p: Promise<unknown>): Promise<TlogError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(TlogError);
    return err as TlogError;
  }
  throw new Error("expected a TlogError");
}

/** A log key, a witness, and a checkpoint signed by the log and cosigned by the witness at time 1700000000. */
async function cosignedCheckpoint() {
  const log = await signerFromKey(await formatSignerKey("registro.example/log", seed(1)));
  const witness = await cosignerFromSeed("witness.example/w1", seed(2), () => 1_700_000_000);
  const witnessVkey = formatVerifierKey({
    name: witness.name,
    type: KEY_TYPE_COSIGNATURE_V1,
    publicKey: witness.publicKey,
  });
  const text = `registro.example/log\n3\n${"A".repeat(43)}=\n`;
  const byLog = parseNote(await signNote(text, log));
  const both = await signNote(text, witness, byLog.signatures);
  return { log, witness, witnessVkey, text, both };
}

describe("the spec's example", () => {
  it("carries the timestamp of its signed message, which this code rebuilds byte for byte", () => {
    const note = parseNote(SPEC_NOTE);
    expect(formatNote(note)).toBe(SPEC_NOTE);
    const cosig = note.signatures[1];
    expect(cosig).toMatchObject({ name: "witness.example.com/w1", keyId: 0x8d66cf3f });
    const timestamp = cosignatureTimestamp(cosig?.signature as Uint8Array);
    expect(timestamp).toBe(1679315147);
    expect(cosignatureMessage(note.text, timestamp)).toBe(SPEC_MESSAGE);
  });
});

describe("cosignatures", () => {
  it("verify beside the log's signature, each under its own key", async () => {
    const { log, witnessVkey, both } = await cosignedCheckpoint();
    expect(parseVerifierKey(witnessVkey).type).toBe(KEY_TYPE_COSIGNATURE_V1);
    const byWitness = await verifyNote(both, verifierFromKey(witnessVkey));
    expect(byWitness.verified.map((s) => s.name)).toEqual(["witness.example/w1"]);
    expect(cosignatureTimestamp(byWitness.verified[0]?.signature as Uint8Array)).toBe(1_700_000_000);
    // The log's checkpoint opens with the log's key alone: the cosignature is ignored, not an error.
    const { note } = await openCheckpoint(both, log.verifierKey);
    expect(note.verified.map((s) => s.name)).toEqual(["registro.example/log"]);
    const all = await verifyNote(both, [verifierFromKey(log.verifierKey), verifierFromKey(witnessVkey)]);
    expect(all.verified).toHaveLength(2);
  });

  it("fail when the timestamp or the checkpoint is changed", async () => {
    const { witness, witnessVkey, both } = await cosignedCheckpoint();
    const note = parseNote(both);
    const cosig = note.signatures.find((s) => s.name === witness.name);
    const stamped = Uint8Array.from(cosig?.signature as Uint8Array);
    stamped[7] = (stamped[7] as number) ^ 1;
    const restamped = formatNote({
      text: note.text,
      signatures: [{ name: witness.name, keyId: witness.keyId, signature: stamped }],
    });
    expect((await failure(verifyNote(restamped, verifierFromKey(witnessVkey)))).code).toBe("verification_failed");
    const moved = both.replace("\n3\n", "\n4\n");
    expect((await failure(verifyNote(moved, verifierFromKey(witnessVkey)))).code).toBe("verification_failed");
  });

  it("are not note signatures: the same key as type 0x01 has another key ID and finds nothing", async () => {
    const { witness, both } = await cosignedCheckpoint();
    const asNoteKey = formatVerifierKey({ name: witness.name, type: KEY_TYPE_ED25519, publicKey: witness.publicKey });
    expect(parseVerifierKey(asNoteKey).keyId).not.toBe(witness.keyId);
    expect((await failure(verifyNote(both, verifierFromKey(asNoteKey)))).code).toBe("unverified");
  });

  it("reject timestamps and signatures of the wrong shape", async () => {
    expect(() => cosignatureTimestamp(new Uint8Array(64))).toThrow(/72 bytes/);
    const far = new Uint8Array(72).fill(0xff);
    expect(() => cosignatureTimestamp(far)).toThrow(/out of range/);
    expect(() => cosignatureMessage("x\n", -1)).toThrow(TlogError);
    const { witnessVkey, text } = await cosignedCheckpoint();
    const short = formatNote({
      text,
      signatures: [
        { name: "witness.example/w1", keyId: parseVerifierKey(witnessVkey).keyId, signature: new Uint8Array(64) },
      ],
    });
    expect((await failure(verifyNote(short, verifierFromKey(witnessVkey)))).code).toBe("verification_failed");
  });
});
