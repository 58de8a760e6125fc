import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, type ProblemWords, problemWords, sendApi } from "@/app/_client/api";
import { audit } from "@/app/_i18n/audit-words";

// A real HTTP server answering what each path names: the wrapper is tested on real answers.
let base = "";
let closedBase = "";
const server = http.createServer((req, res) => {
  const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": type, ...headers });
    res.end(body);
  };
  if (req.url === "/ok") return send(200, "application/json", JSON.stringify({ hello: "mundo" }));
  if (req.url === "/not-json") return send(200, "text/html", "<p>hi</p>");
  if (req.url === "/limited") {
    const body = { type: "about:blank", status: 429, code: "rate_limited", detail: "Slow down.", retryAfterSeconds: 7 };
    return send(429, "application/problem+json", JSON.stringify(body), { "retry-after": "30" });
  }
  if (req.url === "/limited-body") {
    return send(429, "application/problem+json", JSON.stringify({ code: "rate_limited", retryAfterSeconds: 7 }));
  }
  if (req.url === "/invalid") {
    return send(422, "application/json", JSON.stringify({ ok: false, validation: { findings: [{ code: "x" }] } }));
  }
  if (req.url === "/new-code") {
    return send(409, "application/problem+json", JSON.stringify({ code: "brand_new", detail: "Something new." }));
  }
  return send(502, "text/html", "<h1>Bad gateway</h1>");
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that was free a moment ago and is closed now: nothing answers there.
  const spare = http.createServer();
  await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
  closedBase = `http://127.0.0.1:${(spare.address() as AddressInfo).port}`;
  await new Promise((resolve) => spare.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const es: ProblemWords = audit.es.request;

describe("the client API module", () => {
  it("reads a JSON answer", async () => {
    const answer = await callApi<{ hello: string }>(`${base}/ok`);
    expect(answer.ok && answer.data).toEqual({ hello: "mundo" });
  });

  it("calls a 200 that is not JSON unreadable, and says so in the page's language", async () => {
    const answer = await callApi(`${base}/not-json`);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.problem).toEqual({ kind: "unreadable" });
    expect(problemWords(answer.problem, es).message).toBe(es.unreadable);
  });

  it("reads a problem's code, detail and the wait, the header first", async () => {
    const answer = await callApi(`${base}/limited`);
    if (answer.ok) throw new Error("expected a problem");
    expect(answer.problem).toMatchObject({ kind: "http", status: 429, code: "rate_limited", retryAfter: 30 });
    expect(problemWords(answer.problem, es)).toEqual({
      message: "Hiciste demasiados intentos seguidos. Esperá 30 s y volvé a intentar.",
    });
    const body = await sendApi(`${base}/limited-body`);
    expect(!body.ok && body.problem).toMatchObject({ retryAfter: 7 });
  });

  it("keeps the whole problem document, so a page can read a 422's findings", async () => {
    const answer = await callApi(`${base}/invalid`);
    expect(!answer.ok && answer.problem.kind === "http" && answer.problem.body).toEqual({
      ok: false,
      validation: { findings: [{ code: "x" }] },
    });
  });

  it("words an unknown code by its status, with the English detail apart, and lets a page override a code", async () => {
    const answer = await callApi(`${base}/new-code`);
    if (answer.ok) throw new Error("expected a problem");
    expect(problemWords(answer.problem, es)).toEqual({
      message:
        "El servidor respondió con un error (HTTP 409). Volvé a intentar en unos segundos; si sigue fallando, probá más tarde.",
      detail: "Something new.",
    });
    expect(problemWords(answer.problem, es, { brand_new: "Algo nuevo." })).toEqual({ message: "Algo nuevo." });
    const gateway = await callApi(`${base}/gateway`);
    expect(!gateway.ok && problemWords(gateway.problem, es)).toEqual({
      message:
        "El servidor respondió con un error (HTTP 502). Volvé a intentar en unos segundos; si sigue fallando, probá más tarde.",
    });
  });

  it("calls a connection that fails a network problem", async () => {
    const answer = await callApi(`${closedBase}/ok`);
    expect(!answer.ok && answer.problem).toEqual({ kind: "network" });
    expect(!answer.ok && problemWords(answer.problem, es).message).toBe(es.network);
  });

  it("rethrows an abort: the caller stopped the request", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sendApi(`${base}/ok`, { signal: controller.signal })).rejects.toThrow();
  });
});
