import { createPrivateKey, createPublicKey, type KeyObject, randomBytes } from "node:crypto";
import { computeKeyId, formatVerifierKey, KEY_TYPE_ED25519, type NoteSigner } from "@sociedades-ia/incorporate/tlog";
import { signInPool } from "./sign-in-pool";

/** The log's Ed25519 note key, held with node:crypto (the log signs one checkpoint per batch). */
export interface LogNoteKey extends NoteSigner {
  /** The verifier key published at /log/vkey: `<name>+<hex key id>+<base64(0x01 || public key)>`. */
  vkey: string;
}

// PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): a fixed 16-byte prefix, then the 32 seed bytes.
const PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const hex8 = (n: number) => n.toString(16).padStart(8, "0");

/**
 * The parts of a signer key `PRIVATE+KEY+<name>+<hex key id>+<base64(type || seed)>`, or why not. The
 * type is 0x01 for the log's note key, 0x04 for a witness's cosigning key (the key id depends on it).
 */
export function parseSignerKey(
  skey: string,
  type: number = KEY_TYPE_ED25519,
): { name: string; keyId: number; seed: Buffer } | string {
  const parts = skey.trim().split("+");
  // The base64 part may itself contain '+': the first four separators are the format's.
  if (parts.length < 5 || parts[0] !== "PRIVATE" || parts[1] !== "KEY") {
    return "expected PRIVATE+KEY+<name>+<hex key id>+<base64 key>";
  }
  const [, , name = "", id = "", ...rest] = parts;
  const key = Buffer.from(rest.join("+"), "base64");
  if (!/^[0-9a-f]{8}$/.test(id)) return "the key id must be 8 lowercase hex digits";
  if (key.length !== 33 || key[0] !== type) return `the key must be base64 of 0x0${type} and a 32-byte Ed25519 seed`;
  return { name, keyId: Number.parseInt(id, 16), seed: key.subarray(1) };
}

const privateKeyOf = (seed: Buffer): KeyObject =>
  createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });

/** The 32-byte Ed25519 public key of a seed. */
export function publicKeyOf(seed: Buffer): Uint8Array {
  return new Uint8Array(createPublicKey(privateKeyOf(seed)).export({ format: "der", type: "spki" }).subarray(-32));
}

/** A signer for a parsed key; throws when the key id does not belong to the name and key. */
export function noteKeyFrom(name: string, seed: Buffer): LogNoteKey {
  const privateKey = privateKeyOf(seed);
  const publicKey = publicKeyOf(seed);
  const keyId = computeKeyId(name, KEY_TYPE_ED25519, publicKey);
  return {
    name,
    keyId,
    vkey: formatVerifierKey({ name, type: KEY_TYPE_ED25519, publicKey }),
    // An integration signs two notes (the checkpoint and the index note): off the event loop.
    sign: async (text) => new Uint8Array(await signInPool(Buffer.from(text, "utf8"), privateKey)),
  };
}

/**
 * A new signer key string for `name`, or for the name `name` gives for the key's public key (a name
 * unique to the key, when the operator chose none).
 */
export function generateSignerKey(name: string | ((publicKey: Uint8Array) => string)): string {
  const seed = randomBytes(32);
  if (typeof name === "function") name = name(publicKeyOf(seed));
  const { keyId } = noteKeyFrom(name, seed);
  return `PRIVATE+KEY+${name}+${hex8(keyId)}+${Buffer.concat([Buffer.from([KEY_TYPE_ED25519]), seed]).toString("base64")}`;
}
