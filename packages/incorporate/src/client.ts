import { wholeLogFromPages } from "./audit-pages.ts";
import { IncorporateError, IncorporateValidationError } from "./errors.ts";
import type { AuditLog, IncorporationInput, IncorporationResult, IncorporationSuccess } from "./types.ts";

/** Request headers as `fetch` takes them: an object, a `Headers`, or name-value pairs. */
export type HeaderList = Record<string, string> | Headers | [string, string][];

/** Options every call takes. */
export interface ClientOptions {
  /** The service's origin, e.g. `https://registro.example`. Defaults to the page's origin in a browser. */
  baseUrl?: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof fetch;
  /** The same as `fetch`, under the name the earlier ar-agents client used; `fetch` wins when both are set. */
  fetchImpl?: typeof fetch;
  /**
   * Extra request headers. Names match in any case; a header the call sets from its own options
   * (`apiKey`, `idempotencyKey`, `sessionToken`, and `content-type` on a POST) replaces yours.
   */
  headers?: HeaderList;
  /** Sent as `Authorization: Bearer <apiKey>` (deployments that set INCORPORATE_API_KEYS need it). */
  apiKey?: string;
  /** Cancels the call, retry waits included; a cancelled call throws IncorporateError. */
  signal?: AbortSignal;
  /**
   * Milliseconds the whole call may take, retries and their waits included, before it is abandoned
   * with an IncorporateError (default 30000). A retry whose wait would pass it is not made.
   */
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
   * Waits as Retry-After says (seconds or an HTTP date, at most 10 s), else 1 s, 2 s, 3 s...
   * A whole number from 0 up: default 2; 0 turns retries off; anything else is a RangeError.
   */
  retries?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 2;
/** The longest delay timers take (about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

function baseUrlOf(options: ClientOptions): string {
  const base = options.baseUrl ?? (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!base) throw new TypeError("incorporate: options.baseUrl is required outside a browser page");
  return base.replace(/\/+$/, "");
}

function timeoutOf(options: ClientOptions): number {
  const ms = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0 || ms > MAX_TIMEOUT_MS) {
    throw new RangeError(`incorporate: options.timeoutMs must be a number of milliseconds from 0 to ${MAX_TIMEOUT_MS}`);
  }
  return ms;
}

function retriesOf(options: IncorporateOptions): number {
  const retries = options.retries ?? DEFAULT_RETRIES;
  if (typeof retries !== "number" || !Number.isInteger(retries) || retries < 0) {
    throw new RangeError(`incorporate: options.retries must be a whole number from 0 up (got ${String(retries)})`);
  }
  return retries;
}

/** One call's deadline and cancellation, shared by all its attempts and retry waits. */
interface Call {
  signal: AbortSignal;
  deadline: number;
  timeoutMs: number;
  callerSignal: AbortSignal | undefined;
  timedOut(): boolean;
  end(): void;
}

function startCall(options: ClientOptions): Call {
  const timeoutMs = timeoutOf(options);
  const timer = new AbortController();
  const handle = setTimeout(
    () => timer.abort(new DOMException(`timed out after ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
  );
  return {
    signal: options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal,
    deadline: Date.now() + timeoutMs,
    timeoutMs,
    callerSignal: options.signal,
    timedOut: () => timer.signal.aborted,
    end: () => clearTimeout(handle),
  };
}

/**
 * What ended an exchange without an answer: the caller's cancel, the deadline, or the network. No
 * HTTP answer arrived, so `status` is 0 and `response` null; `code` says which of the three it was,
 * so a caller can tell them apart from each other and from the service's own codes.
 */
function failure(call: Call, what: string, cause: unknown): IncorporateError {
  if (call.callerSignal?.aborted) {
    return new IncorporateError(`${what} was cancelled: no answer`, {
      cause: call.callerSignal.reason,
      code: "cancelled",
    });
  }
  if (call.timedOut()) {
    return new IncorporateError(`${what} timed out after ${call.timeoutMs} ms: no answer`, { cause, code: "timeout" });
  }
  return new IncorporateError(`${what} failed before any answer (network): ${String(cause)}`, {
    cause,
    code: "network_error",
  });
}

/** Waits `ms`, or until `signal` aborts (then rejects with its reason). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(handle);
      reject(signal.reason);
    };
    const handle = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The request headers: the caller's, then the call's own (which win, whatever the caller's case). */
function requestHeaders(options: ClientOptions, own: Record<string, string>, hasBody: boolean): Headers {
  const headers = new Headers(options.headers);
  if (!headers.has("accept")) headers.set("accept", "application/json");
  if (options.apiKey) headers.set("authorization", `Bearer ${options.apiKey}`);
  if (hasBody) headers.set("content-type", "application/json");
  for (const [name, value] of Object.entries(own)) headers.set(name, value);
  return headers;
}

async function exchange(
  url: string,
  init: { method: "GET" | "POST"; body?: unknown; headers?: Record<string, string> },
  options: ClientOptions,
  call: Call,
): Promise<{ response: Response; body: unknown }> {
  const what = `${init.method} ${url}`;
  let response: Response;
  try {
    response = await (options.fetch ?? options.fetchImpl ?? fetch)(url, {
      method: init.method,
      headers: requestHeaders(options, init.headers ?? {}, init.body !== undefined),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: call.signal,
    });
  } catch (cause) {
    throw failure(call, what, cause);
  }
  let text = "";
  try {
    text = await response.text();
  } catch (cause) {
    if (call.signal.aborted) throw failure(call, what, cause);
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { response, body };
}

/** One HTTP exchange: time-out and cancellation, JSON parsing, and failures as IncorporateError. */
export async function send(
  path: string,
  init: { method: "GET" | "POST"; body?: unknown; headers?: Record<string, string> },
  options: ClientOptions,
): Promise<{ response: Response; body: unknown }> {
  const url = `${baseUrlOf(options)}${path}`;
  const call = startCall(options);
  try {
    return await exchange(url, init, options, call);
  } finally {
    call.end();
  }
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

/** Retry-After in milliseconds (delay-seconds or an HTTP date); null when absent or not a delay. */
function retryAfterMs(value: string | null): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function postIncorporation(input: IncorporationInput, options: IncorporateOptions) {
  const retries = retriesOf(options);
  const url = `${baseUrlOf(options)}/api/auto-incorporate`;
  const headers: Record<string, string> = {};
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  if (options.sessionToken) headers["x-session-token"] = options.sessionToken;
  const call = startCall(options);
  try {
    for (let attempt = 0; ; attempt++) {
      const answer = await exchange(url, { method: "POST", body: input, headers }, options, call);
      if (attempt >= retries || !worthRetrying(answer.response, answer.body)) return answer;
      const waitMs = Math.min(
        retryAfterMs(answer.response.headers.get("retry-after")) ?? 1000 * (attempt + 1),
        MAX_RETRY_WAIT_MS,
      );
      // A retry that could not even start before the deadline: the answer in hand is the outcome.
      if (Date.now() + waitMs >= call.deadline) return answer;
      try {
        await pause(waitMs, call.signal);
      } catch (cause) {
        throw failure(call, `POST ${url}`, cause);
      }
    }
  } finally {
    call.end();
  }
}

/** An incorporation's answer with what its headers say about the session it was recorded in. */
export interface IncorporationAnswer {
  result: IncorporationResult;
  response: Response;
  /** `x-session-id` (or, on a 200, `audit.sessionId`). */
  sessionId: string | null;
  /** `x-session-token` (or, on a 200, `audit.sessionToken`): only when this call created the session. */
  sessionToken: string | null;
  /** `idempotent-replayed: true`: the stored answer of an earlier identical request, without secrets. */
  replayed: boolean;
}

/** POST /api/auto-incorporate: a 200 or a 422 as an answer, anything else thrown. */
export async function incorporationAnswer(
  input: IncorporationInput,
  options: IncorporateOptions,
): Promise<IncorporationAnswer> {
  const { response, body } = await postIncorporation(input, options);
  const result = body as IncorporationResult | null;
  const accepted = response.status === 200 && result?.ok === true;
  if (!accepted && !(response.status === 422 && result?.ok === false)) throw unexpected(response, body);
  // A 200, and a refusal recorded in the audit log, name their session in `audit` too.
  const audit = (result as { audit?: { sessionId?: string; sessionToken?: string } } | null)?.audit;
  return {
    result: result as IncorporationResult,
    response,
    sessionId: response.headers.get("x-session-id") || audit?.sessionId || null,
    sessionToken: response.headers.get("x-session-token") || audit?.sessionToken || null,
    replayed: response.headers.get("idempotent-replayed") === "true",
  };
}

/**
 * Incorporates a company (POST /api/auto-incorporate). Returns the success result, or the 422
 * validation failure as a value (`ok: false`, with `validation.findings`, plus `sessionId` and
 * `sessionToken` from the answer's headers: a refusal is recorded too, and may create the session).
 * Network failures, time-outs, cancellation and any other status throw IncorporateError.
 */
export async function incorporate(
  input: IncorporationInput,
  options: IncorporateOptions = {},
): Promise<IncorporationResult> {
  return resultOf(await incorporationAnswer(input, options));
}

/** The result `incorporate` returns: a refusal gets `sessionId` and `sessionToken` at its top level too. */
export function resultOf(answer: IncorporationAnswer): IncorporationResult {
  const { result, sessionId, sessionToken } = answer;
  if (result.ok) return result;
  return { ...result, ...(sessionId ? { sessionId } : {}), sessionToken };
}

/**
 * Like `incorporate`, but a 422 throws IncorporateValidationError (with `findings`, the body as
 * received, and the `sessionId` and `sessionToken` of the session the refusal was recorded in).
 */
export async function incorporateOrThrow(
  input: IncorporationInput,
  options: IncorporateOptions = {},
): Promise<IncorporationSuccess> {
  const { result, response, sessionId, sessionToken } = await incorporationAnswer(input, options);
  if (result.ok) return result;
  throw new IncorporateValidationError(result.validation?.findings ?? [], result.rfc001, response, {
    body: result,
    sessionId,
    sessionToken,
  });
}

/** The incorporation endpoint's self-description (GET /api/auto-incorporate). */
export async function describe(options: ClientOptions = {}): Promise<Record<string, unknown>> {
  const { response, body } = await send("/api/auto-incorporate", { method: "GET" }, options);
  if (response.status !== 200) throw unexpected(response, body);
  return body as Record<string, unknown>;
}

/**
 * A session's whole audit log; `{verify: true}` adds the server's verification report. The service
 * hands the log out in pages (`?after=&limit=`, up to its page size each): this follows them and
 * returns every entry the first page's checkpoint covers, with that checkpoint, so the result
 * verifies offline like one read of the whole log. Entries appended meanwhile are left for the next call.
 */
export async function fetchAudit(
  sessionId: string,
  options: ClientOptions & {
    verify?: boolean /** Entries per page asked for; the server's default (its most) if unset. */;
    pageSize?: number;
  } = {},
): Promise<AuditLog> {
  const base = `/api/play/audit/${encodeURIComponent(sessionId)}`;
  const read = async (after: number | null): Promise<AuditLog> => {
    const query = [
      options.verify ? "verify=1" : "",
      after === null ? "" : `after=${after}`,
      options.pageSize === undefined ? "" : `limit=${options.pageSize}`,
    ].filter(Boolean);
    const { response, body } = await send(
      query.length ? `${base}?${query.join("&")}` : base,
      { method: "GET" },
      options,
    );
    if (response.status !== 200) throw unexpected(response, body);
    return body as AuditLog;
  };
  return wholeLogFromPages(read);
}
