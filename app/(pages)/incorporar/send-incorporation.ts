import { type ApiProblem, callApi, problemWords, waitSeconds } from "@/app/_client/api";
import { loadOnce } from "@/app/_client/load-once";
import type { RequestFailure } from "@/app/_components/feedback/request-failure";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import type { IncorporationSuccess } from "@/lib/incorporation/success";
import { findingsOf, type Issue, isSuccess, type ResultView, toIssue, type WizardMessages } from "./wizard-model";

// The result view is only needed after a successful submit: it loads then, not with the page.
const loadResultView = loadOnce<ResultView>(() =>
  import("./incorporation-result").then((module) => module.IncorporationResult),
);

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
  words,
}: {
  text: string;
  idempotencyKey: string;
  token: string;
  lang: Lang;
  words: WizardMessages;
}): Promise<SendOutcome> {
  const view = loadResultView();
  const answer = await callApi("/api/auto-incorporate", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "accept-language": lang,
      "idempotency-key": idempotencyKey,
      ...(token ? { "x-session-token": token } : {}),
    },
    body: text,
  });
  if (answer.ok && isSuccess(answer.data)) {
    let View: ResultView;
    try {
      View = await view;
    } catch {
      // The company exists, but its result view could not be fetched: a retry replays the answer.
      return { kind: "failed", failure: { message: words.errors.network } };
    }
    const replayed = answer.response.headers.get("idempotent-replayed") === "true";
    return { kind: "done", result: answer.data, replayed, View };
  }
  const problem: ApiProblem = answer.ok ? { kind: "unreadable" } : answer.problem;
  const findings = problem.kind === "http" ? findingsOf(problem.body) : null;
  if (problem.kind === "http" && problem.status === 422 && findings) {
    return {
      kind: "issues",
      issues: findings.filter((x) => x.code !== "tipo_pending_law").map((x) => toIssue(x, words)),
    };
  }
  // Codes that name a field of the form are shown beside it; the rest as the request's failure.
  const fieldOf: Record<string, [field: string, message: string]> = {
    session_token_required: ["sessionToken", words.errors.sessionTokenRequired],
    session_token_invalid: ["sessionToken", words.errors.sessionTokenInvalid],
    invalid_session_id: ["sessionId", words.errors.invalidSessionId],
  };
  const onField = problem.kind === "http" && problem.code ? fieldOf[problem.code] : undefined;
  if (onField) return { kind: "issues", issues: [{ field: onField[0], severity: "error", message: onField[1] }] };
  const failure = problemWords(
    problem,
    {
      network: words.errors.network,
      unreadable: words.errors.unreadable,
      rateLimited: words.errors.rateLimited,
      storeUnavailable: words.errors.unavailable,
      invalidSessionId: words.errors.invalidSessionId,
      server: words.errors.server,
    },
    {
      rate_limited: (p) => fill(words.errors.rateLimited, { seconds: waitSeconds(p, 60) }),
      unauthorized: words.errors.unauthorized,
      idempotency_in_progress: words.errors.inProgress,
    },
  );
  return { kind: "failed", failure };
}
