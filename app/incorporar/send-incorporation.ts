import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import type { IncorporationSuccess } from "@/lib/incorporation/success";
import type { RequestFailure } from "../_components/audit/request-failure";
import { findingsOf, type Issue, isSuccess, type ResultView, toIssue, type WizardMessages } from "./wizard-model";

// The result view is only needed after a successful submit: it loads then, not with the page.
let resultView: Promise<ResultView> | null = null;
function loadResultView(): Promise<ResultView> {
  resultView ??= import("./incorporation-result").then((module) => module.IncorporationResult);
  resultView.catch(() => {
    resultView = null;
  });
  return resultView;
}

/** What became of one submission, for the wizard to show. */
export type SendOutcome =
  | { kind: "done"; result: IncorporationSuccess; replayed: boolean; View: ResultView }
  /** The server's findings (422), or one problem that belongs to a field. */
  | { kind: "issues"; issues: Issue[] }
  | { kind: "failed"; failure: RequestFailure };

/**
 * POST /api/auto-incorporate with `text` (the validated request) and its idempotency key, and the
 * answer in the page's words.
 */
export async function sendIncorporation({
  text,
  idempotencyKey,
  token,
  lang,
  m,
}: {
  text: string;
  idempotencyKey: string;
  token: string;
  lang: Lang;
  m: WizardMessages;
}): Promise<SendOutcome> {
  const view = loadResultView();
  let response: Response;
  try {
    response = await fetch("/api/auto-incorporate", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "accept-language": lang,
        "idempotency-key": idempotencyKey,
        ...(token ? { "x-session-token": token } : {}),
      },
      body: text,
    });
  } catch {
    return { kind: "failed", failure: { message: m.errors.network } };
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    /* not JSON: the status decides below */
  }
  if (response.ok && isSuccess(data)) {
    let View: ResultView;
    try {
      View = await view;
    } catch {
      // The company exists, but its result view could not be fetched: a retry replays the answer.
      return { kind: "failed", failure: { message: m.errors.network } };
    }
    const replayed = response.headers.get("idempotent-replayed") === "true";
    return { kind: "done", result: data, replayed, View };
  }
  const findings = findingsOf(data);
  if (response.status === 422 && findings) {
    return { kind: "issues", issues: findings.filter((x) => x.code !== "tipo_pending_law").map((x) => toIssue(x, m)) };
  }
  const problem = (data ?? {}) as { code?: unknown; detail?: unknown; retryAfterSeconds?: unknown };
  const detail = typeof problem.detail === "string" ? problem.detail : undefined;
  const onField = (field: string, message: string): SendOutcome => ({
    kind: "issues",
    issues: [{ field, severity: "error", message }],
  });
  switch (problem.code) {
    case "session_token_required":
      return onField("sessionToken", m.errors.sessionTokenRequired);
    case "session_token_invalid":
      return onField("sessionToken", m.errors.sessionTokenInvalid);
    case "invalid_session_id":
      return onField("sessionId", m.errors.invalidSessionId);
    case "rate_limited": {
      const header = Number(response.headers.get("retry-after"));
      const seconds = typeof problem.retryAfterSeconds === "number" ? problem.retryAfterSeconds : header || 60;
      return {
        kind: "failed",
        failure: { message: fill(m.errors.rateLimited, { seconds: Math.max(1, Math.ceil(seconds)) }) },
      };
    }
    case "unauthorized":
      return { kind: "failed", failure: { message: m.errors.unauthorized } };
    case "store_unavailable":
    case "rate_limiter_unavailable":
      return { kind: "failed", failure: { message: m.errors.unavailable } };
    case "idempotency_in_progress":
      return { kind: "failed", failure: { message: m.errors.inProgress } };
    default:
      return { kind: "failed", failure: { message: fill(m.errors.server, { status: response.status }), detail } };
  }
}
