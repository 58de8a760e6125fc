import { sameSecret } from "../identity/same-secret";
import { hmacOf } from "./canonical";
import { currentHmacKey, hmacKeys } from "./keys";

/**
 * A MAC over a statement the service keeps in the store (a session header, a stored answer), under
 * the audit HMAC keys, which the store never holds: whoever can only write the store cannot make a
 * seal that opens. The first part names what is sealed, so that a seal made for one kind of
 * statement never opens another (entries are MACed over JSON objects, summaries over arrays that
 * start with a number). Any configured key opens a seal, so rotation keeps older seals valid.
 */
export interface Seal {
  kid: string;
  mac: string;
}

const macInput = (purpose: string, parts: readonly unknown[]) => JSON.stringify([purpose, ...parts]);

/** Seals `parts` for `purpose` under the current HMAC key. */
export function sealOf(purpose: string, parts: readonly unknown[]): Seal {
  const { kid, secret } = currentHmacKey();
  return { kid, mac: hmacOf(macInput(purpose, parts), secret) };
}

/**
 * sealOf(purpose, parts) for parts given as their JSON texts (JSON.stringify's, each a part's that
 * is not undefined): a caller that stores a part's text anyway need not make it twice.
 */
export function sealOfJson(purpose: string, partsJson: readonly string[]): Seal {
  const { kid, secret } = currentHmacKey();
  return { kid, mac: hmacOf(`[${[JSON.stringify(purpose), ...partsJson].join(",")}]`, secret) };
}

/** True when `seal` was made by sealOf(purpose, parts) under a configured key. */
export function sealHolds(purpose: string, parts: readonly unknown[], seal: { kid?: unknown; mac?: unknown }): boolean {
  if (typeof seal.kid !== "string" || typeof seal.mac !== "string") return false;
  const keys = hmacKeys();
  const secret = Object.hasOwn(keys, seal.kid) ? keys[seal.kid] : undefined;
  return secret !== undefined && sameSecret(seal.mac, hmacOf(macInput(purpose, parts), secret));
}
