import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { type RawAnswer, rawHttp } from "../support/attack-client";

// scripts/server.mjs gives a request HTTP_HEADERS_TIMEOUT for its headers and HTTP_REQUEST_TIMEOUT
// in all (20 s and 30 s by default), where Node's default would hold a connection for 300 s. The
// server here has shorter ones, so that waiting for them takes seconds, not half a minute.
const HEADERS_S = 2;
const REQUEST_S = 3;

/** The server's answer to `bytes` written on a new connection, and the seconds until it closed it. */
async function heldConnection(port: number, bytes: string): Promise<{ answer: RawAnswer; seconds: number }> {
  const started = Date.now();
  const answer = await rawHttp(port, bytes);
  return { answer, seconds: (Date.now() - started) / 1000 };
}

describe("clients that send a request slowly or never finish it", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp({ env: { HTTP_HEADERS_TIMEOUT: `${HEADERS_S}s`, HTTP_REQUEST_TIMEOUT: `${REQUEST_S}s` } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("get a 408 and a closed connection at the server's time-outs, while others are served", async () => {
    // Headers that never end (a slowloris), and a body announced but never sent in full.
    const endlessHeaders = heldConnection(app.port, "GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n");
    const shortBody = heldConnection(
      app.port,
      'POST /api/auto-incorporate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"denominacion":',
    );
    // Meanwhile everyone else is answered at once.
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
    }

    // The HTTP server's 408 and nothing else: the handler still waiting for the body never answers.
    const timedOut = { status: 408, statusText: "Request Timeout", headers: { connection: "close" }, body: "" };
    const headers = await endlessHeaders;
    expect(headers.answer).toEqual(timedOut);
    // Not before the configured time-out (scripts/http-timeouts.mjs reads it: a unit test).
    expect(headers.seconds).toBeGreaterThanOrEqual(HEADERS_S - 0.1);

    const body = await shortBody;
    expect(body.answer).toEqual(timedOut);
    expect(body.seconds).toBeGreaterThanOrEqual(REQUEST_S - 0.1);
  }, 90_000);
});
