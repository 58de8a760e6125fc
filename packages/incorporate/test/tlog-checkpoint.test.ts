import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toBase64 } from "../src/tlog/bytes.ts";
import { formatCheckpoint, openCheckpoint, parseCheckpoint } from "../src/tlog/checkpoint.ts";
import { TlogError } from "../src/tlog/errors.ts";
import { MemoryTree } from "../src/tlog/memory-tree.ts";
import { parseNote, signNote } from "../src/tlog/note.ts";
import { generateNoteKey, signerFromKey, verifierFromKey } from "../src/tlog/note-keys.ts";

// The example of c2sp.org/tlog-checkpoint, byte for byte.
const SPEC_TEXT = "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n";
const SPEC_NOTE = `${SPEC_TEXT}\n— example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=\n`;
const ROOT = "CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=";

async function failure(p: Promise<unknown>): Promise<TlogError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(TlogError);
    return err as TlogError;
  }
  throw new Error("expected a TlogError");
}

describe("checkpoint text", () => {
  it("parses the spec's example and formats it back byte for byte", () => {
    const note = parseNote(SPEC_NOTE);
    expect(note.signatures[0]).toMatchObject({ name: "example.com/behind-the-sofa", keyId: 0x033de0ae });
    const cp = parseCheckpoint(note.text);
    expect(cp.origin).toBe("example.com/behind-the-sofa");
    expect(cp.size).toBe(20852163);
    expect(toBase64(cp.root)).toBe(ROOT);
    expect(cp.extensions).toEqual([]);
    expect(formatCheckpoint(cp)).toBe(SPEC_TEXT);
  });

  it("round-trips any checkpoint, extension lines included", () => {
    const line = fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }).filter((s) => !s.includes("\n"));
    fc.assert(
      fc.property(
        line,
        fc.maxSafeNat(),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.array(line, { maxLength: 3 }),
        (origin, size, root, extensions) => {
          const cp = { origin, size, root, extensions };
          expect(parseCheckpoint(formatCheckpoint(cp))).toEqual(cp);
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each([
    ["", "newline"],
    [`example.com/log\n5\n${ROOT}`, "newline"],
    ["example.com/log\n5\n", "expected an origin"],
    [`\n5\n${ROOT}\n`, "origin line is empty"],
    [`example.com/log\n05\n${ROOT}\n`, "leading zeros"],
    [`example.com/log\n-1\n${ROOT}\n`, "decimal"],
    [`example.com/log\n+5\n${ROOT}\n`, "decimal"],
    [`example.com/log\n1e3\n${ROOT}\n`, "decimal"],
    [`example.com/log\n 5\n${ROOT}\n`, "decimal"],
    [`example.com/log\n\n${ROOT}\n`, "decimal"],
    [`example.com/log\n9007199254740993\n${ROOT}\n`, "too large"],
    ["example.com/log\n5\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I\n", "root hash"],
    ["example.com/log\n5\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2J=\n", "root hash"],
    ["example.com/log\n5\nCsUYapGGPo4dkMgIAUqom_Xajj7h2fB2MPA3j2jxq2I=\n", "root hash"],
    ["example.com/log\n5\nAAAA\n", "root hash"],
    [`example.com/log\n5\n${ROOT}\nextension\n\n`, "extension line is empty"],
  ])("rejects %j (%s)", (text, why) => {
    expect(() => parseCheckpoint(text)).toThrow(TlogError);
    expect(() => parseCheckpoint(text)).toThrow(new RegExp(`malformed checkpoint: .*${why}`));
  });

  it("refuses to format what it could not parse", () => {
    const root = new Uint8Array(32);
    expect(() => formatCheckpoint({ origin: "", size: 1, root, extensions: [] })).toThrow(TlogError);
    expect(() => formatCheckpoint({ origin: "a\nb", size: 1, root, extensions: [] })).toThrow(TlogError);
    expect(() => formatCheckpoint({ origin: "a", size: -1, root, extensions: [] })).toThrow(TlogError);
    expect(() => formatCheckpoint({ origin: "a", size: 1, root: new Uint8Array(31), extensions: [] })).toThrow(
      TlogError,
    );
    expect(() => formatCheckpoint({ origin: "a", size: 1, root, extensions: [""] })).toThrow(TlogError);
  });
});

describe("openCheckpoint", () => {
  it("verifies a log's signed checkpoint and returns its tree head", async () => {
    const { signerKey, verifierKey } = await generateNoteKey("registro.example/log");
    const signer = await signerFromKey(signerKey);
    const tree = new MemoryTree();
    tree.appendEntries(new TextEncoder().encode("first"), new TextEncoder().encode("second"));
    const text = formatCheckpoint({
      origin: "registro.example/log",
      size: tree.size,
      root: tree.root(),
      extensions: [],
    });
    const signed = await signNote(text, signer);

    const { checkpoint, note } = await openCheckpoint(signed, verifierKey, { origin: "registro.example/log" });
    expect(checkpoint.size).toBe(2);
    expect(checkpoint.root).toEqual(tree.root());
    expect(note.verified).toHaveLength(1);
    // A verifier object works as well as the vkey string.
    await openCheckpoint(signed, [verifierFromKey(verifierKey)]);
  });

  it("rejects another log's origin, another key and a forged body", async () => {
    const { signerKey, verifierKey } = await generateNoteKey("registro.example/log");
    const other = await generateNoteKey("registro.example/log");
    const signer = await signerFromKey(signerKey);
    const signed = await signNote(`registro.example/log\n1\n${ROOT}\n`, signer);

    const wrongOrigin = await failure(openCheckpoint(signed, verifierKey, { origin: "other.example/log" }));
    expect(wrongOrigin.code).toBe("verification_failed");
    expect((await failure(openCheckpoint(signed, other.verifierKey))).code).toBe("unverified");
    const forged = signed.replace("\n1\n", "\n2\n");
    expect((await failure(openCheckpoint(forged, verifierKey))).code).toBe("verification_failed");
  });

  it("rejects a validly signed note whose text is not a checkpoint", async () => {
    const { signerKey, verifierKey } = await generateNoteKey("registro.example/log");
    const signed = await signNote("just a note\n", await signerFromKey(signerKey));
    expect((await failure(openCheckpoint(signed, verifierKey))).code).toBe("malformed");
  });
});
