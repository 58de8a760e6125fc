import {
  computeKeyId,
  KEY_TYPE_COSIGNATURE_V1,
  KEY_TYPE_ED25519,
  parseVerifierKey,
} from "@sociedades-ia/incorporate/tlog";
import { parseSignerKey, publicKeyOf } from "../identity/note-key";
import { ConfigError } from "./config-error";

/** A witness this service's log asks for cosignatures (TLOG_WITNESSES). */
export interface LogWitness {
  /** The witness's key name, as its cosignature lines carry it. */
  name: string;
  /** Its cosignature verifier key (type 0x04). */
  vkey: string;
  /** `<name>+<hex key id>`: one witness key, as stored and shown. */
  label: string;
  /** The submission prefix: requests go to `<url>/add-checkpoint`. */
  url: string;
}

export interface LogWitnessConfig {
  witnesses: LogWitness[];
  /** How many witnesses' cosignatures a verifier should require, beside the log's signature. */
  quorum: number;
  /** At most one add-checkpoint request per witness this often. */
  intervalMs: number;
  /** Each request's time budget. */
  timeoutMs: number;
}

/** The witness built into this service (WITNESS_SIGNING_KEY, WITNESS_LOGS); null when not configured. */
export interface BuiltInWitnessConfig {
  /** Its cosigning key, `PRIVATE+KEY+<name>+<hex key id>+<base64(0x04 || seed)>`. */
  signerKey: string;
  name: string;
  /** The logs it witnesses: origin to the log's note verifier keys (type 0x01). */
  logs: Map<string, string[]>;
}

const fail = (line: string): never => {
  throw new ConfigError(`Invalid configuration:\n  - ${line}`);
};

/** Entries of a list variable: separated by commas or newlines, blanks ignored. */
const entries = (value: string | undefined) =>
  (value ?? "")
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== "");

function verifierKey(variable: string, text: string, type: number, what: string) {
  let key: ReturnType<typeof parseVerifierKey>;
  try {
    key = parseVerifierKey(text);
  } catch (err) {
    return fail(`${variable}: ${JSON.stringify(text)} is not a verifier key (${(err as Error).message})`);
  }
  if (key.type !== type) fail(`${variable}: ${key.name}'s key is not ${what} (type 0x0${type})`);
  return key;
}

/**
 * TLOG_WITNESSES: `<vkey> <url>` per witness, separated by commas or newlines. The quorum defaults
 * to a majority of them: one witness down still leaves checkpoints that meet the policy.
 */
export function parseLogWitnesses(
  value: string | undefined,
  quorum: number | undefined,
  intervalMs: number,
  timeoutMs: number,
): LogWitnessConfig {
  const witnesses: LogWitness[] = [];
  for (const entry of entries(value)) {
    const [vkey = "", url = "", ...rest] = entry.split(/\s+/);
    if (rest.length > 0 || url === "")
      fail(`TLOG_WITNESSES: expected <vkey> <url> per witness, got ${JSON.stringify(entry)}`);
    const key = verifierKey("TLOG_WITNESSES", vkey, KEY_TYPE_COSIGNATURE_V1, "a witness cosignature key");
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {}
    if (parsed === null || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) {
      fail(`TLOG_WITNESSES: ${JSON.stringify(url)} is not an http(s) URL prefix without query (for ${key.name})`);
    }
    const label = `${key.name}+${key.keyId.toString(16).padStart(8, "0")}`;
    if (witnesses.some((w) => w.label === label)) fail(`TLOG_WITNESSES: the witness ${label} is listed twice`);
    witnesses.push({ name: key.name, vkey, label, url: url.replace(/\/+$/, "") });
  }
  const required = quorum ?? (witnesses.length === 0 ? 0 : Math.floor(witnesses.length / 2) + 1);
  if (required > witnesses.length) {
    fail(`TLOG_WITNESS_QUORUM: ${required} is more than the ${witnesses.length} witnesses in TLOG_WITNESSES`);
  }
  return { witnesses, quorum: required, intervalMs, timeoutMs };
}

/** WITNESS_SIGNING_KEY and WITNESS_LOGS (`<origin> <vkey>` per log key): both or neither. */
export function parseBuiltInWitness(
  signerKey: string | undefined,
  logsValue: string | undefined,
): BuiltInWitnessConfig | null {
  const list = entries(logsValue);
  if (!signerKey && list.length === 0) return null;
  if (!signerKey)
    fail(
      "WITNESS_SIGNING_KEY: required with WITNESS_LOGS (generate with: npm run keys -- <log origin> <witness name>)",
    );
  if (list.length === 0)
    fail("WITNESS_LOGS: required with WITNESS_SIGNING_KEY: the logs this witness cosigns, <origin> <vkey> each");
  const parsed = parseSignerKey(signerKey as string, KEY_TYPE_COSIGNATURE_V1);
  if (typeof parsed === "string") return fail(`WITNESS_SIGNING_KEY: ${parsed} (generate with: npm run keys)`);
  // The key id is computed as for a note key, but over the cosignature type 0x04.
  if (computeKeyId(parsed.name, KEY_TYPE_COSIGNATURE_V1, publicKeyOf(parsed.seed)) !== parsed.keyId)
    fail("WITNESS_SIGNING_KEY: its key id does not match its name and key");
  const logs = new Map<string, string[]>();
  for (const entry of list) {
    const [origin = "", vkey = "", ...rest] = entry.split(/\s+/);
    if (rest.length > 0 || vkey === "")
      fail(`WITNESS_LOGS: expected <origin> <vkey> per log, got ${JSON.stringify(entry)}`);
    verifierKey("WITNESS_LOGS", vkey, KEY_TYPE_ED25519, "a log's Ed25519 note key");
    logs.set(origin, [...(logs.get(origin) ?? []), vkey]);
  }
  return { signerKey: (signerKey as string).trim(), name: parsed.name, logs };
}
