import { fill, type Template } from "@/lib/i18n/template";

/**
 * The one way the pages' client code talks to the service's API: one fetch wrapper that turns every
 * failure into an ApiProblem, and one mapping from a problem (RFC 9457 problem+json, docs/errors.md)
 * to words in the page's language. Pages give their own words and override codes they word their way.
 */

/** What went wrong with a request, as the page learnt it. */
export type ApiProblem =
  | {
      kind: "http";
      status: number;
      /** The problem's `code` (docs/errors.md), when the answer was problem+json. */
      code: string | null;
      /** The server's own text, in English. */
      detail: string | null;
      /** Seconds the answer asked to wait (Retry-After or retryAfterSeconds), if it said. */
      retryAfter: number | null;
      /** When the answer arrived (ms since the epoch): a wait counts from here. */
      receivedAt: number;
      /** The whole problem document (e.g. a 422's findings), or null when it was not JSON. */
      body?: Record<string, unknown> | null;
    }
  /** No answer at all: the connection failed. */
  | { kind: "network" }
  /** An answer that could not be read (not the JSON or stream it should be). */
  | { kind: "unreadable" };

export type HttpProblem = Extract<ApiProblem, { kind: "http" }>;

export type Sent = { ok: true; response: Response } | { ok: false; problem: ApiProblem };
export type Called<T> = { ok: true; response: Response; data: T } | { ok: false; problem: ApiProblem };

/** The problem a failed answer states, read from its problem+json body and headers. */
export async function problemOf(response: Response): Promise<HttpProblem> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const document = body && typeof body === "object" && !Array.isArray(body) ? body : null;
  const header = Number(response.headers.get("retry-after"));
  const inBody = document?.retryAfterSeconds;
  return {
    kind: "http",
    status: response.status,
    code: typeof document?.code === "string" ? document.code : null,
    detail: typeof document?.detail === "string" ? document.detail : null,
    retryAfter: header > 0 ? header : typeof inBody === "number" && inBody > 0 ? inBody : null,
    receivedAt: Date.now(),
    body: document,
  };
}

/**
 * Sends a request to the API. A 2xx answer comes back unread (a stream stays a stream); any other
 * answer or a failed connection comes back as a problem. An abort is rethrown: the caller stopped it.
 */
export async function sendApi(path: string, init: RequestInit = {}): Promise<Sent> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    if (init.signal?.aborted) throw err;
    return { ok: false, problem: { kind: "network" } };
  }
  if (!response.ok) return { ok: false, problem: await problemOf(response) };
  return { ok: true, response };
}

/** Sends a request and reads its JSON answer; an answer that is not JSON is an `unreadable` problem. */
export async function callApi<T = unknown>(path: string, init: RequestInit = {}): Promise<Called<T>> {
  const sent = await sendApi(path, { ...init, headers: { accept: "application/json", ...init.headers } });
  if (!sent.ok) return sent;
  try {
    return { ok: true, response: sent.response, data: (await sent.response.json()) as T };
  } catch {
    return { ok: false, problem: { kind: "unreadable" } };
  }
}

/**
 * A public document the service publishes (its checkpoint keys, the log's verifier key): its JSON or
 * text, or an Error naming what failed, for checks that say "could not run" rather than a code's words.
 */
export async function fetchPublished(path: string, as: "json" | "text" = "json"): Promise<unknown> {
  const sent = await sendApi(path, { cache: "no-store" });
  if (!sent.ok) {
    const what = sent.problem.kind === "http" ? `HTTP ${sent.problem.status}` : "no answer";
    throw new Error(`${what} from ${path}`);
  }
  return as === "json" ? sent.response.json() : sent.response.text();
}

/** The words of the codes every page can meet, in the page's language. */
export interface ProblemWords {
  network: string;
  unreadable: string;
  rateLimited: Template<"seconds">;
  storeUnavailable: string;
  invalidSessionId: string;
  server: Template<"status">;
}

/** A problem in words: what happened and what to do; `detail` is the server's own (English) text. */
export interface ProblemText {
  message: string;
  detail?: string;
}

/** A page's own wording for a code: a sentence, or one made from the problem (e.g. with its wait). */
export type ProblemOverrides = Partial<Record<string, string | ((problem: HttpProblem) => string)>>;

/** Whole seconds a rate-limited answer asked to wait, or `fallback` when it did not say. */
export function waitSeconds(problem: HttpProblem, fallback: number): number {
  return Math.max(1, Math.ceil(problem.retryAfter ?? fallback));
}

/**
 * The sentence for a problem, chosen by its code: the server's English detail never goes inside it,
 * and is given apart only where the sentence is the generic one (it may then tell the person more).
 */
export function problemWords(problem: ApiProblem, words: ProblemWords, overrides: ProblemOverrides = {}): ProblemText {
  if (problem.kind === "network") return { message: words.network };
  if (problem.kind === "unreadable") return { message: words.unreadable };
  const code = problem.code ?? (problem.status === 429 ? "rate_limited" : "");
  const override = overrides[code];
  if (override !== undefined) return { message: typeof override === "string" ? override : override(problem) };
  switch (code) {
    case "rate_limited":
      return { message: fill(words.rateLimited, { seconds: waitSeconds(problem, 10) }) };
    case "store_unavailable":
    case "rate_limiter_unavailable":
      return { message: words.storeUnavailable };
    case "invalid_session_id":
      return { message: words.invalidSessionId };
    default: {
      const detail = problem.detail?.trim();
      return { message: fill(words.server, { status: problem.status }), ...(detail ? { detail } : {}) };
    }
  }
}
