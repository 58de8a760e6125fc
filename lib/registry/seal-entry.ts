import { sameSecret } from "../identity/same-secret";
import { canonicalJson, hmacOf } from "../signing/canonical";
import { currentHmacKey, hmacKeys } from "../signing/keys";
import { fixedDisclosure, fixedDisclosureName } from "./fixed-disclosures";
import type { RegistryEntry } from "./registry-entry";

/*
 * A stored registry entry is sealed like a session summary (lib/audit/summary.ts): an HMAC under the
 * audit HMAC key named by `kid`, which the store does not hold, over the whole entry: the public
 * record, the token hashes, the audit session, the draft clock, `seq` and the kept report's hash. A
 * domain prefix keeps the MAC from ever standing for an audit entry or a summary made with the same
 * key. Any configured key opens a seal, so rotating the current key keeps old entries readable.
 * The MAC is over the entry as read; a disclosure the service wrote itself is stored by its name
 * (fixed-disclosures.ts), so that the store does not keep the same text once per company.
 */
const DOMAIN = "sociedades-ia/registry-entry/v2\n";

interface Sealed extends RegistryEntry {
  kid: string;
  mac: string;
}

const macOf = (entry: RegistryEntry, secret: string) => hmacOf(DOMAIN + canonicalJson(entry), secret);

/** The entry as stored: its members, the key id and the MAC over them. */
export function sealEntry(entry: RegistryEntry): string {
  const { kid, secret } = currentHmacKey();
  const named = fixedDisclosureName(entry.record.disclosure);
  const record = named === null ? entry.record : { ...entry.record, disclosure: named };
  return JSON.stringify({ ...entry, record, kid, mac: macOf(entry, secret) });
}

/** A stored record's disclosure as read: a fixed one's name becomes its text; an unknown name is refused. */
function withDisclosure(entry: RegistryEntry): RegistryEntry | null {
  const stored: unknown = entry.record?.disclosure;
  if (typeof stored !== "string") return entry;
  const text = fixedDisclosure(stored);
  return text === undefined ? null : { ...entry, record: { ...entry.record, disclosure: text } };
}

/** The entry a stored value holds when its seal verifies under a configured key, else why not. */
export function unsealEntry(raw: string): { entry: RegistryEntry } | { problem: string } {
  let parsed: Partial<Sealed>;
  try {
    parsed = JSON.parse(raw) as Partial<Sealed>;
  } catch {
    return { problem: "the stored value is not JSON" };
  }
  if (!parsed || typeof parsed !== "object" || typeof parsed.mac !== "string" || typeof parsed.kid !== "string") {
    return { problem: "the stored value carries no seal" };
  }
  const { kid, mac, ...stored } = parsed as Sealed;
  const entry = withDisclosure(stored);
  if (entry === null) return { problem: "its disclosure names a text this service never wrote" };
  const keys = hmacKeys();
  const secret = Object.hasOwn(keys, kid) ? keys[kid] : undefined;
  if (secret === undefined) return { problem: `its seal names key ${JSON.stringify(kid)}, which is not configured` };
  if (!sameSecret(mac, macOf(entry, secret))) return { problem: "its seal does not match its contents" };
  if (entry.v !== 2 || !Number.isSafeInteger(entry.seq) || entry.seq < 0) {
    return { problem: "its sealed contents are not a registry entry" };
  }
  return { entry };
}
