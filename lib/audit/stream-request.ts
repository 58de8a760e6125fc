import { ApiError } from "../http/problem";

/** The longest (and default) lifetime of one audit stream connection, in seconds. */
export const STREAM_LIFETIME_MAX_S = 300;

/**
 * Where a stream resumes: after the Last-Event-ID header's seq (an EventSource reconnecting), else
 * after the `lastEventId` query's (parsed by serve()); -1 sends every entry.
 */
export function resumeAfter(header: string | null, query: string | undefined): number {
  // -1 (from the start) is what a `reconnect` event names for a session that had no entries yet.
  if (header === null) return query === undefined ? -1 : Number(query);
  if (header === "" || header === "-1") return -1;
  if (!/^\d{1,9}$/.test(header)) {
    throw new ApiError("bad_request", "Last-Event-ID must be the seq of an entry, or -1 for the start.");
  }
  return Number(header);
}
