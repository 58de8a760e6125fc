import { createPrivateKey, createPublicKey, generateKeyPairSync, hash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { generateSignerKey, noteKeyFrom, parseSignerKey } from "../identity/note-key";
import type { Env, StoreConfig } from "./config";
import { ConfigError, configFail as fail } from "./config-error";

/** Key material for the audit log: HMAC keys by id, and the Ed25519 checkpoint key. */
export interface Secrets {
  hmac: { currentKid: string; keys: Record<string, string> };
  /** Ed25519 private key as a JWK (kty OKP, crv Ed25519, with d). */
  signingKey: JsonWebKey;
  /** Public JWKs of retired checkpoint keys, still published so old checkpoints verify. */
  retiredSigningKeys: JsonWebKey[];
  /** Where the secrets came from: the environment, or generated once into DATA_DIR. */
  source: "env" | "data-dir";
}

const MIN_SECRET_BYTES = 32;

function parseSigningKey(name: string, value: string): JsonWebKey {
  try {
    const key = value.trim().startsWith("-----BEGIN")
      ? createPrivateKey(value)
      : createPrivateKey({ key: JSON.parse(value), format: "jwk" });
    if (key.asymmetricKeyType !== "ed25519") fail(`${name}: must be an Ed25519 private key`);
    return key.export({ format: "jwk" });
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    fail(`${name}: not a valid Ed25519 private key (a JWK JSON object with d, or a PKCS#8 PEM)`);
  }
}

function parseRetiredPublicKeys(value: string | undefined): JsonWebKey[] {
  if (!value) return [];
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    fail("AUDIT_SIGNING_RETIRED_KEYS: must be a JSON array of Ed25519 public JWKs");
  }
  if (!Array.isArray(list)) fail("AUDIT_SIGNING_RETIRED_KEYS: must be a JSON array of Ed25519 public JWKs");
  return list.map((jwk, i): JsonWebKey => {
    let key: ReturnType<typeof createPublicKey> | undefined;
    try {
      key = createPublicKey({ key: jwk, format: "jwk" });
    } catch {
      /* reported below */
    }
    if (key?.asymmetricKeyType !== "ed25519") fail(`AUDIT_SIGNING_RETIRED_KEYS[${i}]: not an Ed25519 public JWK`);
    return key.export({ format: "jwk" });
  });
}

function parseRetiredHmacKeys(value: string | undefined): Record<string, string> {
  if (!value) return {};
  let obj: unknown;
  try {
    obj = JSON.parse(value);
  } catch {
    fail('AUDIT_HMAC_RETIRED_KEYS: must be a JSON object {"kid": "secret", ...}');
  }
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) {
    fail('AUDIT_HMAC_RETIRED_KEYS: must be a JSON object {"kid": "secret", ...}');
  }
  for (const [kid, secret] of Object.entries(obj)) {
    if (typeof secret !== "string" || Buffer.byteLength(secret) < MIN_SECRET_BYTES) {
      fail(`AUDIT_HMAC_RETIRED_KEYS.${kid}: secret must be a string of at least ${MIN_SECRET_BYTES} bytes`);
    }
  }
  return obj as Record<string, string>;
}

interface StoredSecrets {
  hmacKid: string;
  hmacSecret: string;
  signingKey: JsonWebKey;
}

/** Generated once per DATA_DIR (mode 0600) so a fresh clone runs with no configuration. */
function loadOrCreateDataDirSecrets(dataDir: string): StoredSecrets {
  const file = path.resolve(dataDir, "secrets.json");
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as StoredSecrets;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") {
      fail(`DATA_DIR: cannot read ${file} (${(err as Error).message}); restore it or remove it to start afresh`);
    }
  }
  const stored: StoredSecrets = {
    hmacKid: "local-1",
    hmacSecret: randomBytes(32).toString("hex"),
    signingKey: generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" }),
  };
  return JSON.parse(writeOnce(file, JSON.stringify(stored, null, 2))) as StoredSecrets;
}

/**
 * Creates `file` with `text` (mode 0600) unless it exists, and returns what the file holds: with
 * two starters racing, both end up with the winner's. Durable before use: losing a key file would
 * leave everything it signed unverifiable.
 */
function writeOnce(file: string, text: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, "w", 0o600);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(tmp, file); // fails if another starter won the race; then use theirs
  } catch {
    /* keep the winner's file */
  }
  fs.unlinkSync(tmp);
  const dirFd = fs.openSync(path.dirname(file), "r");
  try {
    fs.fsyncSync(dirFd);
  } finally {
    fs.closeSync(dirFd);
  }
  return fs.readFileSync(file, "utf8");
}

/** The origin every default-configured log had before origins were made unique to their key. */
export const LEGACY_DEFAULT_ORIGIN = "sociedades-ia.localhost/log";

/**
 * The origin of a log whose operator named none: unique to its key (the first 8 bytes of the SHA-256
 * of its public key), so that two such logs never share a name before a witness or a monitor.
 */
