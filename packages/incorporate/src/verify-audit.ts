import {
  type CompletenessCheck,
  checkComplete,
  checkWitnessed,
  DEFAULT_COMPLETENESS_LIMIT,
  type LogReader,
  openProved,
  type WitnessCheck,
} from "./audit-completeness.ts";
import { type AuditVerdict, auditVerdict, checkStatusesOf } from "./audit-verdict.ts";
import { type ClientOptions, send } from "./client.ts";
import { IncorporateError } from "./errors.ts";
import { TlogError } from "./tlog/errors.ts";
import { parseWitnessPolicy, type WitnessPolicy } from "./tlog/policy.ts";
import type { AuditLog } from "./types.ts";
import { type AuditLogDocument, type AuditVerification, type PublicJwk, verifyAuditLog } from "./verify.ts";

export interface VerifyAuditOptions extends ClientOptions {
  /** The service's checkpoint keys; fetched from `<baseUrl>/.well-known/jwks.json` when omitted. */
  jwks?: { keys: PublicJwk[] };
  /** The transparency log's verifier key; the policy's, or fetched from `<baseUrl>/log/vkey`, when omitted. */
  logKey?: string;
  /**
   * Which log checkpoints count (`WitnessPolicy`): the log's key and the witness cosignatures to
   * require. Fetched from `<baseUrl>/log/policy` when omitted; keep your own copy so that a service
   * cannot drop the witnesses that would catch it.
   */
  policy?: WitnessPolicy;
  /** Leaves read after the head to prove it is the session's latest entry (default 4096). */
  completenessLimit?: number;
}

export type { AuditVerdict } from "./audit-verdict.ts";

export interface AuditVerificationReport extends AuditVerification {
  /** The head is proved in a checkpoint that meets the witness policy. */
  witnesses: WitnessCheck;
  /** The head shown is the session's latest entry in the log (by reading the log after it). */
  complete: CompletenessCheck;
  verdict: AuditVerdict;
}

async function getJson(path: string, what: string, options: ClientOptions): Promise<unknown> {
  const { response, body } = await send(path, { method: "GET" }, options);
  if (response.status !== 200 || body === null || typeof body !== "object") {
    throw new IncorporateError(`could not read ${what}: HTTP ${response.status}`, {
      status: response.status,
      response,
      body,
    });
  }
  return body;
}

function logReader(options: ClientOptions): LogReader {
  const base = (options.baseUrl ?? (globalThis as { location?: { origin?: string } }).location?.origin ?? "").replace(
    /\/+$/,
    "",
  );
  const fetcher = options.fetch ?? options.fetchImpl ?? globalThis.fetch;
  const get = async (url: string) => {
    const res = await fetcher(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
    if (!res.ok) throw new TlogError("missing_data", `GET ${url} answered ${res.status}`);
    return res;
  };
  return {
    text: async (path) => (await get(`${base}${path}`)).text(),
    bytes: async (path) => new Uint8Array(await (await get(`${base}${path}`)).arrayBuffer()),
    absolute: async (url) => (await get(url)).text(),
  };
}

/**
 * Verifies a fetched or exported log against the service, trusting nothing it says about itself:
 * recomputes the hash chain and the head, checks the checkpoint's Ed25519 signature against the
 * service's published key, proves the head entry is in the transparency log, in a checkpoint that
 * meets the witness policy (`/log/policy`, or yours), and that the head is the session's latest
 * entry there (by reading the log's leaves after it, bounded by `completenessLimit`). HMACs need the
 * service's secret and are checked by `fetchAudit(id, {verify: true})`. `ok` (and `verdict:
 * "verified"`) only when all of it holds; `describeVerification` gives one line per check.
 */
export async function verifyAudit(
  log: AuditLog | AuditLogDocument,
  options: VerifyAuditOptions = {},
): Promise<AuditVerificationReport> {
  const jwks =
    options.jwks ??
    ((await getJson("/.well-known/jwks.json", "the service's keys", options)) as {
      keys: PublicJwk[];
    });
  if (!Array.isArray(jwks.keys)) throw new IncorporateError("could not read the service's keys: no keys array", {});
  let policy = options.policy;
  if (policy === undefined) {
    try {
      policy = parseWitnessPolicy(await getJson("/log/policy", "the log's witness policy", options));
    } catch (err) {
      if (err instanceof IncorporateError) throw err;
      throw new IncorporateError(`the service's /log/policy is not a witness policy: ${(err as Error).message}`, {});
    }
  }
  const logKey = options.logKey ?? policy.log.vkey;
  if (logKey !== policy.log.vkey) {
    throw new IncorporateError("options.logKey is not the witness policy's log key", {});
  }
  const { sessionId, entries, checkpoint, transparency } = log;
  const base = await verifyAuditLog({ sessionId, entries, checkpoint, transparency }, { jwks, logKey });
  const limit = options.completenessLimit ?? DEFAULT_COMPLETENESS_LIMIT;
  let witnesses: WitnessCheck = {
    meets: false,
    quorum: policy.quorum,
    cosigned: [],
    size: null,
    error: "not checked: the head is not proved in the log",
    contradiction: false,
  };
  let complete: CompletenessCheck = {
    complete: null,
    from: null,
    to: null,
    limit,
    error: "not checked: the head is not proved in the log",
  };
  const proof = transparency as { index?: number; checkpoint?: string } | null | undefined;
  if (base.log?.included && typeof proof?.checkpoint === "string" && typeof proof.index === "number") {
    const reader = logReader(options);
    const found = await checkWitnessed(proof.checkpoint, policy, reader);
    witnesses = found.check;
    // The leaves after the head, up to the furthest checkpoint proven to extend the proof's.
    const upTo = found.witnessed ?? found.latest ?? (await openProved(proof.checkpoint, logKey));
    complete = await checkComplete(
      { sessionId, size: base.head.size, headIndex: proof.index },
      upTo,
      reader,
      limit,
      logKey,
    );
  }
  const verdict = auditVerdict(checkStatusesOf({ ...base, witnesses, complete }));
  return { ...base, ok: verdict === "verified", witnesses, complete, verdict };
}
