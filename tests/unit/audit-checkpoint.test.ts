import { generateKeyPairSync } from "node:crypto";
import { importJWK, type JWK } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { currentCheckpoint, signCheckpoint, signCheckpointWith } from "@/lib/audit/checkpoint";
import { publicJwks, signingKeys } from "@/lib/audit/keys";
import { type PublicJwk, verifyCheckpoint } from "@/packages/incorporate/src/verify";
import { applyEnv } from "../support/upstash-stack";

const jwk = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
let restore: () => void;
beforeAll(() => {
  restore = applyEnv({
    AUDIT_SIGNING_KEY: JSON.stringify(jwk),
    AUDIT_HMAC_SECRET: "x".repeat(64),
    DATA_DIR: "/nonexistent",
  });
});
afterAll(() => restore());

describe("the checkpoint of an audit read", () => {
  const payload = { sessionId: "checkpoint-session-01", size: 3, head: `sha256:${"ab".repeat(32)}` };
  const now = new Date("2026-11-21T12:00:00.000Z");

  it("is byte for byte the JWS that the WebCrypto signer makes from the same key and payload", async () => {
    const { publicJwk } = await signingKeys();
    const webCryptoKey = (await importJWK({ ...jwk, alg: "EdDSA" } as JWK, "EdDSA")) as CryptoKey;
    const expected = await signCheckpointWith(webCryptoKey, publicJwk.kid, { ...payload, ts: now.toISOString() });
    expect(await signCheckpoint(payload, now)).toBe(expected);
  });

  it("verifies offline with the published keys and names what it signed", async () => {
    const checkpoint = await signCheckpoint(payload, now);
    // As a client gets them: the JWKS document, parsed.
    const jwks = JSON.parse(JSON.stringify(await publicJwks())) as { keys: PublicJwk[] };
    const result = await verifyCheckpoint(checkpoint, jwks, payload);
    expect(result).toMatchObject({ signatureValid: true, keyFound: true, matchesLog: true, error: null });
    expect(result.payload).toEqual({ ...payload, ts: now.toISOString() });
  });

  describe("handed to readers", () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const tsOf = (jws: string) =>
      (JSON.parse(Buffer.from(jws.split(".")[1] as string, "base64url").toString("utf8")) as { ts: string }).ts;

    it("is signed once a second for an unchanged head, and its ts says when", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-21T13:00:00.000Z"));
      const first = await currentCheckpoint(payload);
      expect(tsOf(first)).toBe("2026-11-21T13:00:00.000Z");
      vi.setSystemTime(new Date("2026-11-21T13:00:00.900Z"));
      expect(await currentCheckpoint(payload)).toBe(first);
      vi.setSystemTime(new Date("2026-11-21T13:00:01.000Z"));
      const later = await currentCheckpoint(payload);
      expect(tsOf(later)).toBe("2026-11-21T13:00:01.000Z");
    });

    it("is signed anew as soon as the size or the head differs", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-21T14:00:00.000Z"));
      const first = await currentCheckpoint(payload);
      vi.setSystemTime(new Date("2026-11-21T14:00:00.100Z"));
      const appended = await currentCheckpoint({ ...payload, size: 4, head: `sha256:${"cd".repeat(32)}` });
      const edited = await currentCheckpoint({ ...payload, head: `sha256:${"ef".repeat(32)}` });
      expect(new Set([first, appended, edited]).size).toBe(3);
      const jwks = JSON.parse(JSON.stringify(await publicJwks())) as { keys: PublicJwk[] };
      const result = await verifyCheckpoint(appended, jwks, { ...payload, size: 4, head: `sha256:${"cd".repeat(32)}` });
      expect(result).toMatchObject({ signatureValid: true, matchesLog: true });
    });
  });
});
