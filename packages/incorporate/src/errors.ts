import type { Finding, Rfc001Report } from "./types.ts";

const BRAND = Symbol.for("sociedades-ia.incorporate.error");

/**
 * A failed call: the network failed, the time-out passed, or the service answered with a status the
 * call does not expect. `status` is the HTTP status (0 when no answer arrived), `response` the raw
 * Response (null when none), `body` its parsed JSON (a problem+json object for the service's errors).
 */
export class IncorporateError extends Error {
  override name = "IncorporateError";
  readonly status: number;
  readonly response: Response | null;
  readonly body: unknown;
  /** The service's stable error code (problem+json `code`), when it sent one. */
  readonly code: string | null;
  readonly [BRAND] = true;

  constructor(
    message: string,
    options: { status?: number; response?: Response | null; body?: unknown; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status ?? 0;
    this.response = options.response ?? null;
    this.body = options.body ?? null;
    const code = (options.body as { code?: unknown } | null)?.code;
    this.code = typeof code === "string" ? code : null;
  }
}

/** The service refused the incorporation (HTTP 422); `findings` says why and what to fix. */
export class IncorporateValidationError extends IncorporateError {
  override name = "IncorporateValidationError";
  readonly findings: Finding[];
  readonly rfc001: Rfc001Report;

  constructor(findings: Finding[], rfc001: Rfc001Report, response: Response) {
    const errors = findings.filter((f) => f.severity === "error");
    super(`Incorporation refused: ${errors.map((f) => `${f.field}: ${f.message}`).join("; ")}`, {
      status: 422,
      response,
      body: { ok: false, validation: { findings }, rfc001 },
    });
    this.findings = findings;
    this.rfc001 = rfc001;
  }
}

/** True for an IncorporateError from any copy of this package (works across realms and bundles). */
export function isIncorporateError(value: unknown): value is IncorporateError {
  return typeof value === "object" && value !== null && BRAND in value;
}
