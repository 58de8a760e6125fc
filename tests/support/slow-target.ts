/**
 * A certification target on 127.0.0.1 that answers slowly or never, for certifier time-out tests.
 *
 * - `silent`: accepts connections and never answers.
 * - `headers-only`: sends a 200 status and headers at once, then never a byte of body.
 * - `trickle`: sends headers, then a JSON body one byte every 50 ms that never ends.
 * - `drip-headers`: sends the status line and headers one byte every 50 ms, never finishing them.
 * - `slow-endpoints`: a valid manifest at once, but every audit endpoint and discovery link it declares
 *   trickles like `trickle`.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type SlowMode = "silent" | "headers-only" | "trickle" | "drip-headers" | "slow-endpoints";

export interface SlowTarget {
  url: string;
  /** Connections accepted so far. */
  connections(): number;
  /** Connections still open (the certifier has not given up on them yet). */
  open(): number;
  close(): Promise<void>;
}

const BYTE_MS = 50;

export async function startSlowTarget(options: { mode: SlowMode; cuit: string }): Promise<SlowTarget> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let accepted = 0;
  /** Writes `text` one character every BYTE_MS (over and over with `repeat`) until the socket closes. */
  const drip = (socket: Socket, write: (char: string) => void, text: string, repeat: boolean) => {
    let i = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || (!repeat && i >= text.length)) {
        clearInterval(timer);
        timers.delete(timer);
        return;
      }
      write(text[i % text.length] as string);
      i++;
    }, BYTE_MS);
    timers.add(timer);
  };
  const server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const trickle = () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.flushHeaders();
      res.write('{"pad":"');
      drip(req.socket, (char) => res.write(char), "x", true);
    };
    if (options.mode === "silent") return;
    if (options.mode === "headers-only") {
      res.writeHead(200, { "content-type": "application/json" });
      res.flushHeaders();
      return;
    }
    if (options.mode === "trickle") return trickle();
    if (options.mode === "drip-headers") {
      // Raw bytes on the socket: the HTTP response object is never used.
      const head = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-padding: ".padEnd(4096, "y");
      drip(req.socket, (char) => req.socket.write(char), head, false);
      return;
    }
    if (req.url !== "/.well-known/agents.json") return trickle();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        issuer: { jurisdiction: "AR", type: "sociedad-ia", operatorCuit: options.cuit },
        rfcConformance: ["rfc-001-v1"],
        auditEndpoints: {
          auditRead: `${base}/audit/{sessionId}`,
          auditVerify: `${base}/audit/{sessionId}{?verify}`,
          auditCsv: `${base}/audit/{sessionId}/csv`,
          verifyBadge: `${base}/badge/{sessionId}`,
        },
        discovery: { machineReadable: `${base}/discovery` },
        auditSample: { sessionId: "slow-target-sample" },
      }),
    );
  });
  server.on("connection", (socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => accepted,
    open: () => sockets.size,
    async close() {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
