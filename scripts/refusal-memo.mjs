// Rate-limit and stream-cap refusals answered again without Next, for scripts/server.mjs.
//
// Why: a client refused by a rate limit that keeps sending costs, inside Next, about what a health
// check does (route matching, the proxy, the limiter, the response), so a few such clients take
// most of the event loop from everyone else. Answering them here costs Node's HTTP parsing only.
//
// How: behind this server, Next's rate-limit refusals carry REFUSAL_MARK (lib/http/refusal-mark.ts)
// naming the limit and its reset. When one answers a GET or HEAD, its status, headers and body are
// kept; the same request again (same address, method, URL and request headers, so the same route,
// client, language and encoding) is answered with those bytes for as long as Next would send
// exactly them: before the reset, and while Retry-After, which counts down in whole seconds, is
// unchanged. Then the request goes to Next again, which answers it afresh. So a refused client
// reaches Next about once a second per distinct request instead of at wire speed, and what it sees
// does not change. The mark never leaves the server.
//
// Pace: even here an answer costs Node's HTTP work, a tenth of a health check or more, so sixteen
// clients sending at wire speed would still take a good share of the event loop. A kept refusal
// is therefore answered at most `perWindow` times per `windowMs` (once per 50 ms, 20 a second);
// requests beyond wait, in order, for the next window (at most MAX_WAITING of them, then they are
// answered at once), and get what Next would send then. A client that keeps sending is slowed to
// that pace; one that waits as Retry-After says never notices. Waiting costs nothing, and one timer
// a window serves every waiting request.
//
// A refused request changes no limiter's state, so skipping Next skips no count. With several
// instances on Upstash this replays, for at most a second, a refusal the shared limiter made; the
// limiter's client (@upstash/ratelimit's in-process cache) already refuses that address in that
// instance until the reset without asking Redis.
//
// The stream cap's refusals (stream_limit, lib/http/stream-slots.ts) are marked too: the route
// takes the slot before it counts the read, so they spend nothing either. Their reset is
// Retry-After (30 s) from the refusal, so one is replayed only while Retry-After would still read
// 30, under a second. A stream that ends meanwhile frees a slot this memo cannot see: a client
// retrying within that second, sooner than it was told, gets the slot at most that second later.

/** Response header of Next's refusals (lib/http/refusal-mark.ts): `<limit>; reset=<epoch ms>`. */
export const REFUSAL_MARK = "x-sia-refusal";
/** Set in Next's environment by the server that strips the mark (lib/http/refusal-mark.ts). */
export const REFUSAL_MARK_ENV = "SIA_REFUSAL_MARK";

const MAX_ENTRIES = 1000;
const WINDOW_MS = 50;
const PER_WINDOW = 1;
// Bounds the requests held per kept refusal (they hold their connection meanwhile).
const MAX_WAITING = 100;
// Bounds memory (entries times key and body sizes): a request or refusal beyond these is not kept.
const MAX_KEY_CHARS = 8192;
const MAX_BODY_BYTES = 16_384;
// Written by Node for each answer, not replayed.
const NOT_REPLAYED = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * The memo: `answer(req, res, forward)` takes a request it has a kept refusal for and returns true
 * (it answers it, now or in a later window, or hands it to `forward` if by then Next's answer would
 * differ), or returns false and leaves it. `watch(req, res)`, called on every request handed to
 * Next, strips the mark from the answer and keeps a marked refusal of a GET or HEAD. Tests inject
 * the clock (`now`) and the timer (`schedule`).
 */