export const defaultOriginFor = (publicKey: Uint8Array) =>
  `${LEGACY_DEFAULT_ORIGIN}/${hash("sha256", publicKey, "hex").slice(0, 16)}`;

/**
 * The transparency log's origin and note signer key, whose name is that origin: TLOG_SIGNING_KEY, or
 * on the embedded store one generated once under DATA_DIR. Required with Upstash, where instances
 * would otherwise each make their own. `origin` is the one configured (TLOG_ORIGIN, or from
 * PUBLIC_BASE_URL); without one, the key's own name, or for a generated key a name unique to it. A
 * data directory that already holds the key of the old shared default keeps it and its log.
 */
export function loadTlogKey(
  env: Env,
  store: StoreConfig,
  origin: string | undefined,
): { origin: string; signerKey: string } {
  if (env.TLOG_SIGNING_KEY) {
    const parsed = parseSignerKey(env.TLOG_SIGNING_KEY);
    if (typeof parsed === "string") return fail(`TLOG_SIGNING_KEY: ${parsed} (generate with: npm run keys)`);
    if (origin !== undefined && parsed.name !== origin) {
      fail(
        `TLOG_SIGNING_KEY: the key is named ${parsed.name}, but the log's origin is ${origin} (TLOG_ORIGIN, or PUBLIC_BASE_URL's host with /log): a log key's name is its origin`,
      );
    }
    if (noteKeyFrom(parsed.name, parsed.seed).keyId !== parsed.keyId) {
      fail("TLOG_SIGNING_KEY: its key id does not match its name and key");
    }
    return { origin: parsed.name, signerKey: env.TLOG_SIGNING_KEY.trim() };
  }
  if (store.backend !== "embedded") {
    fail(
      "TLOG_SIGNING_KEY: required when the Upstash store is configured (generate with: npm run keys). Only the embedded store generates its own.",
    );
  }
  const dataDir = (store as { dataDir: string }).dataDir;
  const keyFile = (name: string) => path.resolve(dataDir, `tlog-key-${hash("sha256", name, "hex").slice(0, 16)}`);
  if (origin !== undefined)
    return { origin, signerKey: readOrCreate(keyFile(origin), () => generateSignerKey(origin)) };
  const legacy = readKeyFile(keyFile(LEGACY_DEFAULT_ORIGIN));
  if (legacy !== null) return { origin: LEGACY_DEFAULT_ORIGIN, signerKey: legacy };
  const signerKey = readOrCreate(path.resolve(dataDir, "tlog-key-default"), () => generateSignerKey(defaultOriginFor));
  const parsed = parseSignerKey(signerKey);
  if (typeof parsed === "string") return fail(`DATA_DIR: tlog-key-default: ${parsed}; restore it`);
  return { origin: parsed.name, signerKey };
}

function readKeyFile(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") {
      fail(`DATA_DIR: cannot read ${file} (${(err as Error).message}); restore it`);
    }
    return null;
  }
}

const readOrCreate = (file: string, generate: () => string) => readKeyFile(file) ?? writeOnce(file, generate()).trim();

export function loadSecrets(env: Env, store: StoreConfig): Secrets {
  const retiredHmac = parseRetiredHmacKeys(env.AUDIT_HMAC_RETIRED_KEYS);
  const retiredSigningKeys = parseRetiredPublicKeys(env.AUDIT_SIGNING_RETIRED_KEYS);
  const signingFromEnv = env.AUDIT_SIGNING_KEY
    ? parseSigningKey("AUDIT_SIGNING_KEY", env.AUDIT_SIGNING_KEY)
    : undefined;

  if (env.AUDIT_HMAC_SECRET && signingFromEnv) {
    return {
      hmac: { currentKid: env.AUDIT_HMAC_KID, keys: { ...retiredHmac, [env.AUDIT_HMAC_KID]: env.AUDIT_HMAC_SECRET } },
      signingKey: signingFromEnv,
      retiredSigningKeys,
      source: "env",
    };
  }
  if (store.backend !== "embedded") {
    // Many instances share the store: a generated key would differ per instance.
    const missing = [!env.AUDIT_HMAC_SECRET && "AUDIT_HMAC_SECRET", !signingFromEnv && "AUDIT_SIGNING_KEY"]
      .filter(Boolean)
      .join(" and ");
    fail(
      `${missing}: required when the Upstash store is configured (generate with: npm run keys). Only the embedded store generates its own.`,
    );
  }
  const stored = loadOrCreateDataDirSecrets(store.dataDir);
  const hmacKid = env.AUDIT_HMAC_SECRET ? env.AUDIT_HMAC_KID : stored.hmacKid;
  const hmacSecret = env.AUDIT_HMAC_SECRET ?? stored.hmacSecret;
  return {
    hmac: { currentKid: hmacKid, keys: { ...retiredHmac, [stored.hmacKid]: stored.hmacSecret, [hmacKid]: hmacSecret } },
    signingKey: signingFromEnv ?? stored.signingKey,
    retiredSigningKeys,
    source: env.AUDIT_HMAC_SECRET ? "env" : "data-dir",
  };
}
