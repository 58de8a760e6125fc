// audit_verify through the official MCP client, on a log with one witness: before the witness runs
// the session reads "not witnessed yet", once it cosigns "verified", and a session cut in the store
// (attack-log-index.test.ts) reads failed, whatever the witnesses say.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, freePort, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { embeddedTarget, type StoreTarget, writeList } from "../support/store-target";
import { logKey, witnessKey } from "../support/tlog-keys";

// biome-ignore lint/suspicious/noExplicitAny: MCP results are walked freely.
type Json = Record<string, any>;

const TIMEOUT_MS = 180_000;
const log = logKey("verify.example/log");
const witness = witnessKey("verify.example/witness");
let witnessPort: number;
let target: StoreTarget;
let witnessApp: AppServer | null = null;
let names = 0;

beforeAll(async () => {
  witnessPort = await freePort();
  // The witness is configured but not running yet: nothing can cosign.
  target = await embeddedTarget({
    RATE_LIMIT_INCORPORATE: "1000/1h",
    TLOG_ORIGIN: log.origin,
    TLOG_SIGNING_KEY: log.skey,
    TLOG_WITNESSES: `${witness.vkey} http://127.0.0.1:${witnessPort}/witness`,
    TLOG_WITNESS_INTERVAL: "200ms",
    TLOG_WITNESS_TIMEOUT: "5s",
  });
}, TIMEOUT_MS);
afterAll(async () => {
  await witnessApp?.stop();
  await target?.close();
});

async function incorporate(session?: { sessionId: string; token: string }) {
  const res = await fetch(`${target.url()}/api/auto-incorporate`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(session ? { "x-session-token": session.token } : {}) },
    body: JSON.stringify({
      ...TYPICAL_INCORPORATION,
      denominacion: `Verificada ${names++} Agentes SOCIEDAD-IA`,
      ...(session ? { sessionId: session.sessionId } : {}),
    }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Json;
  return { sessionId: body.audit.sessionId as string, token: (session?.token ?? body.audit.sessionToken) as string };
}

async function verify(sessionId: string, lang: "es" | "en") {
  const client = new Client({ name: "mcp-verify-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${target.url()}/mcp`)));
  try {
    const result = (await client.callTool({ name: "audit_verify", arguments: { sessionId, lang } })) as Json;
    expect(result.isError).toBeFalsy();
    const text = (result.content as Json[]).map((c) => c.text).join("\n");
    return { text, summary: text.split("\n")[0] as string, data: result.structuredContent as Json };
  } finally {
    await client.close();
  }
}

/** Waits until the log integrated the session's head and its index names it. */
async function integrated(sessionId: string) {
  for (let i = 0; i < 300; i++) {
    const read = (await (await fetch(`${target.url()}/api/play/audit/${sessionId}?verify=1`)).json()) as Json;
    if (read.verification.index.status === "latest" && read.transparency?.inclusion) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`session ${sessionId} was never integrated`);
}

const statuses = (data: Json) => Object.fromEntries((data.checks.lines as Json[]).map((l) => [l.check, l.status]));

describe("audit_verify against the witness policy", () => {
  it(
    "reads not witnessed yet while the witness is stopped, then verified once it cosigns",
    async () => {
      const s = await incorporate();
      await integrated(s.sessionId);
      const en = await verify(s.sessionId, "en");
      expect(en.data.checks.verdict).toBe("not_witnessed");
      expect(en.summary).toMatch(/NOT WITNESSED YET/);
      expect(en.summary).not.toMatch(/VERIFIED/);
      expect(en.summary).toMatch(/Witnesses: not witnessed yet, 0 of the 1 cosignatures/);
      expect(statuses(en.data)).toEqual({ entries: "pass", log: "pass", latest: "pass", witnesses: "pending" });
      expect(en.data.verification.witnesses).toMatchObject({ meets: false, quorum: 1, contradiction: false });
      const es = await verify(s.sessionId, "es");
      expect(es.summary).toMatch(/TODAVÍA NO ATESTIGUADO/);
      expect(es.summary).toMatch(/Testigos: todavía no atestiguado/);

      witnessApp = await startApp({
        port: witnessPort,
        env: {
          TLOG_ORIGIN: "verify.example/witness-log",
          WITNESS_SIGNING_KEY: witness.skey,
          WITNESS_LOGS: `${log.origin} ${log.vkey}`,
        },
      });
      // The witness loop asks every 200 ms; each answer is read until the cosignature is there.
      let read = await verify(s.sessionId, "en");
      for (let i = 0; read.data.checks.verdict !== "verified" && i < 300; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        read = await verify(s.sessionId, "en");
      }
      expect(read.data.checks.verdict).toBe("verified");
      expect(read.summary).toMatch(/^Session \S+: VERIFIED: every check passed\./);
      expect(read.summary).toMatch(/Witnesses: the checkpoint has 1 of the 1 cosignatures the policy requires/);
      expect(statuses(read.data)).toEqual({ entries: "pass", log: "pass", latest: "pass", witnesses: "pass" });
      expect((await verify(s.sessionId, "es")).summary).toMatch(/VERIFICADO: todas las comprobaciones pasaron/);
    },
    TIMEOUT_MS,
  );

  it(
    "reads failed for a session cut in the store, with the witness running",
    async () => {
      const s = await incorporate();
      await incorporate(s);
      const keys = (id: string) => ({
        log: `audit:${id}:log`,
        cps: `audit:${id}:checkpoints`,
        sum: `audit:${id}:summary`,
      });
      const k = keys(s.sessionId);
      const saved = await target.edit(async (store) => ({
        log: await store.range(k.log, 0, -1),
        checkpoints: await store.range(k.cps, 0, -1),
        summary: await store.get(k.sum),
      }));
      await incorporate(s);
      await integrated(s.sessionId);
      await target.edit(async (store) => {
        await writeList(store, k.log, saved.log);
        await writeList(store, k.cps, saved.checkpoints);
        await store.set(k.sum, saved.summary as string);
      });
      for (const lang of ["en", "es"] as const) {
        const read = await verify(s.sessionId, lang);
        expect(read.data.count).toBe(2);
        expect(read.data.checks.verdict).toBe("failed");
        expect(read.summary).toMatch(lang === "en" ? /FAILED: something contradicts this audit log/ : /FALLÓ/);
        expect(read.summary).toMatch(
          lang === "en" ? /Complete: NO\. the log's index holds a later entry/ : /Completa: NO/,
        );
        expect(statuses(read.data).latest).toBe("fail");
        expect(read.data.verification.index.status).toBe("cut");
      }
    },
    TIMEOUT_MS,
  );
});
