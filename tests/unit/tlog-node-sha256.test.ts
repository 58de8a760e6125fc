import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nodeSha256, toBase64 } from "@/lib/tlog/layout";

// nodeSha256 cuts its digests from shared slabs: each must still be its own 32 bytes, right, and
// unchanged by the digests taken after it, across a slab's end.

const reference = (data: Uint8Array) => createHash("sha256").update(data).digest("base64");

describe("the server's SHA-256 for tree and index nodes", () => {
  it("gives each input its own digest, unchanged by the ones after it, across many slabs", () => {
    const inputs = Array.from({ length: 1000 }, (_, i) => new TextEncoder().encode(`node ${i}`));
    const digests = inputs.map((input) => nodeSha256(input));
    for (const [i, digest] of digests.entries()) {
      expect(digest.byteLength).toBe(32);
      expect(toBase64(digest)).toBe(reference(inputs[i] as Uint8Array));
    }
    expect(new Set(digests.map((d) => toBase64(d))).size).toBe(1000);
  });

  it("hashes bytes that are not text the same way node:crypto does", () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 200) & 0xff);
    expect(toBase64(nodeSha256(bytes))).toBe(reference(bytes));
    expect(toBase64(nodeSha256(new Uint8Array(0)))).toBe(reference(new Uint8Array(0)));
  });
});
