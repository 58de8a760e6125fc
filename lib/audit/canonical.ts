import { createHash, createHmac } from "node:crypto";
import canonicalize from "canonicalize";

/** RFC 8785 (JCS) canonical JSON of any JSON value. */
export function canonicalJson(value: unknown): string {
  const out = canonicalize(value);
  if (out === undefined) throw new TypeError("value has no JSON form");
  return out;
}

const UNSIGNED_MEMBERS = new Set(["hmac", "signature"]);

/**
 * Both canonical forms of an entry from one canonicalisation: the signed form (without `hmac` and
 * `signature`) and the full form that the next entry's `prev` hashes. Members are sorted by UTF-16
 * code units as JCS requires (the default sort order), so joining the canonical members gives
 * exactly JCS of the object.
 */
export function canonicalForms(entry: Record<string, unknown>): { signed: string; full: string } {
  const keys = Object.keys(entry).sort();
  const signed: string[] = [];
  const full: string[] = [];
  for (const key of keys) {
    const value = entry[key];
    if (value === undefined) continue;
    const member = `${JSON.stringify(key)}:${canonicalJson(value)}`;
    full.push(member);
    if (!UNSIGNED_MEMBERS.has(key)) signed.push(member);
  }
  return { signed: `{${signed.join(",")}}`, full: `{${full.join(",")}}` };
}

/** `sha256:` + lowercase hex HMAC-SHA256 keyed with the secret's UTF-8 bytes. */
export function hmacOf(canonical: string, secret: string): string {
  return `sha256:${createHmac("sha256", secret).update(canonical, "utf8").digest("hex")}`;
}

/** `sha256:` + lowercase hex SHA-256 of a canonical form: the chain link. */
export function hashOf(canonical: string): string {
  return `sha256:${createHash("sha256").update(canonical, "utf8").digest("hex")}`;
}
