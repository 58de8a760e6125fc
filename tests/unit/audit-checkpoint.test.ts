import { generateKeyPairSync } from "node:crypto";
import { type PublicJwk, verifyCheckpoint } from "@sociedades-ia/incorporate";
import { importJWK, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCheckpoint, signCheckpoint, signCheckpointWith } from "@/lib/audit/checkpoint";
import { publicJwks, signingKeys } from "@/lib/signing/keys";
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

  describe("opened again from the store", () => {
    it("gives back what the service signed for that session", async () => {
      const checkpoint = await signCheckpoint(payload, now);
      expect(await openCheckpoint(checkpoint, payload.sessionId)).toEqual({ ...payload, ts: now.toISOString() });
    });

    it("refuses another session's checkpoint, an edited payload, and one signed by another key", async () => {
      const checkpoint = await signCheckpoint(payload, now);
      expect(await openCheckpoint(checkpoint, "another-session-01")).toBeNull();

      const [h, , s] = checkpoint.split(".") as [string, string, string];
      const bigger = Buffer.from(JSON.stringify({ ...payload, size: 9, ts: now.toISOString() })).toString("base64url");
      expect(await openCheckpoint(`${h}.${bigger}.${s}`, payload.sessionId)).toBeNull();

      const { publicJwk } = await signingKeys();
      const forger = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
      const forgerKey = (await importJWK({ ...forger, alg: "EdDSA" } as JWK, "EdDSA")) as CryptoKey;
      const forged = await signCheckpointWith(forgerKey, publicJwk.kid, { ...payload, ts: now.toISOString() });
      expect(await openCheckpoint(forged, payload.sessionId)).toBeNull();

      for (const junk of ["", "a.b", "a.b.c", `${h}.${h}.${s}`])
        expect(await openCheckpoint(junk, payload.sessionId)).toBeNull();
    });
  });
});
