import { IncorporateError, IncorporateValidationError } from "./errors.ts";
import type {
  AuditLog,
  IncorporationFailure,
  IncorporationInput,
  IncorporationResult,
  IncorporationSuccess,
} from "./types.ts";

/** Options every call takes. */
export interface ClientOptions {
  /** The service's origin, e.g. `https://registro.example`. Defaults to the page's origin in a browser. */
  baseUrl?: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof fetch;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <apiKey>` (deployments that set INCORPORATE_API_KEYS need it). */
  apiKey?: string;
  /** Cancels the call. */
  signal?: AbortSignal;
  /** Milliseconds before the call is abandoned with an IncorporateError (default 30000). */
  timeoutMs?: number;
}

export interface IncorporateOptions extends ClientOptions {
  /** Sent as `Idempotency-Key`: retries with the same key return the first answer. */
  idempotencyKey?: string;
  /** Write token of the session named by `input.sessionId`, when it already exists. */
  sessionToken?: string;
  /**
   * How many times to send the request again after an answer that says nothing was done yet: 503
   * (storage unreachable; incorporations are all-or-nothing, so nothing was written) or 409
   * `idempotency_in_progress` (an identical request is still running; the retry gets its answer).
   * Waits as Retry-After says (at most 10 s), else 1 s, 2 s... Default 2; 0 turns retries off.
   */
  retries?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

function baseUrlOf(options: ClientOptions): string {
  const base = options.baseUrl ?? (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!base) throw new TypeError("incorporate: options.baseUrl is required outside a browser page");
  return base.replace(/\/+$/, "");
}

/** One HTTP exchange: time-out and cancellation, JSON parsing, and failures as IncorporateError. */
export async function send(
  path: string,
  init: { method: "GET" | "POST"; body?: unknown; headers?: Record<string, string> },
  options: ClientOptions,
): Promise<{ response: Response; body: unknown }> {
  const url = `${baseUrlOf(options)}${path}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: "application/json", ...options.headers, ...init.headers };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal,
    });
  } catch (cause) {
    const timedOut = timeout.aborted && !options.signal?.aborted;
    throw new IncorporateError(
      timedOut
        ? `${init.method} ${url} timed out after ${timeoutMs} ms`
        : `${init.method} ${url} failed: ${String(cause)}`,
      { cause },
    );
  }
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { response, body };
}

function unexpected(response: Response, body: unknown): IncorporateError {
  const detail = (body as { detail?: unknown } | null)?.detail;
  return new IncorporateError(
    `HTTP ${response.status} from ${response.url || "the service"}${typeof detail === "string" ? `: ${detail}` : ""}`,
    { status: response.status, response, body },
  );
}

const MAX_RETRY_WAIT_MS = 10_000;

/** A 503, or a 409 for an identical request still in progress: nothing was done, sending again is safe. */
function worthRetrying(response: Response, body: unknown): boolean {
  return (
    response.status === 503 ||
    (response.status === 409 && (body as { code?: unknown } | null)?.code === "idempotency_in_progress")
  );
}

async function postIncorporation(input: IncorporationInput, options: IncorporateOptions) {
  const headers: Record<string, string> = {};
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  if (options.sessionToken) headers["x-session-token"] = options.sessionToken;
  const retries = Math.max(0, options.retries ?? 2);
  for (let attempt = 0; ; attempt++) {
    const answer = await send("/api/auto-incorporate", { method: "POST", body: input, headers }, options);
    if (attempt >= retries || !worthRetrying(answer.response, answer.body)) return answer;
    const retryAfter = Number(answer.response.headers.get("retry-after"));
    const waitMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : 1000 * (attempt + 1);
    await new Promise((resolve) => setTimeout(resolve, Math.min(waitMs, MAX_RETRY_WAIT_MS)));
    options.signal?.throwIfAborted();
  }
}

/**
 * Incorporates a company (POST /api/auto-incorporate). Returns the success result, or the 422
 * validation failure as a value (`ok: false`, with `validation.findings`). Network failures,
 * time-outs and any other status throw IncorporateError.
 */
export async function incorporate(
  input: IncorporationInput,
  options: IncorporateOptions = {},
): Promise<IncorporationResult> {
  const { response, body } = await postIncorporation(input, options);
  const result = body as IncorporationResult | null;
  if (response.status === 200 && result?.ok === true) return result;
  if (response.status === 422 && result?.ok === false) return result;
  throw unexpected(response, body);
}

/** Like `incorporate`, but a 422 throws IncorporateValidationError (with `findings`). */
export async function incorporateOrThrow(
  input: IncorporationInput,
  options: IncorporateOptions = {},
): Promise<IncorporationSuccess> {
  const { response, body } = await postIncorporation(input, options);
  const result = body as IncorporationResult | null;
  if (response.status === 200 && result?.ok === true) return result;
  if (response.status === 422 && result?.ok === false) {
    const failure = result as IncorporationFailure;
    throw new IncorporateValidationError(failure.validation.findings, failure.rfc001, response);
  }
  throw unexpected(response, body);
}

/** The incorporation endpoint's self-description (GET /api/auto-incorporate). */
export async function describe(options: ClientOptions = {}): Promise<Record<string, unknown>> {
  const { response, body } = await send("/api/auto-incorporate", { method: "GET" }, options);
  if (response.status !== 200) throw unexpected(response, body);
  return body as Record<string, unknown>;
}

/** A session's audit log; `{verify: true}` adds the server's verification report. */
export async function fetchAudit(
  sessionId: string,
  options: ClientOptions & { verify?: boolean } = {},
): Promise<AuditLog> {
  const path = `/api/play/audit/${encodeURIComponent(sessionId)}${options.verify ? "?verify=1" : ""}`;
  const { response, body } = await send(path, { method: "GET" }, options);
  if (response.status !== 200) throw unexpected(response, body);
  return body as AuditLog;
}
