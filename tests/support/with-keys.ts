import { generateKeyPairSync } from "node:crypto";
import { applyEnv } from "./upstash-stack";

const signingKey = JSON.stringify(generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" }));

/**
 * Runs `body` with the audit HMAC keys of `env` in force (AUDIT_HMAC_SECRET, AUDIT_HMAC_KID,
 * AUDIT_HMAC_RETIRED_KEYS) and one signing key for the whole test file, then puts the environment back.
 */
export function withKeys<T>(env: Record<string, string>, body: () => T): T {
  const restore = applyEnv({ AUDIT_SIGNING_KEY: signingKey, DATA_DIR: "/nonexistent", ...env });
  try {
    return body();
  } finally {
    restore();
  }
}
