// Production server: Next's request handler behind a plain Node HTTP server.
//
// Why not `next start`: route handlers never see the socket address, and Next only fills
// X-Forwarded-For when the client sent none, so a client could choose its own rate-limit identity.
// Here every request's X-Forwarded-For gets the socket address appended, as a proxy would do, and
// lib/http/client-ip.ts takes the entry TRUSTED_PROXY_HOPS places from the right (0 = the socket).
// It also hands badge requests to a static route (routeBadge below), answers a rate-limited
// client's repeated requests itself (refusal-memo.mjs), and spares every request Node 20's costly
// async-context snapshot (async-snapshots.mjs).
//
// Before it loads anything it takes DATA_DIR and the port (serve-claim.mjs): a second server of this
// clone stops there. With --build (`npm start`) it then builds into a fresh directory and serves that
// (fresh-build.mjs), answering 503 meanwhile.
import fs from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { installAsyncSnapshots } from "./async-snapshots.mjs";
import { freshBuild } from "./fresh-build.mjs";
import { httpTimeouts } from "./http-timeouts.mjs";
import { REFUSAL_MARK_ENV, refusalMemo } from "./refusal-memo.mjs";
import { claimDataDir, listenOrRefuse } from "./serve-claim.mjs";

// Before Next loads: its route runtime takes an async-context snapshot on every request.
installAsyncSnapshots();

const port = Number.parseInt(process.env.PORT ?? "3000", 10);
const hostname = process.env.HOST ?? "0.0.0.0";
process.env.NODE_ENV ??= "production";
// Next marks its rate-limit refusals only where something strips the mark: here.
process.env[REFUSAL_MARK_ENV] = "1";
const refusals = refusalMemo();
const building = process.argv.includes("--build");
const command = building ? "npm start" : "npm run serve";
let handle;

function appendSocketAddress(req) {
  const peer = req.socket.remoteAddress ?? "";
  const prior = req.headers["x-forwarded-for"];
  const list = Array.isArray(prior) ? prior.join(",") : prior;
  req.headers["x-forwarded-for"] = list ? `${list}, ${peer}` : peer;
  delete req.headers["x-real-ip"];
  // Only Vercel's edge may set this, and this server never runs there: from a client it is a forgery.
  delete req.headers["x-vercel-forwarded-for"];
}

