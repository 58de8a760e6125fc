import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STARTER_ENV } from "../lib/contract";
import { recordAction } from "../lib/record-action";

// A stand-in for the audit service's one endpoint recordAction calls, answering one tool call's entry.
const seen: { url?: string; headers?: http.IncomingHttpHeaders; body?: string }[] = [];
let server: http.Server;
let base = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ url: req.url, headers: req.headers, body });
      const entry = { toolCallId: "call-1", sessionId: req.headers["x-session-id"], seq: 1, outcome: "ok" };
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(
        [
          `data: ${JSON.stringify({ type: "data-audit", data: entry })}`,
          `data: ${JSON.stringify({ type: "text-delta", delta: "Hecho." })}`,
          "data: [DONE]",
          "",
        ].join("\n\n"),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("recordAction, for the app's own server code", () => {
  it("runs the instruction in the company's session with its write token", async () => {
    const run = await recordAction("Validá el CUIT 20-17254359-7", {
      [STARTER_ENV.auditBaseUrl]: base,
      [STARTER_ENV.auditSessionId]: "sesion-de-la-sociedad",
      [STARTER_ENV.auditSessionToken]: "token-secreto",
    });
    expect(run).toEqual({
      entries: [{ toolCallId: "call-1", sessionId: "sesion-de-la-sociedad", seq: 1, outcome: "ok" }],
      text: "Hecho.",
    });
    expect(seen.at(-1)?.url).toBe("/api/play");
    expect(seen.at(-1)?.headers).toMatchObject({
      "x-session-id": "sesion-de-la-sociedad",
      "x-session-token": "token-secreto",
    });
    expect(JSON.parse(seen.at(-1)?.body ?? "{}").messages[0].parts[0].text).toBe("Validá el CUIT 20-17254359-7");
  });

  it("names a missing variable and sends nothing", async () => {
    const before = seen.length;
    expect(() => recordAction("hola", { [STARTER_ENV.auditBaseUrl]: base })).toThrow(
      `${STARTER_ENV.auditSessionId} is not set: see .env.example`,
    );
    expect(seen.length).toBe(before);
  });
});
