/**
 * Helpers for the attack tests: forged client addresses, raw HTTP/1.1 exchanges that fetch will not
 * send, and snapshots of the state an attack must leave untouched.
 */
import net from "node:net";

/**
 * Every header a client could write to pose as another address behind a proxy; `n` makes each
 * request's values different, as a client rotating fake addresses would.
 */
export function forgedAddressHeaders(n: number): Record<string, string> {
  const a = n % 250;
  const b = Math.floor(n / 250) % 250;
  return {
    "x-forwarded-for": `203.0.${b}.${a + 1}, 198.51.100.${a + 1}`,
    "x-real-ip": `192.0.2.${a + 1}`,
    "x-vercel-forwarded-for": `198.18.${b}.${a + 1}`,
    forwarded: `for=203.0.113.${a + 1};proto=https`,
    "x-client-ip": `100.64.${b}.${a + 1}`,
    "cf-connecting-ip": `2001:db8::${(n + 1).toString(16)}`,
    "true-client-ip": `10.${b}.0.${a + 1}`,
  };
}

export interface RawAnswer {
  status: number;
  /** The status line's reason phrase, e.g. "Request Timeout". */
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `request` (head and body, as given) to the server over one socket, optionally half-closing
 * it, and reads the answer until the server closes the connection.
 */
export function rawHttp(port: number, request: string, options: { halfClose?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let failure: Error | null = null;
    socket.on("data", (d) => chunks.push(d));
    // A server that answers early may reset the connection while the rest is still being sent.
    socket.on("error", (err) => {
      failure = err;
    });
    socket.on("close", () => {
      // Chunk sizes count bytes: the body is taken apart as bytes, and decoded only then.
      const bytes = Buffer.concat(chunks);
      const split = bytes.indexOf("\r\n\r\n");
      if (split < 0) {
        return reject(failure ?? new Error(`no HTTP answer: ${JSON.stringify(bytes.toString("utf8", 0, 200))}`));
      }
      const [statusLine = "", ...lines] = bytes.toString("latin1", 0, split).split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      const rest = bytes.subarray(split + 4);
      const body = (headers["transfer-encoding"] === "chunked" ? dechunk(rest) : rest).toString("utf8");
      const [, status = "", ...reason] = statusLine.split(" ");
      resolve({ status: Number(status), statusText: reason.join(" "), headers, body });
    });
    socket.write(request);
    if (options.halfClose) socket.end();
  });
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = bytes;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.toString("latin1", 0, eol), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(rest.subarray(eol + 2, eol + 2 + size));
    rest = rest.subarray(eol + 2 + size + 2);
  }
}

/** Every registry record, following the cursors: what a rejected write must leave exactly as it was. */
export async function registrySnapshot(baseUrl: string): Promise<unknown[]> {
  const records: unknown[] = [];
  let cursor: string | undefined;
  do {
    const res = await fetch(`${baseUrl}/api/registry?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
    const page = (await res.json()) as { records: unknown[]; nextCursor?: string | null };
    records.push(...page.records);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return records;
}

/** A session's entries as the public read API returns them (an unknown session reads as none). */
export async function auditEntries(baseUrl: string, sessionId: string): Promise<unknown[]> {
  const res = await fetch(`${baseUrl}/api/play/audit/${sessionId}`);
  if (res.status !== 200) throw new Error(`audit read of ${sessionId}: ${res.status}`);
  return ((await res.json()) as { entries: unknown[] }).entries;
}
