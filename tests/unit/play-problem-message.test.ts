import { describe, expect, it } from "vitest";
import { type PlayProblem, problemView, secondsLeft } from "@/app/(pages)/play/problem-message";
import { play } from "@/app/(pages)/play/words";

const es = play.es.errors;
const en = play.en.errors;

const INTERNAL = "The agent failed unexpectedly; the failure was logged. Try again.";
const STORAGE = "Storage is unreachable right now, so the tool call was not recorded. Try again shortly.";

function http(status: number, code: string | null, extra: Partial<Extract<PlayProblem, { kind: "http" }>> = {}) {
  return { kind: "http", status, code, detail: null, retryAfter: null, receivedAt: 1_000_000, ...extra } as const;
}

describe("problemView: the server's English text never goes inside the page's sentence", () => {
  it("words an unexpected failure during the answer in the page's language, without the English text", () => {
    const problem: PlayProblem = { kind: "stream", code: "internal_error", detail: INTERNAL };
    const view = problemView(problem, es);
    expect(view).toEqual({ text: es.agentFailed, detail: null, action: "retry" });
    expect(view.text).not.toContain("The agent");
    expect(problemView(problem, en).text).toBe(en.agentFailed);
  });

  it("gives storage failing during the answer the storage message, not the catch-all", () => {
    const problem: PlayProblem = { kind: "stream", code: "store_unavailable", detail: STORAGE };
    expect(problemView(problem, es)).toEqual({ text: es.storeDownMidway, detail: null, action: "retry" });
    expect(problemView(problem, en).text).toBe(en.storeDownMidway);
    expect(es.storeDownMidway).toMatch(/almacenamiento/);
  });

  it("sends a session refused during the answer to a new conversation", () => {
    const problem: PlayProblem = {
      kind: "stream",
      code: "session_token_invalid",
      detail: "The x-session-token does not belong to this session.",
    };
    expect(problemView(problem, es)).toEqual({ text: es.session, detail: null, action: "reset" });
  });

  it("keeps the detail of an unforeseen code apart from the sentence, to be shown marked as English", () => {
    const problem: PlayProblem = { kind: "stream", code: "something_new", detail: "Something new went wrong." };
    const view = problemView(problem, es);
    expect(view).toEqual({ text: es.stopped, detail: "Something new went wrong.", action: "retry" });
    expect(view.text).not.toContain("Something");
    // An error chunk without a code (an older server) is treated the same way.
    expect(problemView({ kind: "stream", code: null, detail: INTERNAL }, es)).toEqual({
      text: es.stopped,
      detail: INTERNAL,
      action: "retry",
    });
  });

  it("says an answer that could not be read is damaged, in the page's language", () => {
    expect(problemView({ kind: "unreadable" }, es)).toEqual({ text: es.unreadable, detail: null, action: "retry" });
    expect(problemView({ kind: "unreadable" }, en).text).toBe(en.unreadable);
  });

  it("states an unknown HTTP failure by its status, with the server's detail apart", () => {
    const view = problemView(http(500, "internal_error", { detail: "An unexpected error occurred." }), es);
    expect(view.text).toBe("El servidor respondió con un error (HTTP 500). Volvé a intentar en unos segundos.");
    expect(view.detail).toBe("An unexpected error occurred.");
    expect(problemView(http(502, null), en)).toEqual({
      text: "The server answered with an error (HTTP 502). Try again in a few seconds.",
      detail: null,
      action: "retry",
    });
  });

  it("keeps the known HTTP codes' own messages", () => {
    expect(problemView(http(400, "message_too_long"), es).action).toBe("reset");
    expect(problemView(http(413, "payload_too_large"), es).text).toBe(es.tooMany);
    expect(problemView(http(503, "store_unavailable", { retryAfter: 5 }), es).text).toBe(es.storeDown);
    expect(problemView({ kind: "network" }, es).text).toBe(es.network);
  });

  it("has no Spanish message that still takes the server's English detail", () => {
    for (const text of Object.values(es)) expect(text).not.toContain("{detail}");
  });
});

describe("problemView: the rate limit's wait", () => {
  it("asks to wait while the countdown runs", () => {
    const problem = http(429, "rate_limited", { retryAfter: 30 });
    expect(problemView(problem, es, 30).text).toBe(
      "Hiciste muchos pedidos seguidos. Esperá 30 s y volvé a intentar; no se registró nada.",
    );
    expect(problemView(problem, en, 12).text).toBe(
      "Too many requests in a row. Wait 12 s and try again; nothing was recorded.",
    );
  });

  it("says they can try again now once the wait is over, instead of the original wait", () => {
    const problem = http(429, "rate_limited", { retryAfter: 60 });
    expect(problemView(problem, es, 0).text).toBe(
      "Hiciste muchos pedidos seguidos y no se registró nada. Ya podés volver a intentar.",
    );
    expect(problemView(problem, en, 0).text).toBe(
      "Too many requests in a row; nothing was recorded. You can try again now.",
    );
    expect(problemView(problem, es, 0).text).not.toContain("60");
  });

  it("says they can try again now when the answer gave no wait, never a made-up one", () => {
    const problem = http(429, "rate_limited");
    expect(secondsLeft(problem, problem.receivedAt)).toBe(0);
    expect(problemView(problem, es, secondsLeft(problem, problem.receivedAt)).text).toBe(es.rateLimitedOver);
    expect(problemView(problem, en).text).toBe(en.rateLimitedOver);
  });
});

