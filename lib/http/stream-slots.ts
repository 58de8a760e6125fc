import { getConfig } from "../config/config";
import { ApiError } from "./problem";
import { requestSubject } from "./rate-limit";
import { refusalMark } from "./refusal-mark";

const SLOTS = Symbol.for("sia.stream-slots");
interface Slots {
  total: number;
  perClient: Map<string, number>;
}
type SlotsGlobal = typeof globalThis & { [SLOTS]?: Slots };

/** Open streams of this process; on globalThis, as every route must see the same counts. */
function slots(): Slots {
  const g = globalThis as SlotsGlobal;
  g[SLOTS] ??= { total: 0, perClient: new Map() };
  return g[SLOTS];
}

/** Seconds a refused client is asked to wait: streams live for minutes, so retrying sooner is waste. */
const RETRY_AFTER_S = 30;

/**
 * Takes one open-stream slot for the request's client, or throws a 429 `stream_limit` problem when
 * the client already holds STREAM_MAX_PER_IP streams or the process STREAM_MAX. Returns the release,
 * which is safe to call more than once. Each open stream reads the store every second, so this is
 * what bounds that cost; the counts are per process (each instance has its own).
 *
 * A refusal changes nothing, so the caller takes the slot before counting anything else (the read
 * limit): then the refusal carries the refusal mark (lib/http/refusal-mark.ts) and scripts/server.mjs
 * answers the same request again itself. Its reset is Retry-After from now, so the server replays it
 * only while Retry-After would still read 30, under a second: a slot freed meanwhile is offered to
 * a client that retries sooner than it was told at most that second late. `now` is for tests.
 */
export function acquireStreamSlot(request: Request, now: () => number = Date.now): () => void {
  const { perIp, total } = getConfig().streams;
  const state = slots();
  const client = requestSubject(request);
  const held = state.perClient.get(client) ?? 0;
  if (held >= perIp || state.total >= total) {
    const which = held >= perIp ? `${perIp} open streams per address` : `${total} open streams on this server`;
    throw new ApiError(
      "stream_limit",
      `Too many open audit streams: at most ${which}. Close one (or wait for one to end) and retry in ${RETRY_AFTER_S} s.`,
      { limit: held >= perIp ? perIp : total, retryAfterSeconds: RETRY_AFTER_S },
      { "retry-after": String(RETRY_AFTER_S), ...refusalMark("streams", now() + RETRY_AFTER_S * 1000) },
    );
  }
  state.perClient.set(client, held + 1);
  state.total++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    state.total--;
    const left = (state.perClient.get(client) ?? 1) - 1;
    if (left > 0) state.perClient.set(client, left);
    else state.perClient.delete(client);
  };
}
