// Production server: Next's request handler behind a plain Node HTTP server.
//
// Why not `next start`: route handlers never see the socket address, and Next only fills
// X-Forwarded-For when the client sent none, so a client could choose its own rate-limit identity.
// Here every request's X-Forwarded-For gets the socket address appended, as a proxy would do, and
// lib/http/client-ip.ts takes the entry TRUSTED_PROXY_HOPS places from the right (0 = the socket).
import { createServer } from "node:http";
import next from "next";

const port = Number.parseInt(process.env.PORT ?? "3000", 10);
const hostname = process.env.HOST ?? "0.0.0.0";
process.env.NODE_ENV ??= "production";

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();

function appendSocketAddress(req) {
  const peer = req.socket.remoteAddress ?? "";
  const prior = req.headers["x-forwarded-for"];
  const list = Array.isArray(prior) ? prior.join(",") : prior;
  req.headers["x-forwarded-for"] = list ? `${list}, ${peer}` : peer;
  delete req.headers["x-real-ip"];
}

try {
  await app.prepare();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const server = createServer((req, res) => {
  appendSocketAddress(req);
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`> Ready on http://localhost:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
