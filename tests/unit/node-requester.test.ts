import http from "node:http";
import type { AddressInfo } from "node:net";
import { errors } from "@upstash/redis";
import { afterEach, describe, expect, it } from "vitest";
import { nodeRequester } from "@/lib/store/node-requester";

// The store tells a write that never left (safe to report as not done) from one whose answer was
// lost (outcome unknown) by the shape of the error, as fetch() shaped it. These hold the requester
// that replaces fetch to the same shapes, against a real HTTP server.
interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server | null = null;
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

async function serve(answer: (seen: Seen, n: number, res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const one = { path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      seen.push(one);
      answer(one, seen.length, res);
    });
  });
  await new Promise<void>((r) => server?.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen };
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

describe("nodeRequester", () => {
  it("posts the command with the token, and sends back the last answer's sync token", async () => {
    const { url, seen } = await serve((_s, n, res) =>
      json(res, 200, { result: `ñ${n}` }, { "upstash-sync-token": `t${n}` }),
    );
    const requester = nodeRequester({ url, token: "secret", retries: 0, timeoutMs: 5000 });
    expect(await requester.request({ body: ["get", "k"] })).toEqual({ result: "ñ1" });
    expect(await requester.request({ path: ["pipeline"], body: [["get", "k"]] })).toEqual({ result: "ñ2" });
    expect(seen.map((s) => [s.path, s.body])).toEqual([
      ["/", '["get","k"]'],
      ["/pipeline", '[["get","k"]]'],
    ]);
    expect(seen[0]?.headers.authorization).toBe("Bearer secret");
    expect(seen[0]?.headers["upstash-sync-token"]).toBeUndefined();
    expect(seen[1]?.headers["upstash-sync-token"]).toBe("t1");
  });

  it("keeps a path in the URL before the command's, as the client joins them", async () => {
    const { url, seen } = await serve((_s, _n, res) => json(res, 200, { result: "OK" }));
    const requester = nodeRequester({ url: `${url}/rest/`, token: "t", retries: 0, timeoutMs: 5000 });
    await requester.request({ body: ["ping"] });
    await requester.request({ path: ["multi-exec"], body: [["ping"]] });
    expect(seen.map((s) => s.path)).toEqual(["/rest", "/rest/multi-exec"]);
  });

  it("throws UpstashError for an error status, and UpstashJSONParseError for an answer that is not JSON", async () => {
    const { url } = await serve((_s, n, res) => {
      if (n === 1) json(res, 400, { error: "ERR wrong number of arguments" });
      else {
        res.writeHead(502);
        res.end("<html>bad gateway</html>");
      }
    });
    const requester = nodeRequester({ url, token: "t", retries: 3, timeoutMs: 5000 });
    const first = requester.request({ body: ["get"] });
    await expect(first).rejects.toBeInstanceOf(errors.UpstashError);
    await expect(first).rejects.toThrow(/^ERR wrong number of arguments, command was: \["get"\]$/);
    await expect(requester.request({ body: ["get", "k"] })).rejects.toBeInstanceOf(errors.UpstashJSONParseError);
  });

  it("retries a request that failed on the network, then fails as fetch does, with the code in its cause", async () => {
    const { url, seen } = await serve((_s, n, res) => {
      if (n === 1) res.socket?.destroy();
      else json(res, 200, { result: "OK" });
    });
    expect(await nodeRequester({ url, token: "t", retries: 1, timeoutMs: 5000 }).request({ body: ["ping"] })).toEqual({
      result: "OK",
    });
    expect(seen).toHaveLength(2);

    const closed = await serve(() => undefined);
    await new Promise<void>((r) => server?.close(() => r()));
    server = null;
    const refused = nodeRequester({ url: closed.url, token: "t", retries: 2, timeoutMs: 5000 }).request({
      body: ["ping"],
    });
    await expect(refused).rejects.toBeInstanceOf(TypeError);
    await expect(refused.catch((e: Error) => (e.cause as { code?: string }).code)).resolves.toBe("ECONNREFUSED");
  });

  it("gives up on a request past its time limit without resending it", async () => {
    const { url, seen } = await serve(() => undefined); // never answers
    const late = nodeRequester({ url, token: "t", retries: 3, timeoutMs: 200 }).request({ body: ["set", "k", "v"] });
    await expect(late).rejects.toMatchObject({ name: "TimeoutError" });
    expect(seen).toHaveLength(1);
  });
});