// Requests Node's HTTP parser rejects never reach Next: answer them as problem+json too, like every
// other error (a body cut short of its Content-Length, bytes after it that are no request, both
// Content-Length and Transfer-Encoding). Header overflow (431) and time-outs (408) keep Node's answer.
function answerClientError(err, socket) {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  // A complete request on this connection is still being answered and the bad bytes came after it: a
  // 400 written now would take the place of its answer and say nothing changed, while it may have.
  // Its answer goes out, then the connection closes. (A request whose own body broke off never had
  // all its input, so the 400 below is its answer.)
  const inFlight = socket._httpMessage;
  if (inFlight?.req?.complete) {
    if (inFlight.writableFinished) socket.destroy();
    else {
      inFlight.once("finish", () => socket.end());
      inFlight.once("close", () => socket.destroy());
    }
    return;
  }
  if (inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  if (err.code === "HPE_HEADER_OVERFLOW" || err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    const status = err.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "408 Request Timeout";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    return;
  }
  const incomplete = err.code === "HPE_INVALID_EOF_STATE";
  const code = incomplete ? "incomplete_body" : "bad_request";
  const body = JSON.stringify({
    type: `urn:sociedades-ia:problem:${code}`,
    title: incomplete ? "Incomplete request body" : "Bad request",
    status: 400,
    detail: incomplete
      ? "The request ended before the body its Content-Length announced; nothing was changed."
      : "The request is not valid HTTP/1.1 (check Content-Length and Transfer-Encoding); nothing was changed.",
    code,
  });
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

// GET /api/badge/{sessionId} is the URL READMEs embed and image proxies fetch on every view. Next 16
// rebuilds a dynamic route's matcher for every request it serves (measured in
// docs/decisions/performance.md), so a well-formed id goes to the static route app/(protocol)/api/badge in a
// header instead, as a proxy in front would rewrite it. Anything else (a malformed id, a query string,
// another method) takes the dynamic route, which answers the same way. Only this server sets the header.
// The id's pattern is SESSION_ID_PATTERN of lib/audit/entry.ts.
const BADGE_PATH = /^\/api\/badge\/([A-Za-z0-9_-]{8,64})$/;
const BADGE_SESSION_HEADER = "x-badge-session-id";

function routeBadge(req) {
  delete req.headers[BADGE_SESSION_HEADER];
  const match = req.method === "GET" ? BADGE_PATH.exec(req.url ?? "") : null;
  if (!match) return;
  req.headers[BADGE_SESSION_HEADER] = match[1];
  req.url = "/api/badge";
}

// A client that announces a body and sends it slowly (or never) would otherwise hold its connection
// for Node's default 300 s. Only the request is timed: streamed answers (/api/play, the SSE log) are
// not.
const timeouts = httpTimeouts(process.env);

// An answer written before its request's body was all read (a 413, a 415, a refused Host) says
// "Connection: close" and closes: otherwise Node would wait for the rest of a body no one reads, and
// a client that stopped sending, waiting for its answer's end, would hold the connection until the
// 408. The close lingers: the server half-closes at once (the client sees the end of its answer),
// then still reads and drops what the client was sending, for at most LINGER_MS, so the close is no
// reset that could discard the answer before the client reads it.
const LINGER_MS = 2_000;

function closeIfBodyUnread(req, res) {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadClosing(...args) {
    if (!req.complete && !this.headersSent) {
      this.setHeader("connection", "close");
      // Node ends a "Connection: close" exchange with destroySoon(): here, a lingering close.
      const socket = this.socket ?? req.socket;
      if (socket)
        socket.destroySoon = function lingeringClose() {
          this.end();
          const timer = setTimeout(() => this.destroy(), LINGER_MS);
          timer.unref();
          this.once("close", () => clearTimeout(timer));
        };
    }
    return writeHead.apply(this, args);
  };
}

// Next answers a static file that was there when it started and is gone now with a 500 in plain text
// (a build written over its directory did that): such a file, or any other missing one, gets a 404.
const STATIC = "/_next/static/";
let staticRoot;

async function isStaticFile(url) {
  let file;
  try {
    file = path.join(staticRoot, decodeURIComponent(url.slice(STATIC.length).split("?")[0]));
  } catch {
    return true; // Next answers what it cannot decode
  }
  if (!file.startsWith(staticRoot + path.sep)) return true;
  return (await fs.promises.stat(file).catch(() => null))?.isFile() ?? false;
}

function problem(res, status, code, title, detail, headers = {}) {
  res.writeHead(status, {
    "content-type": "application/problem+json",
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
    ...headers,
  });
  res.end(JSON.stringify({ type: `urn:sociedades-ia:problem:${code}`, title, status, detail, code }));
}

function toNext(req, res) {
  closeIfBodyUnread(req, res);
  refusals.watch(req, res);
  appendSocketAddress(req);
  routeBadge(req);
  if (!req.url?.startsWith(STATIC)) return handle(req, res);
  isStaticFile(req.url).then((found) =>
    found ? handle(req, res) : problem(res, 404, "not_found", "Not found", "No such file in this build."),
  );
}

// Until Next is ready (a build may take minutes): a 503 saying so.
let answer = (_req, res) =>
  problem(res, 503, "starting", "Starting", "The server is building or starting; try again shortly.", {
    "retry-after": "10",
  });
const server = createServer(timeouts, (req, res) => answer(req, res));
server.on("clientError", answerClientError);
server.keepAliveTimeout = 65_000;

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}

const claim = { port, hostname, command };
const refusal = (await claimDataDir(claim)) ?? (await listenOrRefuse(server, claim));
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
try {
  if (building) process.env.NEXT_DIST_DIR = await freshBuild();
  staticRoot = path.resolve(process.env.NEXT_DIST_DIR || ".next", "static");
  // Loaded only now: the build step may have installed node_modules afresh.
  const { default: next } = await import("next");
  const app = next({ dev: false, hostname, port });
  handle = app.getRequestHandler();
  await app.prepare();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
answer = (req, res) => {
  if (!refusals.answer(req, res, toNext)) toNext(req, res);
};
console.log(`> Ready on http://localhost:${port}`);
