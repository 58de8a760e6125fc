import { hash, timingSafeEqual } from "node:crypto";
import { randomToken } from "../identity/random-token";

/** Prefixes make a leaked token recognisable (secret scanners, logs) and say what it opens. */
export type TokenKind = "owner" | "claim";
const PREFIX: Record<TokenKind, string> = { owner: "sia_own_", claim: "sia_claim_" };

/** A new random bearer token; only `hashToken(token)` is ever stored. */
export function issueToken(kind: TokenKind): string {
  return PREFIX[kind] + randomToken();
}

export function hashToken(token: string): string {
  return `sha256:${hash("sha256", token, "hex")}`;
}

/** Constant-time comparison of a presented token with a stored hash. */
export function tokenMatches(presented: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashToken(presented));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