export function refusalMemo({
  now = Date.now,
  schedule = (run, ms) => setTimeout(run, ms),
  maxEntries = MAX_ENTRIES,
  windowMs = WINDOW_MS,
  perWindow = PER_WINDOW,
} = {}) {
  /** key -> { status, statusMessage, headers, body, reset, seconds, lane } */
  const entries = new Map();
  /** Lanes with requests waiting, and whether a timer is set to answer them. */
  const waiting = new Set();
  let timerSet = false;

  /** Whether Next would send this kept refusal again at time `t`. */
  const current = (entry, t) => t < entry.reset && Math.ceil((entry.reset - t) / 1000) === entry.seconds;

  function remember(key, entry) {
    // A refusal Next made afresh keeps the pace, and the waiting requests, of the one it replaces.
    entry.lane = entries.get(key)?.lane ?? { key, window: -1, left: 0, queue: [] };
    entries.delete(key);
    if (entries.size >= maxEntries) {
      const t = now();
      for (const [k, e] of entries) if (!current(e, t)) entries.delete(k);
    }
    // Still full of current refusals: the oldest goes (its request then reaches Next again).
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value);
    entries.set(key, entry);
  }

  /** Takes one of the lane's answers in the window of time `t`, if one is left. */
  function take(lane, t) {
    const window = Math.floor(t / windowMs);
    if (lane.window !== window) {
      lane.window = window;
      lane.left = perWindow;
    }
    if (lane.left <= 0) return false;
    lane.left--;
    return true;
  }

  function send(res, entry) {
    res.writeHead(entry.status, entry.statusMessage, entry.headers);
    res.end(entry.body);
  }

  function setTimer(t) {
    if (timerSet) return;
    timerSet = true;
    schedule(answerWaiting, windowMs - (t % windowMs));
  }

  function answerWaiting() {
    timerSet = false;
    const t = now();
    for (const lane of waiting) {
      while (lane.queue.length > 0 && take(lane, t)) {
        const { req, res, forward } = lane.queue.shift();
        if (res.destroyed || res.writableEnded) continue;
        const entry = entries.get(lane.key);
        if (entry && current(entry, t)) send(res, entry);
        else forward(req, res);
      }
      if (lane.queue.length === 0) waiting.delete(lane);
    }
    if (waiting.size > 0) setTimer(t);
  }

  return {
    get size() {
      return entries.size;
    },

    get waiting() {
      let count = 0;
      for (const lane of waiting) count += lane.queue.length;
      return count;
    },

    answer(req, res, forward) {
      if (entries.size === 0 || !bodiless(req)) return false;
      const key = keyOf(req.socket.remoteAddress, req.method, req.url, req.rawHeaders);
      const entry = entries.get(key);
      if (!entry) return false;
      const t = now();
      if (!current(entry, t)) {
        // Past the reset Next may let it through; before, the refusal Next makes afresh replaces
        // this one and keeps its lane.
        if (t >= entry.reset) entries.delete(key);
        return false;
      }
      const { lane } = entry;
      if ((lane.queue.length === 0 && take(lane, t)) || lane.queue.length >= MAX_WAITING) {
        send(res, entry);
        return true;
      }
      lane.queue.push({ req, res, forward });
      waiting.add(lane);
      setTimer(t);
      return true;
    },

    watch(req, res) {
      const keep = bodiless(req);
      // As received: the server may rewrite the URL for Next, and the socket may be gone by the end.
      const url = req.url;
      const peer = req.socket.remoteAddress;
      const { writeHead, write, end } = res;
      /** The refusal being kept, once its head is written: what to replay but the body, and the body. */
      let kept = null;
      let chunks = [];
      let bytes = 0;
      res.writeHead = function writeHeadStrippingMark(...args) {
        const mark = this.getHeader(REFUSAL_MARK);
        if (mark === undefined) return writeHead.apply(this, args);
        this.removeHeader(REFUSAL_MARK);
        const result = writeHead.apply(this, args);
        const reset = Number(/(?:^|;)\s*reset=(\d+)\s*(?:;|$)/.exec(String(mark))?.[1]);
        const seconds = Number(this.getHeader("retry-after"));
        if (keep && this.statusCode === 429 && reset > 0 && Number.isSafeInteger(seconds) && seconds > 0) {
          const headers = {};
          for (const [name, value] of Object.entries(this.getHeaders())) {
            if (!NOT_REPLAYED.has(name)) headers[name] = value;
          }
          kept = { status: this.statusCode, statusMessage: this.statusMessage, headers, reset, seconds };
          this.once("finish", () => {
            const key = keyOf(peer, req.method, url, req.rawHeaders);
            if (bytes <= MAX_BODY_BYTES && key.length <= MAX_KEY_CHARS) {
              remember(key, { ...kept, body: Buffer.concat(chunks) });
            }
            chunks = [];
          });
        }
        return result;
      };
      if (!keep) return;
      const record = (chunk, encoding) => {
        if (!kept || chunk == null || typeof chunk === "function") return;
        const buffer =
          typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8")
            : Buffer.from(chunk);
        bytes += buffer.length;
        if (bytes <= MAX_BODY_BYTES) chunks.push(buffer);
      };
      // A chunk is recorded after it is handed on: the first write may be what writes the head.
      res.write = function writeRecording(chunk, encoding, callback) {
        const result = write.call(this, chunk, encoding, callback);
        record(chunk, encoding);
        return result;
      };
      res.end = function endRecording(chunk, encoding, callback) {
        const result = end.call(this, chunk, encoding, callback);
        record(chunk, encoding);
        return result;
      };
    },
  };
}

/** GET and HEAD without a body: their answer depends on the request line and headers only. */
function bodiless(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const length = req.headers["content-length"];
  return (length === undefined || length === "0") && req.headers["transfer-encoding"] === undefined;
}

/** Everything the answer can depend on: the peer, the request line and the headers as received. */
function keyOf(peer, method, url, rawHeaders) {
  return `${peer}\n${method} ${url}\n${rawHeaders.join("\n")}`;
}
