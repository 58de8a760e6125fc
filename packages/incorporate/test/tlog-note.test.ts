import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TlogError } from "../src/tlog/errors.ts";
import { formatNote, MAX_NOTE_SIGNATURES, parseNote, signNote, verifyNote } from "../src/tlog/note.ts";
import {
  formatSignerKey,
  formatVerifierKey,
  generateNoteKey,
  parseVerifierKey,
  signerFromKey,
  verifierFromKey,
} from "../src/tlog/note-keys.ts";

// The example of c2sp.org/signed-note ("Verifier keys"), byte for byte.
const C2SP_VKEY = "example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k";
const C2SP_NOTE =
  "This is an example message.\n\n— example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1Yu72IneyaQM=\n";
// The opening example of c2sp.org/signed-note: a text with a blank line of its own.
const C2SP_POEM =
  "Ognuno sta solo sul cuor della terra\ntrafitto da un raggio di sole:\n\ned è subito sera.\n\n— quasimodo.example/salvatore NnugSzTjtVAewIS+Z/iJhUPeFDkO/5QQ2i5ddnGITLlC+EhfLW9oJKONrMouFSQU0xMcXxj99ihAQwaqP3ZekRwNtIc=\n";

// Test keys and notes of Go's reference implementation (golang.org/x/mod/sumdb/note, note_test.go).
const PETER_SKEY = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz";
const PETER_VKEY = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW";
const ENOCH_VKEY = "EnochRoot+af0cfe78+ATtqJ7zOtqQtYqOo0CpvDXNlMhV3HeJDpjrASKGLWdop";
const TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const PETER_SIG =
  "— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n";
const ENOCH_SIG =
  "— EnochRoot rwz+eBzmZa0SO3NbfRGzPCpDckykFXSdeX+MNtCOXm2/5n2tiOHp+vAF1aGrQ5ovTG01oOTGwnWLox33WWd1RvMc+QQ=\n";

async function failure(p: Promise<unknown>): Promise<TlogError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(TlogError);
    return err as TlogError;
  }
  throw new Error("expected a TlogError");
}

describe("known answers", () => {
  it("verifies the signed-note spec's example under its vkey", async () => {
    const key = parseVerifierKey(C2SP_VKEY);
    expect(key).toMatchObject({ name: "example.com/foo", keyId: 0x530d903a, type: 1 });
    expect(formatVerifierKey(key)).toBe(C2SP_VKEY);
    const note = await verifyNote(C2SP_NOTE, verifierFromKey(C2SP_VKEY));
    expect(note.text).toBe("This is an example message.\n");
    expect(note.verified.map((s) => s.name)).toEqual(["example.com/foo"]);
    expect(formatNote(note)).toBe(C2SP_NOTE);
  });

  it("parses the spec's poem, whose text holds a blank line, and re-formats it byte for byte", async () => {
    const note = parseNote(C2SP_POEM);
    expect(note.text).toBe(
      "Ognuno sta solo sul cuor della terra\ntrafitto da un raggio di sole:\n\ned è subito sera.\n",
    );
    expect(note.signatures).toHaveLength(1);
    expect(note.signatures[0]).toMatchObject({ name: "quasimodo.example/salvatore", keyId: 0x367ba04b });
    expect(note.signatures[0]?.signature).toHaveLength(64);
    expect(formatNote(note)).toBe(C2SP_POEM);
    expect(parseNote(new TextEncoder().encode(C2SP_POEM))).toEqual(note);
    // Its key is not published: a verifier for another key finds nothing to trust.
    expect((await failure(verifyNote(C2SP_POEM, verifierFromKey(C2SP_VKEY)))).code).toBe("unverified");
  });

  it("signs exactly as Go's reference implementation does", async () => {
    const signer = await signerFromKey(PETER_SKEY);
    expect(signer.verifierKey).toBe(PETER_VKEY);
    expect(await signNote(TEXT, signer)).toBe(`${TEXT}\n${PETER_SIG}`);
    // A signature by the same key is replaced, others are kept.
    const existing = parseNote(`${TEXT}\n${ENOCH_SIG}${PETER_SIG}`).signatures;
    expect(await signNote(TEXT, signer, existing)).toBe(`${TEXT}\n${PETER_SIG}${ENOCH_SIG}`);
  });

  it("checks the signatures of the keys it is given and ignores the rest", async () => {
    const note = `${TEXT}\n${PETER_SIG}${ENOCH_SIG}`;
    const peter = verifierFromKey(PETER_VKEY);
    const enoch = verifierFromKey(ENOCH_VKEY);
    expect((await verifyNote(note, peter)).verified.map((s) => s.name)).toEqual(["PeterNeumann"]);
    expect((await verifyNote(note, [enoch])).verified.map((s) => s.name)).toEqual(["EnochRoot"]);
    expect((await verifyNote(note, [peter, enoch])).verified.map((s) => s.name)).toEqual(["PeterNeumann", "EnochRoot"]);
    expect((await verifyNote(`${TEXT}\n${PETER_SIG}${PETER_SIG}`, peter)).verified).toHaveLength(1);
    expect((await failure(verifyNote(note, []))).code).toBe("unverified");
  });
});

