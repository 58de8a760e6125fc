// The client against a fake `fetch`: no server. The service is outside the library's unit boundary,
// so these tests script its answers (statuses, headers, bodies) as docs/incorporation.md describes
// them, and look at what the library sends and returns.
import { afterEach, describe, expect, it, vi } from "vitest";
import { TYPICAL_INCORPORATION as TYPICAL } from "../../../tests/support/fixtures";
import {
  createSession,
  IncorporateError,
  IncorporateSessionError,
  IncorporateValidationError,
  incorporate,
  incorporateOrThrow,
} from "../src/index";

const BASE = "https://registro.example";
const BAD = { ...TYPICAL, capitalSocial: 1 };

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
  signal: AbortSignal | null;
  at: number;
}

type Answer = (request: Sent, index: number) => Response | Promise<Response>;

/** A fetch that records each request and answers with `answer`. */
function fakeFetch(answer: Answer) {
  const sent: Sent[] = [];
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    const request: Sent = {
      url: String(url),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : {},
      signal: init?.signal ?? null,
      at: Date.now(),
    };
    sent.push(request);
    return answer(request, sent.length - 1);
  }) as typeof fetch;
  return { fetch: fetchFn, sent };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const type = status === 200 || (status === 422 && !("code" in (body as object))) ? "json" : "problem+json";
  return new Response(JSON.stringify(body), { status, headers: { "content-type": `application/${type}`, ...headers } });
}

function problem(status: number, code: string, headers: Record<string, string> = {}): Response {
  return json(status, { type: `urn:sociedades-ia:problem:${code}`, status, code, detail: code }, headers);
}

const FINDINGS = [
  { code: "capital_below_minimum", severity: "error", field: "capitalSocial", message: "Capital below the minimum." },
  { code: "representante_missing", severity: "info", field: "representante", message: "No representative." },
];
const RFC001 = { version: "rfc-001-v1", conformant: false, checks: [] };

function success(sessionId: string, seq: number, sessionToken: string | null) {
  return {
    ok: true,
    sociedad: { denominacion: TYPICAL.denominacion, tipo: TYPICAL.tipo, capitalSocial: 2000000, slug: "acme" },
    audit: { sessionId, backend: "memory", entry: { seq }, ...(sessionToken ? { sessionToken } : {}) },
    registry: { claimToken: sessionToken ? "claim" : null },
  };
}

/**
 * The service's session rules (docs/incorporation.md): the first write to a session, accepted (200)
 * or refused (422), creates it and shows its token once, in `x-session-token` (and, on a 200, in
 * `audit.sessionToken`); later writes need it. `x-session-id` comes with every answer.
 */
function sessionService() {
  const tokens = new Map<string, string>();
  const seqs = new Map<string, number>();
  return fakeFetch((request) => {
    const sessionId = String(request.body.sessionId ?? "server-made-session");
    const presented = request.headers.get("x-session-token");
    const existing = tokens.get(sessionId);
    if (existing && presented !== existing) {
      return problem(403, presented ? "session_token_invalid" : "session_token_required");
    }
    let token: string | null = null;
    if (!existing) {
      token = `token-of-${sessionId}`;
      tokens.set(sessionId, token);
    }
    const seq = seqs.get(sessionId) ?? 0;
    seqs.set(sessionId, seq + 1);
    const headers = { "x-session-id": sessionId, ...(token ? { "x-session-token": token } : {}) };
    if ((request.body.capitalSocial as number) < 1000) {
      return json(422, { ok: false, validation: { findings: FINDINGS }, rfc001: RFC001 }, headers);
    }
    return json(200, success(sessionId, seq, token), headers);
  });
}

