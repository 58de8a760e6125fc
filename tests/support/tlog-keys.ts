// Keys for tests that run logs and witnesses side by side: a log's note key (TLOG_SIGNING_KEY and its
// vkey) and a witness's cosignature/v1 key (WITNESS_SIGNING_KEY and the vkey logs configure for it).

import { computeKeyId, KEY_TYPE_COSIGNATURE_V1 } from "@sociedades-ia/incorporate/tlog";
import { generateSignerKey, noteKeyFrom, parseSignerKey, publicKeyOf } from "@/lib/identity/note-key";

export function logKey(origin: string) {
  const skey = generateSignerKey(origin);
  const parsed = parseSignerKey(skey);
  if (typeof parsed === "string") throw new Error(parsed);
  return { origin, skey, vkey: noteKeyFrom(parsed.name, parsed.seed).vkey };
}

export function witnessKey(name: string) {
  const seed = Buffer.from(crypto.getRandomValues(new Uint8Array(32)));
  const publicKey = publicKeyOf(seed);
  const id = computeKeyId(name, KEY_TYPE_COSIGNATURE_V1, publicKey).toString(16).padStart(8, "0");
  const typed = (bytes: Uint8Array) =>
    Buffer.concat([Buffer.from([KEY_TYPE_COSIGNATURE_V1]), bytes]).toString("base64");
  return { name, skey: `PRIVATE+KEY+${name}+${id}+${typed(seed)}`, vkey: `${name}+${id}+${typed(publicKey)}` };
}
