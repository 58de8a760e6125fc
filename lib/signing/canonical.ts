import { createHmac, hash } from "node:crypto";
import { canonicalizeWellFormed } from "@sociedades-ia/incorporate";

/**
 * RFC 8785 (JCS) canonical JSON of any JSON value; throws on a lone surrogate or a value with no
 * JSON form (the package's serializer, written for speed: every seal and signature starts here).
 */
export const canonicalJson = (value: unknown): string => canonicalizeWellFormed(value);

const UNSIGNED_MEMBERS = new Set(["hmac", "signature"]);

/** An object member in canonical form: its name and `"name":value`. */
export type CanonicalMember = readonly [name: string, text: string];

/**
 * The canonical members of an object, sorted by name in UTF-16 code units as JCS requires (the
 * default sort order), so that joining them gives exactly JCS of the object.
 */
export function canonicalMembers(object: Record<string, unknown>): CanonicalMember[] {
  const members: CanonicalMember[] = [];
  for (const key of Object.keys(object).sort()) {
    const value = object[key];
    if (value !== undefined) members.push([key, `${canonicalJson(key)}:${canonicalJson(value)}`]);
  }
  return members;
}

/** The members with one more, `name` set to the string `value`, in its sorted place. */
export function withStringMember(members: readonly CanonicalMember[], name: string, value: string): CanonicalMember[] {
  const member: CanonicalMember = [name, `${JSON.stringify(name)}:${JSON.stringify(value)}`];
  const at = members.findIndex(([other]) => other > name);
  return at === -1 ? [...members, member] : [...members.slice(0, at), member, ...members.slice(at)];
}

/** JCS of the object whose canonical members these are (in order). */
export function joinMembers(members: readonly CanonicalMember[]): string {
  return `{${members.map((m) => m[1]).join(",")}}`;
}

/**
 * Both canonical forms of an entry from one canonicalisation: the signed form (without `hmac` and
 * `signature`) and the full form that the next entry's `prev` hashes.
 */
export function canonicalForms(entry: Record<string, unknown>): { signed: string; full: string } {
  const members = canonicalMembers(entry);
  return { signed: joinMembers(members.filter(([key]) => !UNSIGNED_MEMBERS.has(key))), full: joinMembers(members) };
}

/** `sha256:` + lowercase hex HMAC-SHA256 keyed with the secret's UTF-8 bytes. */
export function hmacOf(canonical: string, secret: string): string {
  const key = paddedKey(secret);
  if (key === null) return `sha256:${createHmac("sha256", secret).update(canonical, "utf8").digest("hex")}`;
  // RFC 2104: H((K ^ opad) || H((K ^ ipad) || text)). The inner pad is ASCII, so it goes in as text.
  key.outer.write(hash("sha256", key.inner + canonical, "binary"), BLOCK, "latin1");
  return `sha256:${hash("sha256", key.outer, "hex")}`;
}

/*
 * HMAC as two one-shot hashes over pads made once per key: setting up Node's Hmac object cost more
 * than hashing the short statements the service seals, seven of them per incorporation.
 */
const BLOCK = 64;
interface PaddedKey {
  /** K ^ ipad, as text (every byte ASCII). */
  inner: string;
  /** K ^ opad, then room for the inner digest. */
  outer: Buffer;
}
const padded = new Map<string, PaddedKey | null>();

/** The pads of `secret`, or null when its inner pad is not ASCII (a non-ASCII secret: createHmac). */
function paddedKey(secret: string): PaddedKey | null {
  let key = padded.get(secret);
  if (key !== undefined) return key;
  let bytes = Buffer.from(secret, "utf8");
  if (bytes.length > BLOCK) bytes = Buffer.from(hash("sha256", bytes, "buffer"));
  const ipad = Buffer.alloc(BLOCK, 0x36);
  const outer = Buffer.alloc(BLOCK + 32, 0x5c);
  for (const [i, b] of bytes.entries()) {
    ipad[i] = (ipad[i] as number) ^ b;
    outer[i] = (outer[i] as number) ^ b;
  }
  key = ipad.every((b) => b < 0x80) ? { inner: ipad.toString("latin1"), outer } : null;
  // Only the configured keys come here; the bound is against a caller that passes others.
  if (padded.size >= 16) padded.clear();
  padded.set(secret, key);
  return key;
}

/** `sha256:` + lowercase hex SHA-256 of a canonical form: the chain link. */
export function hashOf(canonical: string): string {
  return `sha256:${hash("sha256", canonical, "hex")}`;
}
