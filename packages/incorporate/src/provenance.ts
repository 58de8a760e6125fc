import { base64UrlDecode, checkJws } from "./jws.ts";
import type { PublicJwk } from "./verify.ts";

/** An in-toto statement (v1) as the service signs it for the tarball it serves. */
export interface InTotoStatement {
  _type: string;
  subject: { name: string; digest: Record<string, string> }[];
  predicateType: string;
  predicate?: unknown;
}

export interface PackageProvenanceOptions {
  /** The service's keys (`/.well-known/jwks.json`). */
  jwks: { keys: PublicJwk[] };
  /** The tarball's bytes as downloaded: its SHA-512 must be the statement's subject digest. */
  tarball?: ArrayBuffer | Uint8Array;
  /** Or npm's `integrity` of it (`sha512-<base64>`), e.g. from package-lock.json. */
  integrity?: string;
  /** The tarball's file name, when the subject's name must be checked too. */
  name?: string;
}

export interface PackageProvenanceVerification {
  /** The signature verifies with a published key, and a subject names the tarball's SHA-512. */
  ok: boolean;
  kid: string | null;
  keyFound: boolean;
  signatureValid: boolean;
  statement: InTotoStatement | null;
  /** The lowercase hex SHA-512 the tarball (or integrity) gave. */
  sha512: string | null;
  /** The statement's subject that matched. */
  subject: InTotoStatement["subject"][number] | null;
  error: string | null;
}

const STATEMENT_V1 = "https://in-toto.io/Statement/v1";

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function integrityHex(integrity: string): string {
  const m = /^sha512-([A-Za-z0-9+/]{86}==)$/.exec(integrity.trim());
  if (!m) throw new Error("integrity must be sha512-<base64 of 64 bytes>");
  return hex(base64UrlDecode((m[1] as string).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")));
}

async function digestOf(options: PackageProvenanceOptions): Promise<string> {
  const fromBytes = options.tarball
    ? hex(new Uint8Array(await crypto.subtle.digest("SHA-512", new Uint8Array(options.tarball))))
    : null;
  const fromIntegrity = options.integrity ? integrityHex(options.integrity) : null;
  if (fromBytes && fromIntegrity && fromBytes !== fromIntegrity) {
    throw new Error("the tarball's SHA-512 is not the integrity given");
  }
  const digest = fromBytes ?? fromIntegrity;
  if (!digest) throw new Error("give the tarball's bytes or its integrity");
  return digest;
}

/**
 * Checks the provenance statement the service publishes for its client tarball
 * (`GET /api/packages/incorporate`, member `provenance.jws`): a compact JWS (EdDSA) by a key of the
 * service's JWKS, whose payload is an in-toto v1 statement with a subject whose `sha512` digest is
 * the tarball's (and whose name is `name`, when given). WebCrypto only.
 */
export async function verifyPackageProvenance(
  jws: string,
  options: PackageProvenanceOptions,
): Promise<PackageProvenanceVerification> {
  const result: PackageProvenanceVerification = {
    ok: false,
    kid: null,
    keyFound: false,
    signatureValid: false,
    statement: null,
    sha512: null,
    subject: null,
    error: null,
  };
  try {
    result.sha512 = await digestOf(options);
    const check = await checkJws(jws, options.jwks);
    Object.assign(result, { kid: check.kid, keyFound: check.keyFound, signatureValid: check.signatureValid });
    if (check.error || !check.payload) throw new Error(check.error ?? "no payload");
    const statement = JSON.parse(new TextDecoder().decode(check.payload)) as InTotoStatement;
    result.statement = statement;
    if (statement._type !== STATEMENT_V1) throw new Error(`not an in-toto v1 statement (${String(statement._type)})`);
    if (!Array.isArray(statement.subject)) throw new Error("the statement has no subject");
    result.subject =
      statement.subject.find(
        (s) =>
          s?.digest?.sha512?.toLowerCase() === result.sha512 && (options.name === undefined || s.name === options.name),
      ) ?? null;
    if (!result.subject) throw new Error("no subject of the statement names this tarball's SHA-512");
    result.ok = true;
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
  }
  return result;
}
