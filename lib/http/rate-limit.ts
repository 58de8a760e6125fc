import { Ratelimit } from "@upstash/ratelimit";
import { getConfig, type RateLimitName } from "../config/config";
import { sharedRedisClient } from "../store/redis-client";
import { clientIp, rateLimitSubject } from "./client-ip";
import { type Limiter, type LimitResult, memoryLimiter } from "./memory-limiter";
import { ApiError } from "./problem";
import { READ_UNITS_RULE } from "./read-cost";
import { refusalMark } from "./refusal-mark";

const LIMITERS = Symbol.for("sia.limiters");
type LimiterGlobal = typeof globalThis & { [LIMITERS]?: Map<RateLimitName, Limiter> };

function limiterFor(name: RateLimitName): Limiter {
  const g = globalThis as LimiterGlobal;
  g[LIMITERS] ??= new Map();
  let limiter = g[LIMITERS].get(name);
  if (!limiter) {
    const config = getConfig();
    const { count, window, windowMs } = config.rateLimits[name];
    if (config.store.backend === "upstash") {
      const ratelimit = new Ratelimit({
        redis: sharedRedisClient(config.store),
        limiter: Ratelimit.slidingWindow(count, window as `${number} s`),
        prefix: `sia:rl:${name}`,
        timeout: 0, // never let a slow Redis wave requests through: we decide below
        analytics: false,
      });
      limiter = { limit: (id, units = 1) => ratelimit.limit(id, { rate: Math.min(units, count) }) };
    } else {
      limiter = memoryLimiter(count, windowMs);
    }
    g[LIMITERS].set(name, limiter);
  }
  return limiter;
}

function headersFor(name: RateLimitName, result: LimitResult): Record<string, string> {
  const { windowMs } = getConfig().rateLimits[name];
  const resetSeconds = Math.max(0, Math.ceil((result.reset - Date.now()) / 1000));
  return {
    "ratelimit-limit": String(result.limit),
    "ratelimit-remaining": String(result.remaining),
    "ratelimit-reset": String(resetSeconds),
    "ratelimit-policy": `${result.limit};w=${Math.ceil(windowMs / 1000)}`,
  };
}

/** The client a request counts against: its address as the limits see it (not spoofable, see client-ip.ts). */
export function requestSubject(request: Request): string {
  const config = getConfig();
  const ip = clientIp(request.headers, {
    trustedProxyHops: config.env.TRUSTED_PROXY_HOPS,
    onVercel: Boolean(config.env.VERCEL),
  });
  return rateLimitSubject(ip);
}

/** One request counted against a limit: allowed (with its RateLimit headers) or refused. */
export type RateLimitVerdict =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; headers: Record<string, string>; limit: number; window: string; retryAfterSeconds: number };

/**
 * Counts one request of the client against limit `name` (RATE_LIMIT_<NAME>) and says whether it may
 * go on, without throwing: pages answer a refusal with HTML, the API with a problem. Its headers
 * include Retry-After when refused. When the limiter's store is unreachable, writes fail closed
 * (503, thrown) and reads pass.
 */
export async function countRequest(
  name: RateLimitName,
  request: Request,
  options: { write: boolean },
): Promise<RateLimitVerdict> {
  let result: LimitResult;
  try {
    result = await limiterFor(name).limit(`ip:${requestSubject(request)}`);
  } catch (err) {
    console.error(`[rate-limit] ${name}: ${(err as Error).message}`);
    if (!options.write) return { allowed: true, headers: {} };
    throw new ApiError(
      "rate_limiter_unavailable",
      "The rate limiter cannot be reached, so writes are refused for now; nothing was changed. Try again shortly.",
      {},
      { "retry-after": "5" },
    );
  }
  const headers = headersFor(name, result);
  if (result.success) return { allowed: true, headers };
  const retryAfterSeconds = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
  return {
    allowed: false,
    headers: { ...headers, "retry-after": String(retryAfterSeconds), ...refusalMark(name, result.reset) },
    limit: result.limit,
    window: getConfig().rateLimits[name].window,
    retryAfterSeconds,
  };
}

/**
 * Counts one request of the client against limit `name` (RATE_LIMIT_<NAME>). Returns the RateLimit
 * headers to send; throws a 429 problem with Retry-After when over the limit. When the limiter's
 * store is unreachable, writes fail closed (503) and reads pass.
 */
export async function enforceRateLimit(
  name: RateLimitName,
  request: Request,
  options: { write: boolean },
): Promise<Record<string, string>> {
  const verdict = await countRequest(name, request, options);
  if (verdict.allowed) return verdict.headers;
  const what = name === "read" ? `${verdict.limit} read units (${READ_UNITS_RULE})` : `${verdict.limit}`;
  throw new ApiError(
    "rate_limited",
    `Too many requests from your address: at most ${what} per ${verdict.window}. Try again in ${verdict.retryAfterSeconds} s.`,
    { limit: verdict.limit, retryAfterSeconds: verdict.retryAfterSeconds },
    verdict.headers,
  );
}

/**
 * Charges an allowed request `units` more of limit `name`, once it knows what it cost (a read of
 * many entries: lib/http/read-cost.ts), and returns its RateLimit headers updated. Never refuses:
 * the answer is ready, so the charge stops at what the window has left, and the client's next
 * request meets the limit instead. `headers` are those its first count returned.
 */
export async function chargeMore(
  name: RateLimitName,
  request: Request,
  units: number,
  headers: Record<string, string>,
): Promise<Record<string, string>> {
  const left = Number(headers["ratelimit-remaining"]);
  const charge = Math.min(units, Number.isSafeInteger(left) ? left : 0);
  if (charge <= 0) return headers;
  try {
    const result = await limiterFor(name).limit(`ip:${requestSubject(request)}`, charge);
    // Refused only when other requests of the client spent the rest meanwhile: nothing is left.
    return result.success ? headersFor(name, result) : { ...headers, "ratelimit-remaining": "0" };
  } catch (err) {
    console.error(`[rate-limit] ${name}: ${(err as Error).message}`);
    return headers;
  }
}
