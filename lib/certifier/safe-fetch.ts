import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { defaultDurationMs } from "../config/config";
import { clipText } from "../text/well-formed";
import { FetchFailure } from "./certifier-errors";
import { type NetworkPolicy, type Resolver, type VettedTarget, vetTarget } from "./vet-target";

/** Limits of one fetch; docs/registry.md states them. */
export const FETCH_LIMITS = {
  maxRedirects: 3,
  connectTimeoutMs: 3_000,
  /** Per request, by default (CERTIFIER_TIMEOUT). */
  timeoutMs: defaultDurationMs("CERTIFIER_TIMEOUT"),
  maxBytes: 512 * 1024,
} as const;

const USER_AGENT = "sociedades-ia-certifier/1 (+/docs/registry.md)";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface SafeResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface SafeFetchOptions extends NetworkPolicy {
  accept?: string;
  /** Epoch ms after which nothing more is attempted (the whole certification's budget). */
  deadline?: number;
  resolve?: Resolver;
  /** Follow redirects within the first URL's origin only; one to another origin is a FetchFailure. */
  sameOrigin?: boolean;
}

/** Hands the HTTP client the vetted address instead of resolving the name again (no DNS rebinding). */
function pinnedLookup(target: VettedTarget): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

function requestOnce(target: VettedTarget, accept: string, timeoutMs: number): Promise<SafeResponse> {
  return new Promise((resolve, reject) => {
    const client = target.url.protocol === "https:" ? https : http;
    const req = client.request(target.url, {
      method: "GET",
      agent: false,
      lookup: pinnedLookup(target),
      headers: { accept, "user-agent": USER_AGENT, "accept-encoding": "identity" },
    });
    let settled = false;
    const settle = (err: Error | null, value?: SafeResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      if (err) reject(err instanceof FetchFailure ? err : new FetchFailure("network", err.message));
      else resolve(value as SafeResponse);
    };
    const fail = (err: FetchFailure) => {
      settle(err);
      req.destroy();
    };
    const total = setTimeout(
      () => fail(new FetchFailure("timeout", `No complete answer within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    req.on("socket", (socket) => {
      if (!socket.connecting) return;
      const connect = setTimeout(
        () => fail(new FetchFailure("connect", `No connection within ${FETCH_LIMITS.connectTimeoutMs} ms.`)),
        FETCH_LIMITS.connectTimeoutMs,
      );
      socket.once("connect", () => clearTimeout(connect));
      socket.once("close", () => clearTimeout(connect));
    });
    req.on("error", (err) => settle(err));
    req.on("response", (res) => {
      const tooLarge = () => new FetchFailure("too-large", `The answer is larger than ${FETCH_LIMITS.maxBytes} bytes.`);
      if (Number(res.headers["content-length"] ?? 0) > FETCH_LIMITS.maxBytes) return fail(tooLarge());
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > FETCH_LIMITS.maxBytes) return fail(tooLarge());
        chunks.push(chunk);
      });
      res.on("end", () =>
        settle(null, {
          url: target.url.href,
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", (err) => settle(err));
    });
    req.end();
  });
}

/**
 * GET with the certifier's network policy: every hop (the first URL and each redirect) is vetted after
 * DNS resolution and connected to by the vetted address, at most FETCH_LIMITS.maxRedirects redirects,
 * connect and total time-outs, and a size cap counted on the bytes read; with `sameOrigin`, redirects
 * only within the first URL's origin. Throws TargetRefusedError
 * (policy) or FetchFailure (network).
 */
export async function safeFetch(url: string | URL, options: SafeFetchOptions): Promise<SafeResponse> {
  let current = new URL(url);
  // DNS and the request share the budget, so a hop that starts late cannot outlive it.
  const left = () => {
    const ms = (options.deadline ?? Number.POSITIVE_INFINITY) - Date.now();
    if (ms <= 0) throw new FetchFailure("timeout", "The certification's time budget ran out before this request.");
    return ms;
  };
  for (let hop = 0; ; hop++) {
    const target = await vetTarget(current, options, options.resolve, left());
    const timeoutMs = options.requestTimeoutMs ?? FETCH_LIMITS.timeoutMs;
    const response = await requestOnce(target, options.accept ?? "*/*", Math.min(timeoutMs, left()));
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location) return response;
    if (hop >= FETCH_LIMITS.maxRedirects) {
      throw new FetchFailure("redirects", `More than ${FETCH_LIMITS.maxRedirects} redirects.`);
    }
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new FetchFailure("network", `Redirect to an invalid URL: ${clipText(location, 200)}`);
    }
    if (options.sameOrigin && next.origin !== current.origin) {
      // The policy's verdict first: an inward location is reported as the refusal it is.
      await vetTarget(next, options, options.resolve, left());
      throw new FetchFailure(
        "cross-origin",
        `${current.href} redirects to another origin (${clipText(next.href, 200)}); only redirects within ${current.origin} are followed here.`,
      );
    }
    current = next;
  }
}
