import type { AuditMessages } from "@/app/_components/audit/words";
import { fill } from "@/lib/i18n/template";

/** What went wrong with a request, in the page's language; `detail` is the server's own (English) text. */
export interface RequestFailure {
  message: string;
  detail?: string;
}

interface Problem {
  code?: unknown;
  detail?: unknown;
  retryAfterSeconds?: unknown;
}

/**
 * Turns a failed answer (problem+json, RFC 9457) into a message that says what happened and what to
 * do. `overrides` gives page-specific wording for a code (e.g. the tamper demo's validation_failed).
 */
export async function failureOf(
  response: Response,
  m: AuditMessages["request"],
  overrides: Partial<Record<string, string>> = {},
): Promise<RequestFailure> {
  let problem: Problem = {};
  try {
    problem = (await response.json()) as Problem;
  } catch {
    /* not JSON: the status alone decides */
  }
  const code = typeof problem.code === "string" ? problem.code : "";
  const detail = typeof problem.detail === "string" ? problem.detail : undefined;
  const override = overrides[code];
  if (override) return { message: override, detail };
  switch (code) {
    case "rate_limited": {
      const header = Number(response.headers.get("retry-after"));
      const seconds = typeof problem.retryAfterSeconds === "number" ? problem.retryAfterSeconds : header || 10;
      return { message: fill(m.rateLimited, { seconds: Math.max(1, Math.ceil(seconds)) }) };
    }
    case "store_unavailable":
    case "rate_limiter_unavailable":
      return { message: m.storeUnavailable };
    case "invalid_session_id":
      return { message: m.invalidSessionId };
    default:
      return { message: fill(m.server, { status: response.status }), detail };
  }
}

/** The failure of a request that got no answer at all. */
export function networkFailure(m: AuditMessages["request"]): RequestFailure {
  return { message: m.network };
}
