import fs from "node:fs";
import path from "node:path";
import { hmacTagged, signedForm } from "@sociedades-ia/incorporate/verify";
import { describe, expect, it } from "vitest";
import { HONOURED_RFC_TOKENS, type RfcToken } from "@/lib/discovery/rfc-conformance";
import { canonicalForms, canonicalJson, hmacOf } from "@/lib/signing/canonical";

interface Vector {
  id: string;
  input?: unknown;
  expectedCanonical?: string;
  entry?: Record<string, unknown>;
  expectedHmac?: string;
  mustDifferFrom?: string;
  mustEqual?: string;
}

const read = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/rfc", name), "utf8")) as {
    secret: string;
    vectors: Vector[];
  };

/** The published vectors behind each token the manifest may claim: a token without them is never claimed. */
const PUBLISHED: Partial<Record<RfcToken, string>> = { "rfc-004-v1": "rfc-004-v1.json" };

describe("RFC conformance tokens", () => {
  it("are claimed only where published vectors back them", () => {
    for (const token of HONOURED_RFC_TOKENS) expect(PUBLISHED[token], token).toBeDefined();
    expect(HONOURED_RFC_TOKENS).toContain("rfc-004-v1");
  });

  describe("rfc-004-v1: the audit log's canonical form and HMAC reproduce every published vector", () => {
    const { secret, vectors } = read("rfc-004-v1.json");
    const byId = new Map(vectors.map((v) => [v.id, v]));
    it("has the seven vectors", () => expect(vectors).toHaveLength(7));

    for (const v of vectors) {
      it(v.id, async () => {
        if (v.expectedCanonical !== undefined) expect(canonicalJson(v.input)).toBe(v.expectedCanonical);
        if (v.entry && v.expectedHmac) {
          // The server's signing path, and the client package's verifier, both give the published value.
          expect(hmacOf(canonicalForms(v.entry).signed, secret)).toBe(v.expectedHmac);
          expect(await hmacTagged(signedForm(v.entry), secret)).toBe(v.expectedHmac);
          // hmac (and signature) are outside what is signed: an entry carrying its HMAC signs the same.
          expect(hmacOf(canonicalForms({ ...v.entry, hmac: v.expectedHmac }).signed, secret)).toBe(v.expectedHmac);
        }
        if (v.mustDifferFrom) expect(v.expectedHmac).not.toBe(byId.get(v.mustDifferFrom)?.expectedHmac);
        if (v.mustEqual) expect(v.expectedHmac).toBe(byId.get(v.mustEqual)?.expectedHmac);
      });
    }

    it("fails a wrong secret", () => {
      const base = byId.get("vector-3-hmac-base-entry") as Vector;
      expect(hmacOf(canonicalForms(base.entry as Record<string, unknown>).signed, `${secret}x`)).not.toBe(
        base.expectedHmac,
      );
    });
  });
});
