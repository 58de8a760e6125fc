import { emptyTally, type HmacCheck, isEntryObject, judgeEntry, type Tally, tallyEntry } from "./audit-rules.ts";
import { canonicalize } from "./jcs.ts";
import { base64UrlDecode, type PublicJwk } from "./jws.ts";
import { checkLogInclusion, type LogInclusion, type TransparencyProof } from "./log-inclusion.ts";
import { parseStrictJson } from "./strict-json.ts";

export { type PageInfo, wholeLogFromPages } from "./audit-pages.ts";
export type { EntryProblem, ProblemReason } from "./audit-rules.ts";
export type { PublicJwk } from "./jws.ts";
export type { LogInclusion, TransparencyProof } from "./log-inclusion.ts";

/** A log as `GET /api/play/audit/{sessionId}` returns it (or as exported to a JSON file). */
export interface AuditLogDocument {
  sessionId: string;
  entries: unknown[];
  /** Compact JWS over `{sessionId, size, head, ts}`. */
  checkpoint?: string | null;
  /** The head entry's leaf in the service-wide transparency log, proved in a log checkpoint. */
  transparency?: TransparencyProof | null;
}

export interface VerifyAuditOptions {
  /** The service's checkpoint keys (`/.well-known/jwks.json`); without them the signature is not checked. */
  jwks?: { keys: PublicJwk[] };
  /** HMAC secrets by key id. Only the service (or test vectors) has them; offline checks skip HMACs. */
  hmacKeys?: Record<string, string>;
  /**
   * A checkpoint of this session kept from an earlier read. The log must extend it: a log cut back
   * to an older genuine checkpoint, or rewritten under a new one, verifies on its own, and only a
   * head seen before shows it. Checked with `jwks`.
   */
  knownCheckpoint?: string;
  /**
   * The transparency log's verifier key (`GET /log/vkey`). With it, the head entry must be in that
   * log: the document's `transparency` proof is checked against a checkpoint signed under this key,
   * for the leaf recomputed from the entries at the index the session checkpoint signed. Needs `jwks`.
   */
  logKey?: string;
}

/** How the log stands against a checkpoint kept from an earlier read. */
export interface KnownCheckpointCheck {
  /** The kept checkpoint verifies, and this log holds at least its entries, with its head at its size. */
  consistent: boolean;
  /** The size the kept checkpoint signed, when it verifies. */
  size: number | null;
  error: string | null;
}

export interface CheckpointVerification {
  /** The JWS signature verifies with the key its `kid` names. */
  signatureValid: boolean;
  kid: string | null;
  /** `kid` names a key of the JWKS given. */
  keyFound: boolean;
  payload: { sessionId: string; size: number; head: string | null; ts: string; logIndex?: number } | null;
  /** The signed session, size and head equal what the entries give. */
  matchesLog: boolean;
  /** Why it failed, when it did. */
  error: string | null;
}

export interface AuditVerification extends Tally {
  /**
   * Every entry passes, the checkpoint (when present and keys were given) is valid and matches, and
   * something ties the entries to the service: with HMAC secrets (`hmacKeys`), every entry carries a
   * valid HMAC; without them, as offline, the log carries its checkpoint and it verifies with `jwks`.
   * Anyone can compute a chain, so a log checked with neither is never `ok`.
   */
  ok: boolean;
  sessionId: string;
  /** Whether HMACs were checked (only with `hmacKeys`). */
  hmacChecked: boolean;
  head: { size: number; hash: string | null };
  checkpoint: CheckpointVerification | null;
  /** Against `knownCheckpoint`, when one was given. */
  known: KnownCheckpointCheck | null;
  /** Whether the head entry is in the transparency log, when `logKey` was given. */
  log: LogInclusion | null;
}

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `sha256:<hex>` of a canonical form: the chain link. */
export async function sha256Tagged(text: string): Promise<string> {
  return `sha256:${toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)))}`;
}

/** `sha256:<hex>` HMAC-SHA256 keyed with the secret's UTF-8 bytes. */
export async function hmacTagged(text: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return `sha256:${toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(text)))}`;
}

/** The entry's canonical form without `hmac` and `signature`: what the HMAC covers. */
export function signedForm(entry: Record<string, unknown>): string {
  const { hmac: _hmac, signature: _signature, ...rest } = entry;
  return canonicalize(rest);
}

/** Verifies a compact JWS checkpoint (EdDSA, Ed25519) with the key its header's `kid` names. */
export async function verifyCheckpoint(
  jws: string,
  jwks: { keys: PublicJwk[] },
  expected: { sessionId: string; size: number; head: string | null },
): Promise<CheckpointVerification> {
  const result: CheckpointVerification = {
    signatureValid: false,
    kid: null,
    keyFound: false,
    payload: null,
    matchesLog: false,
    error: null,
  };
  try {
    const parts = jws.split(".");
    if (parts.length !== 3) throw new Error("a compact JWS has three parts");
    const [h, p, s] = parts as [string, string, string];
    const header = parseStrictJson(new TextDecoder().decode(base64UrlDecode(h))) as { alg?: string; kid?: string };
    if (header.alg !== "EdDSA") throw new Error(`unexpected alg ${String(header.alg)}`);
    result.kid = typeof header.kid === "string" ? header.kid : null;
    const jwk = jwks.keys.find((k) => k.kid === result.kid && k.kty === "OKP" && k.crv === "Ed25519");
    result.keyFound = jwk !== undefined;
    if (!jwk) throw new Error("no published key has this kid");
    const key = await crypto.subtle.importKey(
      "jwk",
      { kty: "OKP", crv: "Ed25519", x: jwk.x },
      { name: "Ed25519" },
      false,
      ["verify"],
    );
    result.signatureValid = await crypto.subtle.verify(
      { name: "Ed25519" },
      key,
      base64UrlDecode(s),
      encoder.encode(`${h}.${p}`),
    );
    if (!result.signatureValid) throw new Error("the signature does not verify");
    result.payload = parseStrictJson(new TextDecoder().decode(base64UrlDecode(p))) as CheckpointVerification["payload"];
    const payload = result.payload as NonNullable<CheckpointVerification["payload"]>;
    result.matchesLog =
      payload.sessionId === expected.sessionId && payload.size === expected.size && payload.head === expected.head;
    if (!result.matchesLog) throw new Error("the signed session, size or head differs from the entries");
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
  }
  return result;
}

