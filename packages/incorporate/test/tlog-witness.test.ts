import { describe, expect, it } from "vitest";
import { toBase64 } from "../src/tlog/bytes.ts";
import { formatCheckpoint, openCheckpoint } from "../src/tlog/checkpoint.ts";
import { cosignatureTimestamp, cosignerFromSeed } from "../src/tlog/cosignature.ts";
import { TlogError } from "../src/tlog/errors.ts";
import { KEY_TYPE_COSIGNATURE_V1 } from "../src/tlog/key-id.ts";
import { MemoryTree } from "../src/tlog/memory-tree.ts";
import { formatSignatureLine, parseNote, signNote, verifyNote } from "../src/tlog/note.ts";
import { formatSignerKey, formatVerifierKey, signerFromKey, verifierFromKey } from "../src/tlog/note-keys.ts";
import { addCosignatures, formatAddCheckpoint, parseAddCheckpoint } from "../src/tlog/witness.ts";

// The example request body of c2sp.org/tlog-witness (add-checkpoint), byte for byte.
const SPEC_BODY = `old 20852014
PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=
jrJZDmY8Y7SyJE0MWLpLozkIVMSMZcD5kvuKxPC3swk=
5+pKlUdi2LeF/BcMHBn+Ku6yhPGNCswZZD1X/6QgPd8=
/6WVhPs2CwSsb5rYBH5cjHV/wSmA79abXAwhXw3Kj/0=

example.com/behind-the-sofa
20852163
CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=

— example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=
— example.com/behind-the-sofa opLqBQsREYCgu6xQkYQwJr9fo45a62DN9EdmHXnZdXNqlcVGlCum2Wks+49/V6267UEjw6QUXTS5Rovnzv++qbSzm9Q=
`;

const seed = (n: number) => new Uint8Array(32).fill(n);

describe("add-checkpoint requests", () => {
  it("parse the spec's example and format it back byte for byte", () => {
    const request = parseAddCheckpoint(SPEC_BODY);
    expect(request.oldSize).toBe(20852014);
    expect(request.proof.map(toBase64)[2]).toBe("5+pKlUdi2LeF/BcMHBn+Ku6yhPGNCswZZD1X/6QgPd8=");
    expect(request.proof).toHaveLength(4);
    expect(parseNote(request.checkpoint).signatures).toHaveLength(2);
    expect(formatAddCheckpoint(request)).toBe(SPEC_BODY);
  });

  it.each([
    ["a leading zero in the old size", SPEC_BODY.replace("old 20852014", "old 020852014")],
    ["a missing old line", SPEC_BODY.replace("old 20852014\n", "")],
    ["a proof line that is not a hash", SPEC_BODY.replace("PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=", "PlRNCrwH")],
    ["no blank line", SPEC_BODY.replace("\n\n", "\n")],
    ["a checkpoint without signatures", `old 0\n\n${"example.com/log\n1\n"}`],
    [
      "64 proof lines",
      `old 5\n${"PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=\n".repeat(64)}\n${SPEC_BODY.split("\n\n")[1]}\n\n${SPEC_BODY.split("\n\n")[2]}`,
    ],
  ])("rejects %s", (_, body) => {
    expect(() => parseAddCheckpoint(body)).toThrow(TlogError);
  });

  it("parses a proof from size 0, which the witness answers 422 rather than 400", () => {
    expect(parseAddCheckpoint(SPEC_BODY.replace("old 20852014", "old 0")).proof).toHaveLength(4);
  });

  it("refuses to format a proof a witness would refuse", () => {
    const checkpoint = SPEC_BODY.slice(SPEC_BODY.indexOf("\n\n") + 2);
    expect(() => formatAddCheckpoint({ oldSize: 0, proof: [new Uint8Array(32)], checkpoint })).toThrow(/must be empty/);
    expect(() => formatAddCheckpoint({ oldSize: 3, proof: [new Uint8Array(31)], checkpoint })).toThrow(TlogError);
    expect(() => formatAddCheckpoint({ oldSize: -1, proof: [], checkpoint })).toThrow(TlogError);
  });
});

describe("adding a witness's cosignatures", () => {
  it("keeps the log's signature, adds the witness's, and drops lines by unknown keys", async () => {
    const log = await signerFromKey(await formatSignerKey("registro.example/log", seed(1)));
    const tree = new MemoryTree();
    tree.appendEntries(new Uint8Array([1]), new Uint8Array([2]));
    const text = formatCheckpoint({ origin: "registro.example/log", size: 2, root: tree.root(), extensions: [] });
    const checkpoint = await signNote(text, log);

    let clock = 1_700_000_000;
    const witness = await cosignerFromSeed("witness.example/w1", seed(2), () => clock);
    const stranger = await cosignerFromSeed("witness.example/w2", seed(3), () => clock);
    const witnessKey = verifierFromKey(
      formatVerifierKey({ name: witness.name, type: KEY_TYPE_COSIGNATURE_V1, publicKey: witness.publicKey }),
    );
    const answer = async () =>
      [witness, stranger]
        .map(async (w) => formatSignatureLine({ name: w.name, keyId: w.keyId, signature: await w.sign(text) }))
        .reduce(async (a, b) => (await a) + (await b));

    const cosigned = await addCosignatures(checkpoint, await answer(), witnessKey);
    expect(parseNote(cosigned).signatures.map((s) => s.name)).toEqual(["registro.example/log", "witness.example/w1"]);
    await openCheckpoint(cosigned, log.verifierKey);
    expect((await verifyNote(cosigned, witnessKey)).verified).toHaveLength(1);

    // A later cosignature by the same witness replaces the earlier one.
    clock += 60;
    const again = await addCosignatures(cosigned, await answer(), witnessKey);
    const sigs = parseNote(again).signatures;
    expect(sigs).toHaveLength(2);
    expect(cosignatureTimestamp(sigs[1]?.signature as Uint8Array)).toBe(1_700_000_060);

    const short = await addCosignatures(checkpoint, "— witness.example/w1 AAAA\n", witnessKey).catch((e) => e);
    expect(short).toBeInstanceOf(TlogError);
    expect(short.code).toBe("malformed");
    const signature = await witness.sign(text);
    signature[20] = (signature[20] as number) ^ 1;
    const forged = formatSignatureLine({ name: witness.name, keyId: witness.keyId, signature });
    const bad = await addCosignatures(checkpoint, forged, witnessKey).catch((e) => e);
    expect(bad).toBeInstanceOf(TlogError);
    expect(bad.code).toBe("verification_failed");
  });
});
