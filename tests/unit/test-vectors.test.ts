import fs from "node:fs";
import path from "node:path";
import { canonicalize as packageCanonicalize, verifyAuditLog } from "@sociedades-ia/incorporate";
import { describe, expect, it } from "vitest";
import { buildTestVectors, type TestVectors } from "@/lib/audit/test-vectors";
import { verifyEntries } from "@/lib/audit/verify";
import { canonicalForms, canonicalJson, hashOf, hmacOf } from "@/lib/signing/canonical";

const file = path.resolve(import.meta.dirname, "../../public/test-vectors/audit-v1.json");
const committed = JSON.parse(fs.readFileSync(file, "utf8")) as TestVectors;

describe("audit test vectors", () => {
  it("are exactly what the implementation produces (regenerate with npm run vectors)", async () => {
    expect(JSON.parse(JSON.stringify(await buildTestVectors()))).toEqual(committed);
  });

  it("canonical forms match in the server and in the client package", () => {
    for (const c of committed.canonical) {
      const input = JSON.parse(c.inputText);
      // The same value as `input`, up to what the file's JSON could not carry (-0).
      expect(JSON.stringify(input), c.name).toBe(JSON.stringify(c.input));
      expect(canonicalJson(input), c.name).toBe(c.canonical);
      expect(packageCanonicalize(input), c.name).toBe(c.canonical);
    }
    // The JSON of the file turns -0 into 0; the text a verifier parses keeps it.
    const numbers = committed.canonical.find((c) => c.name === "numbers");
    expect(Object.is(JSON.parse(numbers?.inputText as string)[1], -0)).toBe(true);
  });

  it("every entry's signed form, HMAC and link recompute", () => {
    for (const v of committed.entries) {
      const entry = v.entry as unknown as Record<string, unknown>;
      const forms = canonicalForms(entry);
      expect(forms.signed).toBe(v.signedForm);
      const secret = committed.keys.hmac[entry.kid as keyof typeof committed.keys.hmac];
      expect(hmacOf(forms.signed, secret)).toBe(v.hmac);
      expect(hashOf(forms.full)).toBe(v.link);
    }
  });

  it("the chain and checkpoint verify on the server and offline", async () => {
    const { sessionId, entries, head } = committed.chain;
    const server = verifyEntries(sessionId, entries, committed.keys.hmac);
    expect(server).toMatchObject({ total: 3, verified: 3, tampered: 0, head });
    const offline = await verifyAuditLog(
      { sessionId, entries, checkpoint: committed.checkpoint.jws },
      { jwks: committed.keys.checkpoint, hmacKeys: committed.keys.hmac },
    );
    expect(offline).toMatchObject({ ok: true, verified: 3, tampered: 0, head, hmacChecked: true });
    expect(offline.checkpoint).toMatchObject({ signatureValid: true, matchesLog: true, error: null });
  });

  for (const v of committed.negative) {
    it(`rejects the negative vector "${v.name}" (${v.description})`, async () => {
      const server = verifyEntries(v.log.sessionId, v.log.entries, committed.keys.hmac);
      const offline = await verifyAuditLog(v.log, { jwks: committed.keys.checkpoint, hmacKeys: committed.keys.hmac });
      for (const report of [server, offline]) {
        expect(report.tampered).toBe(v.expect.tampered);
        expect(report.firstBadSeq).toBe(v.expect.firstBadSeq);
        expect(report.problems.find((p) => p.seq === v.expect.firstBadSeq)?.reasons ?? []).toEqual(v.expect.reasons);
      }
      expect(offline.checkpoint?.error === null).toBe(v.expect.checkpointValid);
      expect(offline.ok).toBe(false);
    });
  }

  it("offline verification without HMAC keys still catches every chain break", async () => {
    const changed = committed.negative.find((v) => v.name === "changed-field");
    const report = await verifyAuditLog(changed?.log as never, { jwks: committed.keys.checkpoint });
    expect(report.hmacChecked).toBe(false);
    expect(report.firstBadSeq).toBe(2); // the edited entry's successor no longer links to it
  });
});
