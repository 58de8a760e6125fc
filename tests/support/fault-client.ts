import { callApi } from "./registry-client";

/**
 * HTTP helpers for fault tests: every request has a deadline (a hang fails the test with a clear
 * message), and a stream keeps what arrived before the server died, since a part the client saw was
 * acknowledged.
 */

/** How long a request may take before the test calls it a hang (store calls time out within seconds). */
export const HANG_MS = 30_000;

export interface Answer {
  status: number;
  contentType: string;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected loosely
  body: any;
}

/** Rejects with a message naming `what` when `promise` has not settled within HANG_MS. */
export async function withDeadline<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    return await Promise.race([promise, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** One JSON request with a deadline; the body is parsed when it is JSON. Throws when the connection fails. */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const answer = await withDeadline(`${method} ${path}`, callApi(baseUrl, method, path, options));
  return { ...answer, contentType: answer.headers.get("content-type") ?? "" };
}

export interface AuditRef {
  toolCallId: string;
  sessionId: string;
  seq: number;
  hmac: string;
  outcome: string;
}

export interface PlayStream {
  status: number;
  contentType: string;
  /** Response headers (x-session-id, x-session-token), when an answer arrived. */
  headers: Headers | null;
  /** The problem document when the answer is not a stream. */
  // biome-ignore lint/suspicious/noExplicitAny: problem bodies are inspected loosely
  problem: any;
  /** Every complete SSE chunk received, in order, even if the connection died later. */
  chunks: { type: string; [member: string]: unknown }[];
  /** False when the connection died before the stream's end. */
  complete: boolean;
}

/**
 * POSTs to /api/play and reads the UI message stream chunk by chunk. A connection that dies (before
 * or during the answer) is not an error: `status` is 0 when nothing arrived, `complete` false.
 */
export function postPlayStream(baseUrl: string, body: unknown, headers: Record<string, string>): Promise<PlayStream> {
  return withDeadline(
    "POST /api/play",
    (async () => {
      const out: PlayStream = { status: 0, contentType: "", headers: null, problem: null, chunks: [], complete: false };
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/api/play`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(body),
        });
      } catch {
        return out;
      }
      out.status = res.status;
      out.headers = res.headers;
      out.contentType = res.headers.get("content-type") ?? "";
      if (!out.contentType.startsWith("text/event-stream")) {
        const text = await res.text().catch(() => "");
        try {
          out.problem = JSON.parse(text);
        } catch {
          out.problem = text;
        }
        out.complete = true;
        return out;
      }
      const decoder = new TextDecoder();
      let buffered = "";
      try {
        for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffered += decoder.decode(bytes, { stream: true });
          let end = buffered.indexOf("\n\n");
          while (end !== -1) {
            const event = buffered.slice(0, end).trim();
            buffered = buffered.slice(end + 2);
            if (event === "data: [DONE]") out.complete = true;
            else if (event.startsWith("data: ")) out.chunks.push(JSON.parse(event.slice(6)));
            end = buffered.indexOf("\n\n");
          }
        }
      } catch {
        // the server died mid-stream: keep what arrived
      }
      return out;
    })(),
  );
}

/** The audit references (`data-audit` parts) a play stream acknowledged. */
export function auditRefs(stream: PlayStream): AuditRef[] {
  return stream.chunks.filter((c) => c.type === "data-audit").map((c) => c.data as AuditRef);
}

/** Runs `jobs` on `lanes` concurrent lanes, calling `onAnswer` with the count of finished jobs. */
export async function runLanes<T>(
  jobs: (() => Promise<T>)[],
  lanes: number,
  onAnswer: (finished: number) => void = () => {},
): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  let finished = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await (jobs[i] as () => Promise<T>)();
        onAnswer(++finished);
      }
    }),
  );
  return results;
}