describe("verification failures", () => {
  const peter = verifierFromKey(PETER_VKEY);

  it("rejects the whole note when a trusted key's signature fails", async () => {
    const broken = `${PETER_SIG.slice(0, 60)}ABCD${PETER_SIG.slice(60)}`;
    const err = await failure(verifyNote(`${TEXT}\n${broken}`, peter));
    expect(err.code).toBe("verification_failed");
    expect(err.message).toContain("PeterNeumann+c74f20a3");
    // Even next to a good signature by the same key.
    expect((await failure(verifyNote(`${TEXT}\n${PETER_SIG}${broken}`, peter))).code).toBe("verification_failed");
  });

  it("rejects a changed text", async () => {
    const err = await failure(verifyNote(`${TEXT.replace("answer", "Answer")}\n${PETER_SIG}`, peter));
    expect(err.code).toBe("verification_failed");
  });

  it("ignores a signature that shares only the name or only the key ID of a trusted key", async () => {
    const otherId = PETER_SIG.replace("x08g", "xxxx");
    const otherName = PETER_SIG.replace("PeterNeumann", "CarmenSandiego");
    for (const sig of [otherId, otherName]) {
      expect((await failure(verifyNote(`${TEXT}\n${sig}`, peter))).code).toBe("unverified");
      expect((await verifyNote(`${TEXT}\n${sig}${PETER_SIG}`, peter)).verified).toHaveLength(1);
    }
  });

  it("refuses two different keys with one name and key ID", async () => {
    const twin = { ...verifierFromKey(PETER_VKEY) };
    expect((await failure(verifyNote(`${TEXT}\n${PETER_SIG}`, [peter, twin]))).code).toBe("invalid_argument");
  });
});

describe("malformed notes", () => {
  const peter = verifierFromKey(PETER_VKEY);
  const bad: [string, string | Uint8Array][] = [
    ["text only", TEXT],
    ["no signature lines", `${TEXT}\n`],
    ["no final newline", `${TEXT}\n${PETER_SIG.slice(0, -1)}`],
    ["a control character", `\u0001${TEXT}\n${PETER_SIG}`],
    ["a tab", `a\tb\n\n${PETER_SIG}`],
    ["a carriage return", `${TEXT.replace("\n", "\r\n")}\n${PETER_SIG}`],
    ["invalid UTF-8", new Uint8Array([0xff, ...new TextEncoder().encode(`${TEXT}\n${PETER_SIG}`)])],
    ["a lone surrogate", `\uD800${TEXT}\n${PETER_SIG}`],
    ["a space in the key name", `${TEXT}\n${PETER_SIG.replace("PeterNeumann", "Peter Neumann")}`],
    ["a plus in the key name", `${TEXT}\n${PETER_SIG.replace("PeterNeumann", "Peter+Neumann")}`],
    ["a line that is not a signature", `${TEXT}\n${PETER_SIG}Unexpected line.\n`],
    ["a hyphen for the em dash", `${TEXT}\n${PETER_SIG.replace("—", "-")}`],
    ["two spaces", `${TEXT}\n${PETER_SIG.replace(" x08", "  x08")}`],
    ["unpadded base64", `${TEXT}\n${PETER_SIG.replace("M=\n", "M\n")}`],
    ["a signature of four bytes", `${TEXT}\n— PeterNeumann x08gow==\n`],
    ["an empty text", `\n${PETER_SIG}`],
    [`${MAX_NOTE_SIGNATURES + 1} signatures`, `${TEXT}\n${PETER_SIG.repeat(MAX_NOTE_SIGNATURES + 1)}`],
  ];

  it.each(bad)("rejects %s", async (_, message) => {
    const err = await failure(verifyNote(message, peter));
    expect(err.code).toBe("malformed");
    expect(err.message).toMatch(/^malformed note: /);
  });

  it(`accepts ${MAX_NOTE_SIGNATURES} signatures`, async () => {
    const note = await verifyNote(`${TEXT}\n${PETER_SIG.repeat(MAX_NOTE_SIGNATURES)}`, peter);
    expect(note.signatures).toHaveLength(MAX_NOTE_SIGNATURES);
  });

  it("refuses to sign a text without a final newline", async () => {
    const signer = await signerFromKey(PETER_SKEY);
    expect((await failure(signNote("abc", signer))).code).toBe("malformed");
  });
});

