#!/usr/bin/env node
/**
 * Test-only HTTP server that speaks Upstash's REST protocol and forwards to a real redis-server, so the
 * Upstash backend is tested against real Redis semantics. Plain JavaScript so it also runs standalone
 * on Node 20 (no TypeScript loader there); tests import it through upstash-bridge.ts.
 *
 *   node tests/support/upstash-bridge-cli.mjs --redis redis://127.0.0.1:6380 --token secret [--port 8079]
 *
 * prints one JSON line `{"url": ..., "token": ...}` once it listens, and runs until SIGINT/SIGTERM.
 * Never expose it: it is a test fixture, not a production proxy.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createClient, ErrorReply, MultiErrorReply } from "redis";

const MAX_BODY_BYTES = 64 * 1024 * 1024;
// Upstash-only script flags that a real Redis refuses ("Unexpected flag in script shebang").
const UPSTASH_ONLY_FLAGS = new Set(["allow-key-locking"]);

const sha1 = (text) => createHash("sha1").update(text, "utf8").digest("hex");

/** Drops Upstash-only flags from a `#!lua flags=...` first line; returns null when nothing changes. */
function stripUpstashFlags(script) {
  const match = /^#!lua([^\n]*)/.exec(script);
  if (!match) return null;
  const flagsMatch = /(?:^|\s)flags=(\S*)/.exec(match[1]);
  if (!flagsMatch) return null;
  const flags = flagsMatch[1].split(",").filter((f) => f !== "");
  const kept = flags.filter((f) => !UPSTASH_ONLY_FLAGS.has(f));
  if (kept.length === flags.length) return null;
  // An empty first line keeps line numbers in Redis error messages pointing at the caller's script.
  const shebang = kept.length > 0 ? `#!lua flags=${kept.join(",")}` : "";
  return shebang + script.slice(match[0].length);
}

/** Every string in a reply, nested too, as base64 of its UTF-8 bytes; numbers and nulls unchanged. */
function encodeReply(value, base64) {
  if (Array.isArray(value)) return value.map((v) => encodeReply(v, base64));
  if (typeof value === "string") return base64 ? Buffer.from(value, "utf8").toString("base64") : value;
  if (Buffer.isBuffer(value)) return base64 ? value.toString("base64") : value.toString("utf8");
  return value ?? null;
}

class BadRequest extends Error {}

