/**
 * A signed audit log made outside the service, as another deployment of the audit format would serve
 * it: entries chained and HMAC-signed with a test key, and a checkpoint over the head signed with a
 * fresh Ed25519 key. Fake companies serve it as their sample session.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import { signCheckpointWith } from "@/lib/audit/checkpoint";
import { signEntry } from "@/lib/audit/sign-entry";
import { hashOf } from "@/lib/signing/canonical";

export interface SampleAuditLog {
  sessionId: string;
  entries: Record<string, unknown>[];
  checkpoint: string;
  /** The checkpoint's public key as a JWK, with its RFC 7638 thumbprint as kid. */
  publicJwk: { kty: string; crv: string; x: string; kid: string };
}

export async function makeSampleAuditLog(sessionId: string, size = 2): Promise<SampleAuditLog> {
  const { privateKey, publicKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  const entries: Record<string, unknown>[] = [];
  let prev: string | null = null;
  let ts = "";
  for (let seq = 0; seq < size; seq++) {
    ts = new Date(Date.UTC(2026, 0, 15, 12, 0, seq)).toISOString();
    const { entry, full } = signEntry(
      {
        sessionId,
        seq,
        ts,
        prev,
        kind: "tool-call",
        action: "validar_cuit",
        actor: "system",
        input: { cuit: "20-17254359-7" },
        output: { valid: true },
        outcome: "ok",
      },
      { kid: "test-hmac", secret: "a test secret that only this log knows" },
    );
    entries.push(entry as unknown as Record<string, unknown>);
    prev = hashOf(full);
  }
  const checkpoint = await signCheckpointWith(privateKey, kid, { sessionId, size, head: prev, ts });
  return { sessionId, entries, checkpoint, publicJwk: { kty: "OKP", crv: "Ed25519", x: jwk.x as string, kid } };
}