describe("keys", () => {
  it("reject every truncation and every one-character change of a vkey", () => {
    for (let i = 0; i <= PETER_VKEY.length; i++) {
      for (let j = i + 1; j <= PETER_VKEY.length; j++) {
        if (i === 0 && j === PETER_VKEY.length) continue;
        expect(() => parseVerifierKey(PETER_VKEY.slice(i, j)), PETER_VKEY.slice(i, j)).toThrow(TlogError);
      }
    }
    for (let i = 0; i < PETER_VKEY.length; i++) {
      const changed =
        PETER_VKEY.slice(0, i) + String.fromCharCode(PETER_VKEY.charCodeAt(i) + 1) + PETER_VKEY.slice(i + 1);
      expect(() => parseVerifierKey(changed), changed).toThrow(TlogError);
    }
  });

  it("reject a wrong key length and an unknown signature type, even with a matching key ID", () => {
    expect(() =>
      parseVerifierKey("PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY=="),
    ).toThrow(TlogError);
    const short = formatVerifierKey({ name: "PeterNeumann", type: 1, publicKey: new Uint8Array(31) });
    expect(() => parseVerifierKey(short)).toThrow(/32 bytes, got 31/);
    expect(() => parseVerifierKey("PeterNeumann+173116ae+ZRpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW")).toThrow(
      /unsupported signature type 0x65/,
    );
    expect(() => parseVerifierKey("PeterNeumann+C74F20A3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW")).toThrow(
      /lowercase hex/,
    );
  });

  it("reject every one-character change of a signer key", async () => {
    for (let i = 0; i < PETER_SKEY.length; i++) {
      const changed =
        PETER_SKEY.slice(0, i) + String.fromCharCode(PETER_SKEY.charCodeAt(i) + 1) + PETER_SKEY.slice(i + 1);
      await expect(signerFromKey(changed), changed).rejects.toThrow(TlogError);
    }
    await expect(signerFromKey(PETER_SKEY.slice(0, -4))).rejects.toThrow(TlogError);
    await expect(signerFromKey(PETER_VKEY)).rejects.toThrow(/PRIVATE\+KEY/);
  });

  it("generate key pairs that sign and verify, whatever plus signs their base64 holds", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.stringMatching(/^[a-z0-9./_-]{1,30}$/),
        fc.string({ unit: "grapheme", maxLength: 60 }).map((s) => `${[...s].filter((c) => c >= " ").join("")}\n`),
        async (seed, name, text) => {
          const signer = await signerFromKey(await formatSignerKey(name, seed));
          const vkey = signer.verifierKey;
          expect(formatVerifierKey(parseVerifierKey(vkey))).toBe(vkey);
          const signed = await signNote(text, signer);
          const note = await verifyNote(signed, verifierFromKey(vkey));
          expect(note.text).toBe(text);
          expect((await failure(verifyNote(signed.replace(/^/, "x"), verifierFromKey(vkey)))).code).toBe(
            "verification_failed",
          );
        },
      ),
      { numRuns: 60 },
    );
    // A vkey whose base64 has a plus: the parser splits at the first two plus signs only.
    let seed = 0;
    let vkey = "";
    while (!vkey.split("+")[2]?.length || vkey.split("+").length < 4) {
      const key = await signerFromKey(await formatSignerKey("example.com/log", new Uint8Array(32).fill(seed++)));
      vkey = key.verifierKey;
    }
    expect(parseVerifierKey(vkey).name).toBe("example.com/log");
  });

  it("generateNoteKey gives a fresh pair each time", async () => {
    const a = await generateNoteKey("log.example/a");
    const b = await generateNoteKey("log.example/a");
    expect(a.signerKey).not.toBe(b.signerKey);
    const signer = await signerFromKey(a.signerKey);
    expect(signer.verifierKey).toBe(a.verifierKey);
    await verifyNote(await signNote("hello\n", signer), verifierFromKey(a.verifierKey));
    await expect(generateNoteKey("bad name")).rejects.toThrow(TlogError);
  });
});