/**
 * Verifies an audit log without trusting the server: recomputes the chain and the head, checks the
 * checkpoint signature against the published keys and, when HMAC secrets are given, every HMAC.
 * Uses only WebCrypto, so it runs in browsers, Node 20+ and edge runtimes alike.
 */
export async function verifyAuditLog(
  log: AuditLogDocument,
  options: VerifyAuditOptions = {},
): Promise<AuditVerification> {
  const tally = emptyTally();
  let prevHash: string | null = null;
  // The head after each entry: what a checkpoint of that size signed.
  const heads: string[] = [];
  for (const [seq, raw] of log.entries.entries()) {
    let hmac: HmacCheck = "skipped";
    if (isEntryObject(raw) && raw.hmac !== undefined && options.hmacKeys) {
      const secret =
        typeof raw.kid === "string" && Object.hasOwn(options.hmacKeys, raw.kid) ? options.hmacKeys[raw.kid] : undefined;
      if (secret === undefined) hmac = "unknown_kid";
      else hmac = (await hmacTagged(signedForm(raw), secret)) === raw.hmac ? "ok" : "mismatch";
    }
    tallyEntry(tally, seq, judgeEntry(log.sessionId, seq, raw, prevHash, hmac));
    prevHash = await sha256Tagged(canonicalize(raw));
    heads.push(prevHash);
  }
  const head = { size: log.entries.length, hash: prevHash };
  const checkpoint =
    log.checkpoint && options.jwks
      ? await verifyCheckpoint(log.checkpoint, options.jwks, {
          sessionId: log.sessionId,
          size: head.size,
          head: head.hash,
        })
      : null;
  const checkpointOk = checkpoint === null ? !(log.checkpoint && options.jwks) : checkpoint.error === null;
  // Anyone can compute a consistent chain: only the service's HMACs (checked with its secrets) or its
  // signed checkpoint tie the entries to it. Without either, a log stripped of its checkpoint, cut
  // short or invented whole would pass; and with HMACs as the only proof, so would unsigned entries.
  const attested = options.hmacKeys ? tally.unsigned === 0 : checkpoint !== null && checkpoint.error === null;
  const known =
    options.knownCheckpoint && options.jwks
      ? await checkKnown(options.knownCheckpoint, options.jwks, log.sessionId, heads)
      : null;
  const inLog = options.logKey
    ? await checkLogInclusion(
        {
          sessionId: log.sessionId,
          size: head.size,
          hash: head.hash,
          // Only a checkpoint that verified and matches the entries says where the head's leaf is.
          signedIndex: checkpoint?.error === null ? checkpoint.payload?.logIndex : undefined,
        },
        log.transparency,
        options.logKey,
      )
    : null;
  return {
    ...tally,
    ok:
      tally.tampered === 0 &&
      checkpointOk &&
      attested &&
      (known === null || known.consistent) &&
      (inLog === null || inLog.included),
    sessionId: log.sessionId,
    hmacChecked: Boolean(options.hmacKeys),
    head,
    checkpoint,
    known,
    log: inLog,
  };
}

/** Whether the entries (their heads, in order) extend a checkpoint of the session kept from earlier. */
async function checkKnown(
  jws: string,
  jwks: { keys: PublicJwk[] },
  sessionId: string,
  heads: string[],
): Promise<KnownCheckpointCheck> {
  // Verified against its own payload first: the signature is what is in question here.
  const opened = await verifyCheckpoint(jws, jwks, { sessionId, size: -1, head: null });
  const payload = opened.signatureValid ? opened.payload : null;
  if (payload === null) {
    return { consistent: false, size: null, error: `the kept checkpoint does not verify: ${opened.error}` };
  }
  const fail = (error: string) => ({ consistent: false, size: payload.size, error });
  if (payload.sessionId !== sessionId) return fail(`the kept checkpoint is of session ${payload.sessionId}`);
  if (payload.size > heads.length) {
    return fail(
      `the log was cut back: it holds ${heads.length} entries, and a checkpoint kept from ${payload.ts} signed ${payload.size}`,
    );
  }
  const head = payload.size === 0 ? null : heads[payload.size - 1];
  if (head !== payload.head) {
    return fail(`the log was rewritten: its first ${payload.size} entries are not the ones signed at ${payload.ts}`);
  }
  return { consistent: true, size: payload.size, error: null };
}