describe("secondsLeft", () => {
  const problem = http(429, "rate_limited", { retryAfter: 30 });
  const at = problem.receivedAt;

  it("counts down from Retry-After, from when the answer arrived", () => {
    expect(secondsLeft(problem, at)).toBe(30);
    expect(secondsLeft(problem, at + 1)).toBe(30);
    expect(secondsLeft(problem, at + 1_000)).toBe(29);
    expect(secondsLeft(problem, at + 29_001)).toBe(1);
    expect(secondsLeft(problem, at + 30_000)).toBe(0);
    expect(secondsLeft(problem, at + 90_000)).toBe(0);
  });

  it("never shows more than the whole wait, even from a clock read before the answer (the first render)", () => {
    expect(secondsLeft(problem, 0)).toBe(30);
    expect(secondsLeft(problem, at - 5_000)).toBe(30);
  });

  it("is 0 for problems without a wait", () => {
    expect(secondsLeft(null, at)).toBe(0);
    expect(secondsLeft({ kind: "network" }, at)).toBe(0);
    expect(secondsLeft({ kind: "stream", code: "internal_error", detail: INTERNAL }, at)).toBe(0);
    expect(secondsLeft(http(500, null), at)).toBe(0);
  });
});

describe("problemView: the model provider failing during the answer", () => {
  const stream = (code: string, extra: Partial<Extract<PlayProblem, { kind: "stream" }>> = {}): PlayProblem => ({
    kind: "stream",
    code,
    detail: "The model provider failed (HTTP 500). Try again shortly.",
    ...extra,
  });

  it.each([
    ["model_auth_failed", "modelAuth"],
    ["model_unavailable", "modelDown"],
    ["model_stream_interrupted", "modelCut"],
    ["model_timeout", "modelTimeout"],
  ] as const)("words %s in the page's language, without the English detail", (code, key) => {
    expect(problemView(stream(code), es)).toEqual({ text: es[key], detail: null, action: "retry" });
    expect(problemView(stream(code), en).text).toBe(en[key]);
    expect(es[key]).not.toBe(en[key]);
  });

  it("says a broken-off answer left nothing half recorded and the session still verifies", () => {
    expect(problemView(stream("model_stream_interrupted"), es).text).toBe(
      "La respuesta del modelo se cortó a mitad de camino. Ninguna llamada quedó registrada a medias y la sesión sigue verificando; volvé a intentar.",
    );
  });

  it("counts down the provider's Retry-After, then says they can try again", () => {
    const problem = stream("model_rate_limited", { retryAfter: 17, receivedAt: 1_000_000 });
    expect(secondsLeft(problem, 1_000_000)).toBe(17);
    expect(secondsLeft(problem, 1_010_000)).toBe(7);
    expect(problemView(problem, es, 7).text).toBe(
      "El proveedor del modelo está limitando los pedidos de este sitio. Esperá 7 s y volvé a intentar; lo que ya quedó registrado sigue ahí.",
    );
    expect(problemView(problem, es, 0).text).toBe(es.modelBusyOver);
    const noWait = stream("model_rate_limited", { retryAfter: null, receivedAt: 1_000_000 });
    expect(secondsLeft(noWait, 1_000_000)).toBe(0);
    expect(problemView(noWait, en, 0).text).toBe(en.modelBusyOver);
  });

  it("counts down a failing provider's Retry-After too, and words a long wait in minutes", () => {
    const problem = stream("model_unavailable", { retryAfter: 30, receivedAt: 1_000_000 });
    expect(problemView(problem, es, secondsLeft(problem, 1_005_000)).text).toBe(
      "El proveedor del modelo falló y pidió esperar. Esperá 25 s y volvé a intentar; lo que ya quedó registrado sigue ahí.",
    );
    expect(problemView(problem, en, 0).text).toBe(en.modelDown);
    const capped = stream("model_rate_limited", { retryAfter: 3599, receivedAt: 1_000_000 });
    expect(problemView(capped, en, secondsLeft(capped, 1_000_000)).text).toBe(
      "The model provider is limiting this site's requests. Wait 60 min and try again; what was already recorded stays.",
    );
  });

  it("says an answer ended by PLAY_REQUEST_TIMEOUT ran too long, in both languages", () => {
    expect(problemView(stream("play_request_timeout"), es).text).toBe(es.requestTimeout);
    expect(problemView(stream("play_request_timeout"), en).text).toBe(en.requestTimeout);
  });
});
