import { type ApiProblem, type ProblemOverrides, problemWords } from "@/app/_client/api";
import type { PlayMessages } from "@/app/(pages)/play/words";
import { fill, tpl } from "@/lib/i18n/template";
import { PLAY_LIMITS } from "@/lib/play/limits";

/**
 * What went wrong with a request to /api/play, as the page learnt it: any API problem, or the answer
 * started and the server then ended it with an `error` chunk (its code and English text).
 */
export type PlayProblem =
  | ApiProblem
  | {
      kind: "stream";
      code: string | null;
      detail: string;
      /** Seconds the chunk asked to wait (a model provider's Retry-After), if it said. */
      retryAfter?: number | null;
      receivedAt?: number;
    };

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

/** A wait as people read it: seconds up to two minutes, whole minutes (rounded up) beyond. */
export function waitWords(seconds: number, e: Pick<PlayMessages["errors"], "seconds" | "minutes">): string {
  return seconds <= 120 ? fill(e.seconds, { n: seconds }) : fill(e.minutes, { n: Math.ceil(seconds / 60) });
}

/** Codes after which this tab cannot go on with its conversation: the next step is a new one. */
const RESET = new Set([
  "message_too_long",
  "too_many_messages",
  "payload_too_large",
  "session_token_required",
  "session_token_invalid",
  "invalid_session_id",
]);

/**
 * The message and the next step for a failed request, in the page's language (`e`): the shared
 * mapping (app/_client/api.ts) with /play's own sentences for the codes it meets. The server's
 * English detail never goes inside the sentence. `wait` is what secondsLeft says now, for the
 * rate limit's countdown.
 */
export function problemView(problem: PlayProblem, e: PlayMessages["errors"], wait = 0): ProblemView {
  const waitText = waitWords(wait, e);
  const overrides: ProblemOverrides = {
    rate_limited: wait > 0 ? fill(e.rateLimited, { wait: waitText }) : e.rateLimitedOver,
    message_too_long: fill(e.tooLong, { max: PLAY_LIMITS.maxUserChars }),
    too_many_messages: e.tooMany,
    payload_too_large: e.tooMany,
    session_token_required: e.session,
    session_token_invalid: e.session,
    invalid_session_id: e.session,
    // During the answer, some calls may already be recorded: only the last one was not.
    store_unavailable: problem.kind === "stream" ? e.storeDownMidway : e.storeDown,
    rate_limiter_unavailable: problem.kind === "stream" ? e.storeDownMidway : e.storeDown,
    // The model provider failing during the answer (docs/errors.md).
    model_auth_failed: e.modelAuth,
    model_rate_limited: wait > 0 ? fill(e.modelBusy, { wait: waitText }) : e.modelBusyOver,
    model_unavailable: wait > 0 ? fill(e.modelDownWait, { wait: waitText }) : e.modelDown,
    model_stream_interrupted: e.modelCut,
    model_timeout: e.modelTimeout,
    play_request_timeout: e.requestTimeout,
  };
  const action = (code: string | null): ProblemView["action"] => (code && RESET.has(code) ? "reset" : "retry");
  if (problem.kind === "stream") {
    const own = problem.code ? overrides[problem.code] : undefined;
    if (typeof own === "string") return { text: own, detail: null, action: action(problem.code) };
    if (problem.code === "internal_error") return { text: e.agentFailed, detail: null, action: "retry" };
    return { text: e.stopped, detail: problem.detail.trim() || null, action: "retry" };
  }
  // Any 429 is the per-IP limit, whatever its code says.
  const asked = problem.kind === "http" && problem.status === 429 ? { ...problem, code: "rate_limited" } : problem;
  const words = problemWords(
    asked,
    {
      network: e.network,
      unreadable: e.unreadable,
      // Not reached: the overrides word every rate limit, with its countdown in seconds or minutes.
      rateLimited: tpl("{seconds} s"),
      storeUnavailable: e.storeDown,
      invalidSessionId: e.session,
      server: e.server,
    },
    overrides,
  );
  return {
    text: words.message,
    detail: words.detail ?? null,
    action: action(asked.kind === "http" ? asked.code : null),
  };
}
