import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";

// scripts/server.mjs gives a request 20 s for its headers and 30 s in all (checked every 5 s), where
// Node's default would hold a connection for 300 s. These tests wait for the real limits.

/** Opens a connection, writes `bytes`, and resolves with all the server sends until it closes. */
function heldConnection(port: number, bytes: string): Promise<{ answer: string; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("close", () => resolve({ answer, seconds: (Date.now() - started) / 1000 }));
    socket.on("error", reject);
  });
}

describe("clients that send a request slowly or never finish it", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp();
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
      await new Promise((r) => setTimeout(r, 1000));
    }

    // The HTTP server's 408 and nothing else: the handler still waiting for the body never answers.
    const timedOut = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n";
    const headers = await endlessHeaders;
    expect(headers.answer).toBe(timedOut);
    expect(headers.seconds).toBeGreaterThanOrEqual(19);
    expect(headers.seconds).toBeLessThan(60);

    const body = await shortBody;
    expect(body.answer).toBe(timedOut);
    expect(body.seconds).toBeGreaterThanOrEqual(29);
    expect(body.seconds).toBeLessThan(60);
  }, 90_000);
});