/** Follows a promise without awaiting it, to check whether it settled while fake time stands still. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the write token of a session created by a refused (422) call", () => {
  it("is taken by the session helper from x-session-token, so the next call can write", async () => {
    const service = sessionService();
    const session = createSession({ baseUrl: BASE, fetch: service.fetch });
    const refused = await session.incorporate(BAD);
    expect(refused.ok).toBe(false);
    expect(session.sessionToken).toBe(`token-of-${session.sessionId}`);
    const fixed = await session.incorporate(TYPICAL);
    expect(fixed.ok).toBe(true);
    expect(service.sent[1]?.headers.get("x-session-token")).toBe(`token-of-${session.sessionId}`);
    expect(fixed.ok && fixed.audit.entry.seq).toBe(1);
  });

  it("follows the session named by x-session-id when that answer created the session", async () => {
    // A service that records a call under a session of its own making (as earlier versions did).
    const service = fakeFetch((request, i) =>
      i === 0
        ? json(
            422,
            { ok: false, validation: { findings: FINDINGS }, rfc001: RFC001 },
            { "x-session-id": "made-by-the-service", "x-session-token": "tok-made" },
          )
        : json(200, success(String(request.body.sessionId), 1, null), { "x-session-id": "made-by-the-service" }),
    );
    const session = createSession({ baseUrl: BASE, fetch: service.fetch, sessionId: "bad id!" });
    await session.incorporate(BAD);
    expect(session.sessionId).toBe("made-by-the-service");
    expect(session.sessionToken).toBe("tok-made");
    await session.incorporate(TYPICAL);
    expect(service.sent[1]?.body.sessionId).toBe("made-by-the-service");
    expect(service.sent[1]?.headers.get("x-session-token")).toBe("tok-made");
  });

  it("is given to plain callers: on the 422 value and on IncorporateValidationError", async () => {
    const service = sessionService();
    const value = await incorporate({ ...BAD, sessionId: "plain-session-1" }, { baseUrl: BASE, fetch: service.fetch });
    expect(value.ok).toBe(false);
    if (value.ok) return;
    expect(value.sessionId).toBe("plain-session-1");
    expect(value.sessionToken).toBe("token-of-plain-session-1");
    expect(value.validation.findings).toEqual(FINDINGS);

    const err = await incorporateOrThrow(
      { ...BAD, sessionId: "plain-session-2" },
      { baseUrl: BASE, fetch: service.fetch },
    ).catch((e) => e);
    expect(err).toBeInstanceOf(IncorporateValidationError);
    expect(err.sessionId).toBe("plain-session-2");
    expect(err.sessionToken).toBe("token-of-plain-session-2");

    // A later refusal in the same session shows no token: the session already existed.
    const again = await incorporate(
      { ...BAD, sessionId: "plain-session-1" },
      { baseUrl: BASE, fetch: service.fetch, sessionToken: "token-of-plain-session-1" },
    );
    expect(!again.ok && again.sessionToken).toBeNull();
  });
});

describe("retries", () => {
  it("wait 1 s, then 2 s, when the answer has no Retry-After (or one that is not a delay)", async () => {
    vi.useFakeTimers();
    const service = fakeFetch((_, i) =>
      i === 0
        ? problem(503, "store_unavailable")
        : i === 1
          ? problem(409, "idempotency_in_progress", { "retry-after": "soon" })
          : json(200, success("s", 0, "t")),
    );
    const call = track(incorporate(TYPICAL, { baseUrl: BASE, fetch: service.fetch }));
    await vi.advanceTimersByTimeAsync(999);
    expect(service.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(service.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(call.error).toBeUndefined();
    expect(call.value?.ok).toBe(true);
  });

  it("wait as Retry-After says, in seconds or as an HTTP date, capped at 10 s", async () => {
    vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") });
    const service = fakeFetch((_, i) =>
      i === 0
        ? problem(503, "store_unavailable", { "retry-after": "3" })
        : i === 1
          ? problem(503, "store_unavailable", { "retry-after": new Date(Date.now() + 5000).toUTCString() })
          : i === 2
            ? problem(503, "store_unavailable", { "retry-after": "3600" })
            : json(200, success("s", 0, "t")),
    );
    const call = track(incorporate(TYPICAL, { baseUrl: BASE, fetch: service.fetch, retries: 3, timeoutMs: 60_000 }));
    await vi.advanceTimersByTimeAsync(3000);
    expect(service.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(service.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(9999);
    expect(service.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.sent).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(call.value?.ok).toBe(true);
  });

  it("are refused when `retries` is not a whole number from 0 up, before anything is sent", async () => {
    // Without the check, NaN compares false with every attempt and the call never stops retrying.
    const service = fakeFetch((_, i) =>
      i < 5 ? problem(503, "store_unavailable", { "retry-after": "0" }) : json(200, success("s", 0, "t")),
    );
    for (const retries of [Number.NaN, Number.POSITIVE_INFINITY, -1, 1.5]) {
      const err = await incorporate(TYPICAL, { baseUrl: BASE, fetch: service.fetch, retries }).catch((e) => e);
      expect(err).toBeInstanceOf(RangeError);
      expect(err.message).toMatch(/retries/);
    }
    expect(service.sent).toHaveLength(0);
    const err = await incorporate(TYPICAL, { baseUrl: BASE, fetch: service.fetch, timeoutMs: Number.NaN }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(RangeError);
    expect(err.message).toMatch(/timeoutMs/);
  });
});

describe("cancelling and the time-out", () => {
  it("a cancel during a retry wait ends the call at once, with an IncorporateError", async () => {
    vi.useFakeTimers();
    const service = fakeFetch(() => problem(503, "store_unavailable", { "retry-after": "5" }));
    const controller = new AbortController();
    const call = track(incorporate(TYPICAL, { baseUrl: BASE, fetch: service.fetch, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    expect(service.sent).toHaveLength(1);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(call.settled).toBe(true);
    expect(call.error).toBeInstanceOf(IncorporateError);
    expect((call.error as IncorporateError).message).toMatch(/cancelled/);
    expect((call.error as IncorporateError).cause).toBe(controller.signal.reason);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(service.sent).toHaveLength(1);
  });

  it("timeoutMs bounds the whole call, retries and waits included", async () => {
    vi.useFakeTimers();
    // The second attempt never answers: only the call's own deadline can end it.
    const service = fakeFetch((request, i) =>
      i === 0
        ? problem(503, "store_unavailable", { "retry-after": "2" })
        : new Promise<Response>((_, reject) => {
            request.signal?.addEventListener("abort", () => reject(request.signal?.reason));
          }),
    );
    const call = track(incorporate(TYPICAL, { baseUrl: BASE, fetch: service.fetch, timeoutMs: 3000 }));
    await vi.advanceTimersByTimeAsync(2999);
    expect(call.settled).toBe(false);
    expect(service.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.error).toBeInstanceOf(IncorporateError);
    expect((call.error as IncorporateError).message).toMatch(/timed out after 3000 ms/);
  });

  it("a retry wait that would pass the deadline is not started: the last answer is the error", async () => {
    vi.useFakeTimers();
    const service = fakeFetch(() => problem(503, "store_unavailable", { "retry-after": "2" }));
    const call = track(incorporate(TYPICAL, { baseUrl: BASE, fetch: service.fetch, timeoutMs: 3000 }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(service.sent).toHaveLength(2);
    expect(call.settled).toBe(true);
    expect((call.error as IncorporateError).status).toBe(503);
    expect((call.error as IncorporateError).code).toBe("store_unavailable");
  });
});

describe("a new session whose first answer is a replay", () => {
  it("throws IncorporateSessionError with the result, instead of a 403 on the next write", async () => {
    // The first attempt's write landed but its answer was lost to a twin still running (409); the
    // library's retry then gets the stored answer, which never shows the write token.
    const service = fakeFetch((request, i) => {
      const sessionId = String(request.body.sessionId);
      if (i === 0) return problem(409, "idempotency_in_progress", { "retry-after": "0" });
      if (i === 1) {
        return json(200, success(sessionId, 0, null), { "x-session-id": sessionId, "idempotent-replayed": "true" });
      }
      return problem(403, "session_token_required");
    });
    const session = createSession({ baseUrl: BASE, fetch: service.fetch });
    const err = await session.incorporate(TYPICAL).catch((e) => e);
    expect(err).toBeInstanceOf(IncorporateSessionError);
    expect(err).toBeInstanceOf(IncorporateError);
    expect(err.code).toBe("session_token_not_returned");
    expect(err.replayed).toBe(true);
    expect(err.sessionId).toBe(session.sessionId);
    expect(err.result.ok).toBe(true);
    expect(err.message).toMatch(/replay/);
    expect(err.message).toMatch(/new session/);
    expect(session.sessionToken).toBeNull();
    expect(session.tokenNotReturned).toBe(true);

    // The next write is stopped before it is sent, with the same explanation.
    const next = await session.incorporate({ ...TYPICAL, capitalSocial: 3000000 }).catch((e) => e);
    expect(next).toBeInstanceOf(IncorporateSessionError);
    expect(next.code).toBe("session_token_not_returned");
    expect(next.replayed).toBe(true);
    expect(next.result).toBeNull();
    expect(service.sent).toHaveLength(2);
  });

  it("also for a refused (422) first call answered by a replay", async () => {
    const service = fakeFetch((request) =>
      json(
        422,
        { ok: false, validation: { findings: FINDINGS }, rfc001: RFC001 },
        { "x-session-id": String(request.body.sessionId), "idempotent-replayed": "true" },
      ),
    );
    const session = createSession({ baseUrl: BASE, fetch: service.fetch });
    const err = await session.incorporate(BAD).catch((e) => e);
    expect(err).toBeInstanceOf(IncorporateSessionError);
    expect(err.result.ok).toBe(false);
    expect(err.status).toBe(422);
  });

  it("does not stop a session that has its token, nor a later replay in it", async () => {
    const service = fakeFetch((request) =>
      json(200, success(String(request.body.sessionId), 0, null), {
        "x-session-id": String(request.body.sessionId),
        "idempotent-replayed": "true",
      }),
    );
    const session = createSession({ baseUrl: BASE, fetch: service.fetch, sessionId: "resumed-1", sessionToken: "t1" });
    const result = await session.incorporate(TYPICAL);
    expect(result.ok).toBe(true);
    expect(session.sessionToken).toBe("t1");
    expect(session.tokenNotReturned).toBe(false);
  });
});

describe("request headers", () => {
  it("merge without regard to case, the library's own options winning", async () => {
    const service = fakeFetch(() => json(200, success("s", 0, "t")));
    await incorporate(TYPICAL, {
      baseUrl: BASE,
      fetch: service.fetch,
      headers: {
        "Idempotency-Key": "from-headers",
        Authorization: "Bearer from-headers",
        "X-Session-Token": "from-headers",
        "Content-Type": "text/plain",
        Accept: "application/problem+json, application/json",
        "Accept-Language": "en",
      },
      idempotencyKey: "from-option",
      apiKey: "key-option",
      sessionToken: "token-option",
    });
    const headers = service.sent[0]?.headers as Headers;
    expect(headers.get("idempotency-key")).toBe("from-option");
    expect(headers.get("authorization")).toBe("Bearer key-option");
    expect(headers.get("x-session-token")).toBe("token-option");
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("accept")).toBe("application/problem+json, application/json");
    expect(headers.get("accept-language")).toBe("en");
  });

  it("take a Headers object or entries too, and keep a header the options do not set", async () => {
    const service = fakeFetch(() => json(200, success("s", 0, "t")));
    await incorporate(TYPICAL, {
      baseUrl: BASE,
      fetch: service.fetch,
      headers: new Headers({ Authorization: "Bearer mine" }),
    });
    await incorporate(TYPICAL, { baseUrl: BASE, fetch: service.fetch, headers: [["Idempotency-Key", "k1"]] });
    expect(service.sent[0]?.headers.get("authorization")).toBe("Bearer mine");
    expect(service.sent[0]?.headers.get("accept")).toBe("application/json");
    expect(service.sent[1]?.headers.get("idempotency-key")).toBe("k1");
  });
});

describe("IncorporateValidationError", () => {
  it("keeps the service's body as received, with its findings, report and code", async () => {
    const body = {
      ok: false,
      validation: { findings: FINDINGS },
      rfc001: RFC001,
      notice: "a member this version of the library does not know",
    };
    const service = fakeFetch(() => json(422, body, { "x-session-id": "s-422", "x-session-token": "t-422" }));
    const err = await incorporateOrThrow(TYPICAL, { baseUrl: BASE, fetch: service.fetch }).catch((e) => e);
    expect(err).toBeInstanceOf(IncorporateValidationError);
    expect(err.body).toEqual(body);
    expect(err.code).toBe("validation_failed");
    expect(err.findings).toEqual(FINDINGS);
    expect(err.errors).toEqual([FINDINGS[0]]);
    expect(err.rfc001).toEqual(RFC001);
    expect(err.message).toMatch(/capitalSocial: Capital below the minimum/);
  });

  it("takes the code and findings of a problem+json 422 too", async () => {
    const body = {
      type: "urn:sociedades-ia:problem:validation_failed",
      status: 422,
      code: "validation_failed",
      detail: "Some values are not acceptable.",
      findings: FINDINGS,
    };
    const err = new IncorporateValidationError(FINDINGS as never, RFC001, json(422, body), { body });
    expect(err.body).toBe(body);
    expect(err.code).toBe("validation_failed");
    expect(err.findings).toEqual(FINDINGS);
  });

  it("can still be built from findings and a report alone", () => {
    const err = new IncorporateValidationError(FINDINGS as never, RFC001 as never, new Response(null, { status: 422 }));
    expect(err.status).toBe(422);
    expect(err.body).toEqual({ ok: false, validation: { findings: FINDINGS }, rfc001: RFC001 });
    expect(err.sessionToken).toBeNull();
  });
});
