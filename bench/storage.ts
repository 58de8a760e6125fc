// The storage bench, run by hand: `npm run bench:storage`. Bytes the embedded store keeps on disk
// per incorporation and per demo tool call, written through the service's own code in this process
// (no HTTP), on a fresh DATA_DIR:
// - `--incorporations` incorporations (each in a session of its own, as an agent's first call is),
//   then `--tool-calls` demo tool calls in sessions of `--session-entries` entries (validar_cuit's
//   real output, as /api/play records it);
// - each phase's bytes as written and after a compaction (the store reopened), the whole DATA_DIR
//   (log and tile files) counted, and the compacted log split by what its keys hold.
// Figures for docs/performance.md (Storage).
//
//   npm run bench:storage [-- --incorporations 300 --tool-calls 3000 --session-entries 100]
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { appendAuditEvent } from "../lib/audit/log";
import { PUBLIC_SCOPE } from "../lib/identity/caller-scope";
import { incorporate } from "../lib/incorporation/incorporate";
import { playTools } from "../lib/play/tools";
import { getStore } from "../lib/store";
import type { EmbeddedStore } from "../lib/store/embedded";
import { logRecords } from "../lib/store/log-blocks";
import { integrate } from "../lib/tlog/integrate";
import { compactNow } from "../tests/support/compact-store";
import { applyEnv } from "../tests/support/upstash-stack";
import { machineLine } from "./support/machine";
import { incorporationBody } from "./support/speed-fixtures";

const { values: args } = parseArgs({
  options: {
    incorporations: { type: "string", default: "300" },
    "tool-calls": { type: "string", default: "3000" },
    "session-entries": { type: "string", default: "100" },
  },
});
const INCORPORATIONS = Number(args.incorporations);
const TOOL_CALLS = Number(args["tool-calls"]);
const SESSION_ENTRIES = Number(args["session-entries"]);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sia-storage-bench-"));
const logFile = path.join(dataDir, "store.log");

/** Bytes of every file under DATA_DIR that holds data (the log and the tile store; not keys or locks). */
function dataBytes(dir = dataDir): number {
  let total = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) total += dataBytes(full);
    else if (full === logFile || dir !== dataDir) total += fs.statSync(full).size;
  }
  return total;
}

/** Closes the process's store and opens it again, which compacts the log; returns DATA_DIR's bytes. */
async function compacted(): Promise<number> {
  await integrate(getStore());
  await (getStore() as EmbeddedStore).close();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("sia.store")];
  // Open compacts only a log mostly of dead lines: this one is compacted whatever it holds.
  compactNow(getStore() as EmbeddedStore);
  return dataBytes();
}

/** What a key holds, with its ids taken out: `audit:{uuid}:log`, `registry/{id}`. */
function kindOf(op: Record<string, unknown>): string {
  const name = typeof op.k === "string" ? op.k : `${op.c}/${op.id ? "{id}" : ""}`;
  return name
    .replace(/^tlog:ix4:\d+:.*/, "tlog:ix-four (per-session index nodes)")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "{uuid}")
    .replace(/[0-9a-f]{32,}/g, "{hash}")
    .replace(/\d+/g, "{n}");
}

/** The compacted log's bytes by kind of key (each line's JSON, its checksum and newline spread over its ops). */
function breakdown(): Map<string, number> {
  const byKind = new Map<string, number>();
  const add = (op: Record<string, unknown>, bytes: number) => {
    if (op.o === "b") {
      const ops = op.ops as Record<string, unknown>[];
      const sizes = ops.map((inner) => Buffer.byteLength(JSON.stringify(inner)) + 1);
      const total = sizes.reduce((a, b) => a + b, 0);
      for (const [i, inner] of ops.entries()) add(inner, (bytes * (sizes[i] as number)) / total);
      return;
    }
    byKind.set(kindOf(op), (byKind.get(kindOf(op)) ?? 0) + bytes);
  };
  // A compressed block's bytes are shared among its ops by their uncompressed sizes.
  for (const record of logRecords(fs.readFileSync(logFile))) {
    const raw = record.ops.reduce((sum, { rawBytes }) => sum + rawBytes, 0);
    for (const { op, rawBytes } of record.ops) add(op, (record.bytes * rawBytes) / raw);
  }
  let tiles = 0;
  for (const item of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (item.isDirectory()) tiles += dataBytes(path.join(dataDir, item.name));
  }
  if (tiles > 0) byKind.set("tile store (files)", tiles);
  return byKind;
}

function printBreakdown(before: Map<string, number>, count: number, what: string) {
  const after = breakdown();
  const rows = [...after]
    .map(([kind, bytes]) => [kind, (bytes - (before.get(kind) ?? 0)) / count] as const)
    .filter(([, bytes]) => Math.abs(bytes) >= 1)
    .sort((a, b) => b[1] - a[1]);
  console.log(`  per ${what}, by key:`);
  for (const [kind, bytes] of rows) console.log(`    ${bytes.toFixed(0).padStart(6)}  ${kind}`);
  return after;
}

/** A new company's incorporation, in a session of its own, as an agent's first call makes it. */
const incorporateOne = (n: number) =>
  incorporate({
    body: JSON.parse(incorporationBody(n)),
    lang: "es",
    baseUrl: "http://localhost:3000",
    actor: "ip:bench",
    scope: PUBLIC_SCOPE,
    sessionToken: null,
    idempotencyKey: null,
  });

const validarCuit = playTools.validar_cuit.execute as (input: { cuit: string }) => unknown;

console.log(`storage bench: ${machineLine()}; data dir ${dataDir}`);
const restore = applyEnv({ DATA_DIR: dataDir });
try {
  // The seeded records and the first checkpoint are the store's, not an incorporation's.
  await incorporateOne(-1);
  const start = await compacted();
  const startKinds = breakdown();

  let written = dataBytes();
  for (let n = 0; n < INCORPORATIONS; n++) await incorporateOne(n);
  written = dataBytes() - start;
  const afterIncorporations = await compacted();
  console.log(
    `${INCORPORATIONS} incorporations: ${(written / INCORPORATIONS).toFixed(0)} bytes each as written, ${((afterIncorporations - start) / INCORPORATIONS).toFixed(0)} after a compaction`,
  );
  const incorporationKinds = printBreakdown(startKinds, INCORPORATIONS, "incorporation");

  const before = dataBytes();
  let token: string | null = null;
  let sessionId = "";
  for (let n = 0; n < TOOL_CALLS; n++) {
    if (n % SESSION_ENTRIES === 0) {
      sessionId = randomUUID();
      token = null;
    }
    const cuit = `20-${String(10_000_000 + n).padStart(8, "0")}-0`;
    const out = await appendAuditEvent({
      sessionId,
      sessionToken: token,
      event: {
        kind: "tool-call",
        action: "validar_cuit",
        actor: "ip:0123456789abcdef",
        input: { cuit },
        output: validarCuit({ cuit }),
        outcome: "ok",
      },
    });
    token ??= out.sessionToken;
  }
  const toolWritten = dataBytes() - before;
  const afterToolCalls = await compacted();
  console.log(
    `${TOOL_CALLS} demo tool calls (${SESSION_ENTRIES} a session): ${(toolWritten / TOOL_CALLS).toFixed(0)} bytes each as written, ${((afterToolCalls - afterIncorporations) / TOOL_CALLS).toFixed(0)} after a compaction`,
  );
  printBreakdown(incorporationKinds, TOOL_CALLS, "tool call");
} finally {
  await (getStore() as EmbeddedStore).close();
  restore();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
