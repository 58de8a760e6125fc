import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/audit/entry";
import { piecesUtf8 } from "@/lib/incorporation/file-pieces";
import { sha256Hex } from "@/lib/incorporation/idempotency";
import {
  companyStarter,
  type SuccessFacts,
  successAnswer,
  successAnswerUtf8,
} from "@/lib/incorporation/success-answer";
import type { RegistryRecord } from "@/lib/registry/record-schema";
import { canonicalJson } from "@/lib/signing/canonical";

// Text that JSON must escape in every way: quotes, backslashes, control characters, line and
// paragraph separators, markup, and characters outside the BMP.
const TEXTS = [
  "Agentes del Sur SOCIEDAD-IA",
  'Acme "quoted" \\ back\\slash \t tab </script> SOCIEDAD-IA',
  "Línea uno\nlínea dos\r\n\u2028\u2029 emoji 😀 \u0001 SOCIEDAD-IA",
];

function factsFor(text: string): SuccessFacts {
  return {
    request: {
      denominacion: text,
      tipo: "SOCIEDAD-IA",
      capitalSocial: 2_000_000,
      objeto: `${text}: agentes autónomos`,
    },
    slug: "acme",
    baseUrl: "https://registro.example",
    starterRepo: "https://github.com/example/starter",
    backend: "embedded",
    findings: [{ code: "tipo_pending_law", severity: "warning", field: "tipo", message: `Pendiente "${text}"` }],
    entry: {
      sessionId: "session-0001",
      seq: 0,
      ts: "2026-11-25T12:00:00.000Z",
      hmac: "sha256:00",
      note: text,
    } as unknown as AuditEntry,
    record: { id: "acme-1", name: text, status: "forming" } as unknown as RegistryRecord,
  };
}

/** The answer as the HTTP answer sends it, read back as text. */
const successAnswerJson = (...args: Parameters<typeof successAnswerUtf8>) =>
  successAnswerUtf8(...args).toString("utf8");

describe("the incorporation answer", () => {
  it("as JSON text is exactly JSON.stringify of the answer, with and without the secrets shown once", () => {
    for (const text of TEXTS) {
      const facts = factsFor(text);
      const starter = companyStarter(facts);
      const secrets = { sessionToken: "tok_session", claimToken: "sia_claim_x" };
      expect(successAnswerJson(facts, starter)).toBe(JSON.stringify(successAnswer(facts, starter)));
      expect(successAnswerJson(facts, starter, secrets)).toBe(JSON.stringify(successAnswer(facts, starter, secrets)));
      const shown = JSON.parse(successAnswerJson(facts, starter, secrets));
      expect(shown.audit.sessionToken).toBe("tok_session");
      expect(shown.registry.claimToken).toBe("sia_claim_x");
      expect(JSON.parse(successAnswerJson(facts, starter)).audit).not.toHaveProperty("sessionToken");
    }
  });

  it("as UTF-8 bytes is exactly that text encoded, the receipt included", () => {
    const receipt = { index: 7, leafHash: "aGFzaA==", checkpoint: null } as never;
    for (const text of TEXTS) {
      const facts = factsFor(text);
      const starter = companyStarter(facts);
      const secrets = { sessionToken: "tok_session", claimToken: "sia_claim_x" };
      for (const [shown, transparency] of [
        [undefined, null],
        [secrets, receipt],
      ] as const) {
        const bytes = successAnswerUtf8(facts, starter, shown, transparency);
        const answer = successAnswer(facts, starter, shown);
        const expected = Buffer.from(JSON.stringify(transparency ? { ...answer, transparency } : answer), "utf8");
        expect(Buffer.compare(Buffer.from(bytes), expected)).toBe(0);
      }
      expect(JSON.parse(successAnswerUtf8(facts, starter).toString("utf8"))).toEqual(
        JSON.parse(JSON.stringify(successAnswer(facts, starter))),
      );
    }
  });

  it("names its files by the digest of their canonical JSON (RFC 8785), however hostile the text", () => {
    for (const text of TEXTS) {
      const starter = companyStarter(factsFor(text));
      expect(starter.filesDigest).toBe(`sha256:${sha256Hex(canonicalJson(starter.files))}`);
      expect(piecesUtf8(starter.filesPieces).toString("utf8")).toBe(JSON.stringify(starter.files));
    }
  });

  it("is rebuilt the same from the same facts (what a replay relies on)", () => {
    const facts = factsFor(TEXTS[1] as string);
    const replayed = JSON.parse(JSON.stringify(facts)) as SuccessFacts; // as read back from the store
    expect(successAnswerJson(replayed, companyStarter(replayed))).toBe(successAnswerJson(facts, companyStarter(facts)));
  });
});
