import http from "node:http";
import https from "node:https";
import { urlToHttpOptions } from "node:url";
import { errors, type Requester, type UpstashRequest, type UpstashResponse } from "@upstash/redis";

/**
 * The Upstash REST calls over node:http(s) with a keep-alive agent, in place of the client's
 * fetch(): on Node, fetch costs about a millisecond of CPU per request (its web streams and
 * objects), which made the REST client most of an append's CPU on Upstash (docs/performance.md).
 * It does what the client's own HTTP layer does, as the store relies on it:
 * - a network failure is retried `retries` times after 50 ms, and then thrown as fetch would throw
 *   it (a TypeError whose `cause` carries the code, ECONNREFUSED...), which the store reads to tell
 *   a request that never left from one whose answer was lost;
 * - an answer with an error status throws UpstashError, an unparsable one UpstashJSONParseError;
 * - a request past `timeoutMs` is abandoned with a TimeoutError, never retried: a write may have
 *   landed;
 * - read-your-writes: the sync token of the last answer goes with the next request.
 * Answers are plain JSON (no base64 encoding): the store only keeps UTF-8 text it wrote itself.
 */
export interface NodeRequesterOptions {
  url: string;
  token: string;
  retries: number;
  timeoutMs: number;
}

export function nodeRequester(options: NodeRequesterOptions): Requester {
  const base = new URL(options.url);
  const secure = base.protocol === "https:";
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const send = secure ? https.request : http.request;
  const requester: Requester = {
    readYourWrites: true,
    upstashSyncToken: "",
    async request<TResult>(req: UpstashRequest): Promise<UpstashResponse<TResult>> {
      const body = JSON.stringify(req.body);
      const headers: Record<string, string> = {
        authorization: `Bearer ${options.token}`,
        "content-type": "application/json",
        ...(requester.upstashSyncToken ? { "upstash-sync-token": requester.upstashSyncToken } : {}),
        ...req.headers,
      };
      // As the client joins them: the URL's own path, then the command's ("pipeline", "multi-exec").
      const joined = [base.pathname.replace(/\/$/, ""), ...(req.path ?? [])].join("/");
      const path = joined === "" ? "/" : joined;
      for (let attempt = 0; ; attempt++) {
        let answer: { status: number; text: string; syncToken: string | undefined };
        try {
          answer = await exchange(send, agent, base, path, headers, body, options.timeoutMs);
        } catch (error) {
          if ((error as Error).name === "TimeoutError" || attempt >= options.retries) throw error;
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        let parsed: UpstashResponse<TResult> & { error?: string };
        try {
          parsed = JSON.parse(answer.text);
        } catch (cause) {
          throw new errors.UpstashJSONParseError(answer.text, { cause });
        }
        if (answer.status < 200 || answer.status >= 300) {
          throw new errors.UpstashError(`${parsed.error}, command was: ${body}`);
        }
        requester.upstashSyncToken = answer.syncToken ?? "";
        return parsed;
      }
    },
  };
  return requester;
}

/** One request and its whole answer; a network failure rejects as fetch's does. */
function exchange(
  send: typeof http.request,
  agent: http.Agent,
  base: URL,
  path: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; text: string; syncToken: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = send(
      {
        // Node's own reading of the URL: an IPv6 host without its brackets, the default port.
        ...urlToHttpOptions(base),
        agent,
        method: "POST",
        path,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", (cause) => reject(new TypeError("fetch failed", { cause })));
        response.on("end", () => {
          clearTimeout(timer);
          const token = response.headers["upstash-sync-token"];
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8"),
            syncToken: Array.isArray(token) ? token[0] : token,
          });
        });
      },
    );
    const timer = setTimeout(() => {
      const timeout = new Error("The operation was aborted due to timeout");
      timeout.name = "TimeoutError";
      request.destroy(timeout);
    }, timeoutMs);
    request.on("error", (cause: Error) => {
      clearTimeout(timer);
      reject(cause.name === "TimeoutError" ? cause : new TypeError("fetch failed", { cause }));
    });
    request.end(body);
  });
}
