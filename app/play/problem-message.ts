import type { PlayMessages } from "@/app/play/words";
import { fill } from "@/lib/i18n/template";
import { PLAY_LIMITS } from "@/lib/play/limits";

/** What went wrong with a request to /api/play, as the page learnt it. */
export type PlayProblem =
  | {
      kind: "http";
      status: number;
      code: string | null;
      detail: string | null;
      /** Seconds the answer asked to wait (Retry-After), if it said. */
      retryAfter: number | null;
      /** When the answer arrived (ms since the epoch): the wait counts from here. */
      receivedAt: number;
    }
  | { kind: "network" }
  /** The answer started, then the server ended it with an `error` chunk (its code and English text). */
  | {
      kind: "stream";
      code: string | null;
      detail: string;
      /** Seconds the chunk asked to wait (a model provider's Retry-After), if it said. */
      retryAfter?: number | null;
      receivedAt?: number;
    }
  /** The answer started but could not be read (not a UI message stream). */
  | { kind: "unreadable" };

export interface ProblemView {
  /** What happened and what to do, in the page's language. */
  text: string;
  /** The server's own (English) text, when it adds something to `text`. */
  detail: string | null;
  /** What the person can do next: send the same request again, or start over. */
  action: "retry" | "reset";
}

/**
 * Whole seconds still to wait before a retry can succeed, at `now` (ms since the epoch): counts down
 * from the answer's Retry-After, never above it; 0 when the wait is over or was never given.
 */
export function secondsLeft(problem: PlayProblem | null, now: number): number {
  const wait = waitOf(problem);
  if (!wait) return 0;
  const total = Math.ceil(wait.seconds);
  const left = Math.ceil((wait.receivedAt + wait.seconds * 1000 - now) / 1000);
  return Math.min(total, Math.max(0, left));
}

/** The wait a problem asked for and when it arrived, or null when it asked for none. */
export function waitOf(problem: PlayProblem | null): { seconds: number; receivedAt: number } | null {
  if (problem?.kind !== "http" && problem?.kind !== "stream") return null;
  const seconds = problem.retryAfter ?? 0;
  if (seconds <= 0 || problem.receivedAt === undefined) return null;
  return { seconds, receivedAt: problem.receivedAt };
}

/**
 * The message and the next step for a failed request, in the page's language (`e`), chosen by the
 * problem's code: the server's English detail never goes inside the sentence. `wait` is what
 * secondsLeft says now, for the rate limit's countdown.
 */
export function problemView(problem: PlayProblem, e: PlayMessages["errors"], wait = 0): ProblemView {
  const view = (text: string, action: ProblemView["action"] = "retry", detail: string | null = null): ProblemView => ({
    text,
    detail,
    action,
  });
  switch (problem.kind) {
    case "network":
      return view(e.network);
    case "unreadable":
      return view(e.unreadable);
    case "http":
      if (problem.status === 429 || problem.code === "rate_limited") {
        return view(wait > 0 ? fill(e.rateLimited, { seconds: wait }) : e.rateLimitedOver);
      }
      break;
  }
  switch (problem.code) {
    case "message_too_long":
      return view(fill(e.tooLong, { max: PLAY_LIMITS.maxUserChars }), "reset");
    case "too_many_messages":
    case "payload_too_large":
      return view(e.tooMany, "reset");
    case "session_token_required":
    case "session_token_invalid":
    case "invalid_session_id":
      return view(e.session, "reset");
    case "store_unavailable":
    case "rate_limiter_unavailable":
      // During the answer, some calls may already be recorded: only the last one was not.
      return view(problem.kind === "stream" ? e.storeDownMidway : e.storeDown);
    // The model provider failing during the answer (docs/errors.md).
    case "model_auth_failed":
      return view(e.modelAuth);
    case "model_rate_limited":
      return view(wait > 0 ? fill(e.modelBusy, { seconds: wait }) : e.modelBusyOver);
    case "model_unavailable":
      return view(e.modelDown);
    case "model_stream_interrupted":
      return view(e.modelCut);
    case "model_timeout":
      return view(e.modelTimeout);
  }
  if (problem.kind === "stream") {
    return problem.code === "internal_error"
      ? view(e.agentFailed)
      : view(e.stopped, "retry", problem.detail.trim() || null);
  }
  return view(fill(e.server, { status: problem.status }), "retry", problem.detail?.trim() || null);
}
