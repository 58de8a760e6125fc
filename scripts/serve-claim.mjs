// What the server takes before it installs, builds or loads anything: the embedded store's DATA_DIR
// and its port. A second instance of this clone stops here, having changed nothing, with the command
// that would serve beside the first.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { parseEnv } from "node:util";
import { reserveDirLock } from "./dir-lock.mjs";

// The files Next loads in production, first one wins; the environment wins over all of them.
const ENV_FILES = [".env.production.local", ".env.local", ".env.production", ".env"];

function envValue(name) {
  if (process.env[name]) return process.env[name];
  for (const file of ENV_FILES) {
    let value;
    try {
      value = parseEnv(fs.readFileSync(file, "utf8"))[name];
    } catch {}
    if (value) return value;
  }
  return undefined;
}

function canListen(port, hostname) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, hostname, () => probe.close(() => resolve(true)));
  });
}

async function freePortAfter(port, hostname) {
  for (let p = port + 1; p < Math.min(port + 100, 65536); p++) if (await canListen(p, hostname)) return p;
  return port + 1;
}

/**
 * Takes DATA_DIR's lock for the store to adopt once Next loads it (lib/config chooses the embedded
 * store the same way: no Upstash URL). Returns a refusal to print when another process holds it.
 */
export async function claimDataDir({ port, hostname, command }) {
  if (envValue("UPSTASH_REDIS_REST_URL") || envValue("KV_REST_API_URL")) return null;
  const dataDir = envValue("DATA_DIR") ?? ".data";
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  try {
    reserveDirLock(path.join(dir, "store.lock"), dir);
    return null;
  } catch (err) {
    if (err.code !== "EDIRLOCKED") throw err;
    const other = await freePortAfter(port, hostname);
    return (
      `Not starting: DATA_DIR ${dataDir} is in use by process ${err.holderPid} (another server of this ` +
      "clone?). Nothing was built or changed.\nTo serve a second instance beside it, give it its own data " +
      `and port:\n  DATA_DIR=${dataDir.replace(/\/+$/, "")}-${other} PORT=${other} ${command}`
    );
  }
}

/** Listens on the port; returns a refusal to print when it is taken. */
export async function listenOrRefuse(server, { port, hostname, command }) {
  const failure = await new Promise((resolve) => {
    server.once("error", resolve);
    server.listen(port, hostname, () => {
      server.off("error", resolve);
      resolve(null);
    });
  });
  if (!failure) return null;
  if (failure.code !== "EADDRINUSE") return `Not starting: cannot listen on ${hostname}:${port}: ${failure.message}`;
  const other = await freePortAfter(port, hostname);
  return (
    `Not starting: port ${port} is in use (another server of this clone?). Nothing was built or ` +
    `changed.\nTo serve beside it, choose another port:\n  PORT=${other} ${command}`
  );
}
