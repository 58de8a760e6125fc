import type { Finding, IncorporationResult, Rfc001Report } from "./types.ts";

const BRAND = Symbol.for("sociedades-ia.incorporate.error");

/**
 * A failed call: the network failed, the time-out passed, the caller cancelled, or the service answered
 * with a status the call does not expect. `status` is the HTTP status and `response` the raw Response,
 * as received; when no answer arrived there are none (`status` 0, `response` null) and `code` says
 * why: `network_error`, `timeout` or `cancelled`. `body` is the answer's parsed JSON (a problem+json
 * object for the service's errors).
 */
export class IncorporateError extends Error {
  override name = "IncorporateError";
  readonly status: number;
  readonly response: Response | null;
  readonly body: unknown;
  /**
   * The service's stable error code (problem+json `code`), when it sent one; when no answer arrived,
   * `network_error`, `timeout` or `cancelled`.
   */
  readonly code: string | null;
  readonly [BRAND] = true;

  constructor(
    message: string,
    options: {
      status?: number;
      response?: Response | null;
      body?: unknown;
      cause?: unknown;
      code?: string | null;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status ?? 0;
    this.response = options.response ?? null;
    this.body = options.body ?? null;
    const code = options.code ?? (options.body as { code?: unknown } | null)?.code;
    this.code = typeof code === "string" ? code : null;
  }
}

/**
 * The service refused the incorporation (HTTP 422); `findings` says why and what to fix. `body` is
 * the service's answer as received; `code` is its `code` member, or `validation_failed` (the code
 * docs/errors.md gives a 422 refusal) when the answer is the SPEC 2.6 body, which has none.
 */
export class IncorporateValidationError extends IncorporateError {
  override name = "IncorporateValidationError";
  /** Every finding: errors (which block) and warnings and infos (which never do). */
  readonly findings: Finding[];
  readonly rfc001: Rfc001Report;
  /** The session the refusal was recorded in (`x-session-id`), when the answer named it. */
  readonly sessionId: string | null;
  /**
   * The write token of that session (`x-session-token`) when this refused call created it: shown
   * once, and needed by every later write to the session.
   */
  readonly sessionToken: string | null;

  constructor(
    findings: Finding[],
    rfc001: Rfc001Report,
    response: Response,
    options: { body?: unknown; sessionId?: string | null; sessionToken?: string | null } = {},
  ) {
    const errors = findings.filter((f) => f.severity === "error");
    const body = options.body === undefined ? { ok: false, validation: { findings }, rfc001 } : options.body;
    const code = (body as { code?: unknown } | null)?.code;
    super(`Incorporation refused: ${errors.map((f) => `${f.field}: ${f.message}`).join("; ")}`, {
      status: 422,
      response,
      body,
      code: typeof code === "string" ? code : "validation_failed",
    });
    this.findings = findings;
    this.rfc001 = rfc001;
    this.sessionId = options.sessionId ?? null;
    this.sessionToken = options.sessionToken ?? null;
  }

  /** The findings that blocked the incorporation (severity `error`). */
  get errors(): Finding[] {
    return this.findings.filter((f) => f.severity === "error");
  }
}

/**
 * A session helper cannot write to its session any more: the answer to its first write carried no
 * write token (code `session_token_not_returned`). That happens when the answer is an idempotent
 * replay (`replayed`), e.g. of the library's own retry after the first attempt's write had landed: a
 * replay never shows the secrets shown once. The incorporation itself was answered: `result` holds
 * that answer (also in `body`). Start a new session for further writes.
 */
export class IncorporateSessionError extends IncorporateError {
  override name = "IncorporateSessionError";
  readonly sessionId: string;
  /** True when the service marked the answer as a replay (`idempotent-replayed: true`). */
  readonly replayed: boolean;
  /** The answer of the call (null when the call was stopped before being sent). */
  readonly result: IncorporationResult | null;

  constructor(
    message: string,
    options: { sessionId: string; replayed: boolean; result: IncorporationResult | null; response: Response | null },
  ) {
    super(message, {
      status: options.response?.status ?? 0,
      response: options.response,
      body: options.result,
      code: "session_token_not_returned",
    });
    this.sessionId = options.sessionId;
    this.replayed = options.replayed;
    this.result = options.result;
  }
}

/** True for an IncorporateError from any copy of this package (works across realms and bundles). */
export function isIncorporateError(value: unknown): value is IncorporateError {
  return typeof value === "object" && value !== null && BRAND in value;
}