function parseCommand(raw) {
  if (!Array.isArray(raw) || raw.length === 0) throw new BadRequest("ERR a command is a non-empty JSON array");
  return raw.map((arg) => {
    if (typeof arg === "string") return arg;
    if (typeof arg === "number" || typeof arg === "boolean") return String(arg);
    throw new BadRequest("ERR command arguments must be strings or numbers");
  });
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BadRequest("ERR request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  res.end(json);
}

/**
 * Starts the bridge on `host:port` (port 0 picks a free one). Answers 503 while Redis is unreachable,
 * so the client throws, which is how tests simulate "store down".
 */
export async function startUpstashBridge({ redisUrl, token, port = 0, host = "127.0.0.1" }) {
  if (!token) throw new Error("startUpstashBridge: a token is required");
  const expectedAuth = Buffer.from(`Bearer ${token}`, "utf8");
  let connectedOnce = false;
  const redis = createClient({
    url: redisUrl,
    RESP: 2, // Upstash's flat reply shapes (HGETALL as a flat array)
    disableOfflineQueue: true, // fail fast while Redis is down instead of queueing
    socket: {
      connectTimeout: 2000,
      // Once up, keep reconnecting for as long as it takes (tests restart Redis); a Redis that never
      // answered within about 2 s is a configuration error.
      reconnectStrategy: (retries, cause) => (connectedOnce || retries < 20 ? 100 : cause),
    },
  });
  // Connection errors surface as 503s on requests; the client keeps reconnecting on its own.
  redis.on("error", () => {});
  redis.on("ready", () => {
    connectedOnce = true;
  });
  try {
    await redis.connect();
  } catch (error) {
    throw new Error(
      `cannot reach Redis at ${new URL(redisUrl).host}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  const rewrittenSha = new Map(); // sha1 of an Upstash-flagged script -> sha1 of the script Redis runs
  const stats = { requests: 0, commands: 0 };
  /** Commands by name (a script by its first 8 hex digits), for a test to say what it counted. */
  const byName = new Map();

  /** Rewrites scripts for real Redis; `restore` maps the reply back to what Upstash would answer. */
  function translate(args) {
    const name = args[0].toUpperCase();
    if ((name === "EVAL" || name === "EVAL_RO") && args.length > 1) {
      const stripped = stripUpstashFlags(args[1]);
      if (stripped === null) return { args };
      rewrittenSha.set(sha1(args[1]), sha1(stripped));
      return { args: [args[0], stripped, ...args.slice(2)] };
    }
    if ((name === "EVALSHA" || name === "EVALSHA_RO") && args.length > 1) {
      const mapped = rewrittenSha.get(args[1].toLowerCase());
      return mapped ? { args: [args[0], mapped, ...args.slice(2)] } : { args };
    }
    if (name === "SCRIPT" && args.length > 2 && args[1].toUpperCase() === "LOAD") {
      const stripped = stripUpstashFlags(args[2]);
      if (stripped === null) return { args };
      const original = sha1(args[2]);
      rewrittenSha.set(original, sha1(stripped));
      return { args: [args[0], args[1], stripped], restore: () => original };
    }
    if (name === "SCRIPT" && args.length > 2 && args[1].toUpperCase() === "EXISTS") {
      const shas = args.slice(2).map((s) => rewrittenSha.get(s.toLowerCase()) ?? s);
      return { args: [args[0], args[1], ...shas] };
    }
    return { args };
  }

  async function runOne(args) {
    const { args: sent, restore } = translate(args);
    const reply = await redis.sendCommand(sent);
    return restore ? restore(reply) : reply;
  }

  async function runTransaction(commands) {
    const translated = commands.map(translate);
    const multi = redis.multi();
    for (const t of translated) multi.addCommand(t.args);
    try {
      const replies = await multi.exec();
      return replies.map((reply, i) => ({ result: translated[i]?.restore ? translated[i].restore(reply) : reply }));
    } catch (error) {
      if (error instanceof MultiErrorReply) {
        return error.replies.map((reply) =>
          reply instanceof ErrorReply ? { error: reply.message } : { result: reply },
        );
      }
      // Rejected while queueing (EXECABORT): nothing ran, every command reports the error.
      if (error instanceof ErrorReply) return commands.map(() => ({ error: error.message }));
      throw error;
    }
  }

  let loseScriptReplies = 0;
  // Scripts that only read (their text starts "-- read-only"): losing a reply is for writes.
  const readOnlyShas = new Set();
  function isWriteScript(command) {
    const name = String(command?.[0]).toUpperCase();
    if (name === "EVAL" || name === "EVAL_RO") {
      if (!String(command[1]).startsWith("-- read-only")) return true;
      readOnlyShas.add(sha1(String(command[1])));
      return false;
    }
    return name.startsWith("EVALSHA") && !readOnlyShas.has(String(command[1]).toLowerCase());
  }

  async function handle(req, res) {
    if (!req.url?.startsWith("/_stats")) stats.requests += 1;
    if (req.method !== "POST") return send(res, 405, { error: "ERR only POST is supported" });
    const auth = Buffer.from(req.headers.authorization ?? "", "utf8");
    if (auth.length !== expectedAuth.length || !timingSafeEqual(auth, expectedAuth)) {
      return send(res, 401, { error: "Unauthorized" });
    }
    const path = new URL(req.url ?? "/", "http://bridge").pathname.replace(/\/+$/, "") || "/";
    // The counts, for a benchmark that runs the bridge in its own process (not a Redis command).
    if (path === "/_stats") return send(res, 200, { ...stats, byName: Object.fromEntries(byName) });
    if (path !== "/" && path !== "/pipeline" && path !== "/multi-exec") {
      return send(res, 404, { error: `ERR unknown path ${path}` });
    }
    const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";

    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      return send(res, 400, { error: error instanceof BadRequest ? error.message : "ERR failed to parse JSON body" });
    }
    let commands;
    try {
      if (path === "/") commands = [parseCommand(body)];
      else if (Array.isArray(body) && body.length > 0) commands = body.map(parseCommand);
      else throw new BadRequest("ERR a batch is a non-empty JSON array of commands");
    } catch (error) {
      return send(res, 400, { error: error instanceof BadRequest ? error.message : "ERR bad request" });
    }
    stats.commands += commands.length;
    for (const command of commands) {
      const name = command[0].toUpperCase();
      const label = name.startsWith("EVAL") ? `${name} ${String(command[1]).slice(0, 8)}` : name;
      byName.set(label, (byName.get(label) ?? 0) + 1);
    }
    if (!redis.isReady) return send(res, 503, { error: "ERR redis is unreachable" });
    const writeScript = commands.length === 1 && isWriteScript(commands[0]);
    if (loseScriptReplies > 0 && writeScript) {
      // Run it, then cut the connection without a word: the write happened, its answer is lost. A
      // script Redis did not know yet (NOSCRIPT: nothing ran) is answered normally below instead.
      const ran = await runOne(commands[0]).then(
        () => true,
        (error) => !/^NOSCRIPT/.test(String(error?.message)),
      );
      if (ran) {
        loseScriptReplies -= 1;
        res.socket?.destroy();
        return;
      }
    }
    try {
      if (path === "/") {
        try {
          return send(res, 200, { result: encodeReply(await runOne(commands[0]), base64) });
        } catch (error) {
          // Upstash answers a failing single command with a non-2xx status; the client throws on it.
          if (error instanceof ErrorReply) return send(res, 400, { error: error.message });
          throw error;
        }
      }
      const replies =
        path === "/pipeline"
          ? await Promise.allSettled(commands.map(runOne)).then((settled) =>
              settled.map((s) => {
                if (s.status === "fulfilled") return { result: s.value };
                if (s.reason instanceof ErrorReply) return { error: s.reason.message };
                throw s.reason;
              }),
            )
          : await runTransaction(commands);
      return send(
        res,
        200,
        replies.map((r) => ("error" in r ? { error: r.error } : { result: encodeReply(r.result, base64) })),
      );
    } catch {
      // Anything but a Redis error reply means the connection failed mid-request.
      return send(res, 503, { error: "ERR redis is unreachable" });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: "ERR bridge failure" });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const url = `http://${host}:${address.port}`;

  let closed = false;
  return {
    url,
    token,
    stats: () => ({ ...stats, byName: Object.fromEntries(byName) }),
    loseNextScriptReply() {
      loseScriptReplies += 1;
    },
    async close() {
      if (closed) return;
      closed = true;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
      await redis.close().catch(() => redis.destroy());
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      redis: { type: "string", default: process.env.REDIS_URL },
      token: { type: "string", default: process.env.BRIDGE_TOKEN },
      port: { type: "string", default: process.env.BRIDGE_PORT ?? "0" },
    },
  });
  if (!values.redis || !values.token) {
    console.error("usage: upstash-bridge-cli.mjs --redis redis://127.0.0.1:PORT --token TOKEN [--port N]");
    process.exit(2);
  }
  const bridge = await startUpstashBridge({ redisUrl: values.redis, token: values.token, port: Number(values.port) });
  console.log(JSON.stringify({ url: bridge.url, token: bridge.token }));
  const stop = () => bridge.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`upstash bridge: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
