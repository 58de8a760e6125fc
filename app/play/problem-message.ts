import type { PlayMessages } from "@/lib/i18n/messages/play";
import { fill } from "@/lib/i18n/template";
import { PLAY_LIMITS } from "@/lib/play/limits";

/** What went wrong with a request to /api/play, as the page learnt it. */
export type PlayProblem =
  | { kind: "http"; status: number; code: string | null; detail: string | null; retryAfter: number | null }
  | { kind: "network" }
  | { kind: "stream"; detail: string };

export interface ProblemView {
  text: string;
  /** What the person can do next: send the same request again, or start over. */
  action: "retry" | "reset";
  /** Seconds to wait before a retry can succeed (rate limit). */
  waitSeconds: number;
}

/** The message and the next step for a failed request, in the page's language (`e`). */
export function problemView(problem: PlayProblem, e: PlayMessages["errors"]): ProblemView {
  if (problem.kind === "network") return { text: e.network, action: "retry", waitSeconds: 0 };
  if (problem.kind === "stream")
    return { text: fill(e.generic, { detail: problem.detail }), action: "retry", waitSeconds: 0 };
  if (problem.status === 429) {
    const seconds = Math.max(1, problem.retryAfter ?? 60);
    return { text: fill(e.rateLimited, { seconds }), action: "retry", waitSeconds: seconds };
  }
  switch (problem.code) {
    case "message_too_long":
      return { text: fill(e.tooLong, { max: PLAY_LIMITS.maxUserChars }), action: "reset", waitSeconds: 0 };
    case "too_many_messages":
    case "payload_too_large":
      return { text: e.tooMany, action: "reset", waitSeconds: 0 };
    case "session_token_required":
    case "session_token_invalid":
    case "invalid_session_id":
      return { text: e.session, action: "reset", waitSeconds: 0 };
    case "store_unavailable":
    case "rate_limiter_unavailable":
      return { text: e.storeDown, action: "retry", waitSeconds: problem.retryAfter ?? 5 };
    default:
      return {
        text: fill(e.generic, { detail: problem.detail ?? `HTTP ${problem.status}.` }),
        action: "retry",
        waitSeconds: 0,
      };
  }
}
