import { ApiError } from "../http/problem";

/** The longest (and default) lifetime of one audit stream connection, in seconds. */
export const STREAM_LIFETIME_MAX_S = 300;

/** Where a stream request resumes and how long its connection lives. */
export interface StreamRequest {
  /** Resume after this seq; -1 sends every entry. */
  afterSeq: number;
  lifetimeMs: number;
}

/** Last-Event-ID (or ?lastEventId=) and ?maxSeconds= of GET /api/play/audit/{sessionId}/stream. */
export function parseStreamRequest(request: Request): StreamRequest {
  const url = new URL(request.url);
  const afterSeq = resumeAfter(request.headers.get("last-event-id") ?? url.searchParams.get("lastEventId"));
  const maxSeconds = Number(url.searchParams.get("maxSeconds") ?? STREAM_LIFETIME_MAX_S);
  if (!Number.isInteger(maxSeconds) || maxSeconds < 1 || maxSeconds > STREAM_LIFETIME_MAX_S) {
    throw new ApiError("invalid_query", `maxSeconds takes a whole number from 1 to ${STREAM_LIFETIME_MAX_S}.`);
  }
  return { afterSeq, lifetimeMs: maxSeconds * 1000 };
}

function resumeAfter(raw: string | null): number {
  // -1 (from the start) is what a `reconnect` event names for a session that had no entries yet.
  if (raw === null || raw === "" || raw === "-1") return -1;
  if (!/^\d{1,9}$/.test(raw)) {
    throw new ApiError("bad_request", "Last-Event-ID must be the seq of an entry, or -1 for the start.");
  }
  return Number(raw);
}
