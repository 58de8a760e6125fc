/**
 * Response header of a refusal behind scripts/server.mjs (a rate limit's, or the stream cap's of
 * lib/http/stream-slots.ts): the limit and its reset, so that the server can answer the same request
 * again itself, with the same bytes, while Next would (scripts/refusal-memo.mjs). Only a refusal
 * made before anything was counted may carry it: a replay skips Next, so it must skip no count.
 * That server strips it before sending and sets SIA_REFUSAL_MARK; elsewhere (Vercel, `next start`)
 * nothing strips it, so it is not added.
 */
export const REFUSAL_MARK_HEADER = "x-sia-refusal";

/** The mark for a refusal by limit `name` that lasts until `reset` (epoch ms), or nothing. */
export function refusalMark(name: string, reset: number): Record<string, string> {
  if (process.env.SIA_REFUSAL_MARK !== "1") return {};
  return { [REFUSAL_MARK_HEADER]: `${name}; reset=${Math.ceil(reset)}` };
}
