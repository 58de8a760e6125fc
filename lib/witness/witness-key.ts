import {
  cosignerFromSeed,
  formatVerifierKey,
  KEY_TYPE_COSIGNATURE_V1,
  type NoteSigner,
} from "@sociedades-ia/incorporate/tlog";
import type { BuiltInWitnessConfig } from "../config/witnesses";
import { parseSignerKey } from "../identity/note-key";

/** The built-in witness's cosigner (cosignature/v1, Ed25519) and the vkey a log configures for it. */
export interface WitnessKey extends NoteSigner {
  vkey: string;
}

const CACHE = Symbol.for("sia.witness.key");
type KeyGlobal = typeof globalThis & { [CACHE]?: { skey: string; key: Promise<WitnessKey> } };

async function build(skey: string, now: () => number): Promise<WitnessKey> {
  const parsed = parseSignerKey(skey, KEY_TYPE_COSIGNATURE_V1);
  if (typeof parsed === "string") throw new Error(`WITNESS_SIGNING_KEY: ${parsed}`);
  const cosigner = await cosignerFromSeed(parsed.name, parsed.seed, now);
  return {
    ...cosigner,
    vkey: formatVerifierKey({ name: cosigner.name, type: KEY_TYPE_COSIGNATURE_V1, publicKey: cosigner.publicKey }),
  };
}

/**
 * The witness key from the configuration (validated there), built once per process. `now` (POSIX
 * seconds) is for tests; the server stamps cosignatures with its clock.
 */
export function witnessKey(config: BuiltInWitnessConfig, now?: () => number): Promise<WitnessKey> {
  if (now) return build(config.signerKey, now);
  const g = globalThis as KeyGlobal;
  if (g[CACHE]?.skey !== config.signerKey) {
    g[CACHE] = { skey: config.signerKey, key: build(config.signerKey, () => Math.floor(Date.now() / 1000)) };
  }
  return g[CACHE].key;
}
