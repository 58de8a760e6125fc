// Attack: someone who can read and write the store (the Upstash REST token, or the embedded store's
// directory) but holds no key edits what the service keeps there as its own statements, then uses
// the live API. Each edit is refused or reported, never believed, and the server logs an alarm:
// - a session header whose write-token hash is swapped for the hash of the attacker's own token
//   (a forged hash, an unsealed header, the attacker's own session's sealed header);
// - a stored idempotent answer edited to hand a retrying client a deploy link to another repository,
//   or the audit entry a stored answer names edited in its session;
// - a witness cosignature line injected beside the log's checkpoint.
// Both store backends.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  cosignerFromSeed,
  formatSignatureLine,
  KEY_TYPE_COSIGNATURE_V1,
  parseNote,
  signNote,
} from "@sociedades-ia/incorporate/tlog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_SCOPE } from "@/lib/identity/caller-scope";
import { parseSignerKey } from "@/lib/identity/note-key";
import { idempotencyKey } from "@/lib/incorporation/idempotency";
import type { Store } from "@/lib/store/types";
import { TYPICAL_INCORPORATION as TYPICAL } from "../support/fixtures";
import { embeddedTarget, type StoreTarget, upstashTarget, writeList } from "../support/store-target";
import { witnessKey } from "../support/tlog-keys";

const logKey = (sessionId: string) => `audit:${sessionId}:log`;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
// The embedded server restarts to have its store edited: generous on a busy machine.
const CASE_TIMEOUT_MS = 180_000;

// A witness that never answers: its cosignatures can only come from the store.
const WITNESS = witnessKey("witness.example/w1");
const ENV = {
  RATE_LIMIT_INCORPORATE: "1000/1m",
  RATE_LIMIT_PLAY: "1000/1m",
  // Witnesses know a log by a public name: the server refuses to start witnessed without one.
  TLOG_ORIGIN: "sociedades-ia.localhost/log",
  TLOG_WITNESSES: `${WITNESS.vkey} http://127.0.0.1:9/witness`,
  TLOG_WITNESS_QUORUM: "1",
  TLOG_WITNESS_INTERVAL: "1h",
  TLOG_WITNESS_TIMEOUT: "1s",
};
const WITNESS_STATUS_KEY = `tlog:witness:${WITNESS.vkey.split("+").slice(0, 2).join("+")}`;

describe.each([
  ["embedded", embeddedTarget],
  ["upstash", upstashTarget],
])("sealed state on the %s store, edited by hand", (storeName, makeTarget) => {
  let target: StoreTarget;
  beforeAll(async () => {
    target = await makeTarget(ENV);
  }, CASE_TIMEOUT_MS);
  afterAll(async () => {
    await target?.close();
  });

  async function incorporate(body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${target.url()}/api/auto-incorporate`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { res, text: await res.text() };
  }

  async function readLog(sessionId: string) {
    const res = await fetch(`${target.url()}/api/play/audit/${sessionId}?verify=1`);
    expect(res.status).toBe(200);
    return (await res.json()) as { entries: { seq: number }[]; verification: Record<string, unknown> };
  }

  /** A session created by an incorporation, and its write token. */
  async function newSession(_who: string, denominacion = TYPICAL.denominacion) {
    const sessionId = randomUUID(); // incorporations take UUID session ids
    const first = await incorporate({ ...TYPICAL, denominacion, sessionId });
    expect(first.res.status).toBe(200);
    return { sessionId, token: (JSON.parse(first.text) as { audit: { sessionToken: string } }).audit.sessionToken };
  }

  it(
    "a swapped session header takes no write: 409, nothing appended, an alarm, and reads report it",
    async () => {
      const attacker = await newSession("attacker", "Atacante Agentes SOCIEDAD-IA");
      const mine = randomBytes(32).toString("base64url");

      // Three forged headers, each naming a token the attacker holds, each on a victim of its own:
      // the embedded store is edited with its server stopped, so all three go in one edit.
      const forgeries: [string, (original: string, attackers: string) => string][] = [
        [
          "the token hash swapped, the seal left as it was",
          (original) => original.replace(/"tokenHash":"[0-9a-f]+"/, `"tokenHash":"${hashToken(mine)}"`),
        ],
        [
          "an unsealed header, as headers were written before sealing",
          () => JSON.stringify({ v: 1, tokenHash: hashToken(mine), createdAt: new Date().toISOString() }),
        ],
        ["the attacker's own session's sealed header", (_original, attackers) => attackers],
      ];
      type Forgery = (typeof forgeries)[number];
      const cases: {
        name: string;
        forge: Forgery[1];
        victim: { sessionId: string; token: string };
        before: Awaited<ReturnType<typeof readLog>>;
        token: string;
        original: string[];
      }[] = [];
      for (const [name, forge] of forgeries) {
        const victim = await newSession("victim", `Victima ${cases.length + 1} Agentes SOCIEDAD-IA`);
        const before = await readLog(victim.sessionId);
        expect(before.verification).toMatchObject({ header: "sealed", checkpoint: "valid", tampered: 0 });
        const token = name.startsWith("the attacker's") ? attacker.token : mine;
        cases.push({ name, forge, victim, before, token, original: [] });
      }
      await target.edit(async (store: Store) => {
        const [attackers] = await store.range(logKey(attacker.sessionId), 0, 0);
        for (const c of cases) {
          c.original = (await store.range(logKey(c.victim.sessionId), 0, -1)) as string[];
          await writeList(store, logKey(c.victim.sessionId), [
            c.forge(c.original[0] as string, attackers as string),
            ...c.original.slice(1),
          ]);
        }
      });

      for (const { name, victim, before, token } of cases) {
        const write = await incorporate(
          { ...TYPICAL, denominacion: "Mallory Agentes SOCIEDAD-IA", sessionId: victim.sessionId },
          { "x-session-token": token },
        );
        expect({ name, status: write.res.status }).toEqual({ name, status: 409 });
        expect(JSON.parse(write.text)).toMatchObject({ code: "audit_session_corrupt" });
        // The demo agent opens the session before it streams: refused there, before any tool runs.
        const play = await fetch(`${target.url()}/api/play`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-session-id": victim.sessionId, "x-session-token": token },
          body: JSON.stringify({
            messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "Validá el CUIT 20-17254359-7" }] }],
          }),
        });
        expect({ name, status: play.status }).toEqual({ name, status: 409 });
        expect(await play.json()).toMatchObject({ code: "audit_session_corrupt" });
        // The owner's own token is refused too: nothing is signed under a header the service cannot vouch for.
        const owner = await incorporate(
          { ...TYPICAL, sessionId: victim.sessionId, capitalSocial: 3000000 },
          {
            "x-session-token": victim.token,
          },
        );
        expect({ name, status: owner.res.status }).toEqual({ name, status: 409 });
        const read = await readLog(victim.sessionId);
        expect(read.entries).toEqual(before.entries);
        expect({ name, verification: read.verification }).toMatchObject({
          name,
          verification: { header: "invalid", tampered: 0 },
        });
        const badge = await (await fetch(`${target.url()}/api/badge/${victim.sessionId}`)).text();
        expect(badge).toContain("tampered");
        const page = await (await fetch(`${target.url()}/verify?session=${victim.sessionId}`)).text();
        expect(page).toContain("ADULTERADO");
        expect(target.output()).toContain(
          `[alarm] audit: session header fails its seal; write refused (${victim.sessionId})`,
        );
      }

      // The original headers put back: each log is exactly as its owner left it, and takes the owner's writes.
      await target.edit(async (store) => {
        for (const c of cases) await writeList(store, logKey(c.victim.sessionId), c.original);
      });
      for (const { name, victim, before } of cases) {
        const restored = await readLog(victim.sessionId);
        expect([name, restored.entries, restored.verification]).toEqual([name, before.entries, before.verification]);
        const after = await incorporate(
          { ...TYPICAL, sessionId: victim.sessionId, capitalSocial: 3000000 },
          {
            "x-session-token": victim.token,
          },
        );
        expect({ name, status: after.res.status }).toEqual({ name, status: 200 });
        expect((await readLog(victim.sessionId)).verification).toMatchObject({
          header: "sealed",
          total: 2,
          tampered: 0,
        });
      }
    },
    CASE_TIMEOUT_MS * 2,
  );

  it(
    "an edited idempotent answer, or an edit of the entry it names, is never replayed: 409 and an alarm",
    async () => {
      const key = `retry-${randomBytes(4).toString("hex")}`;
      const sessionId = randomUUID();
      const body = { ...TYPICAL, denominacion: "Phi Agentes SOCIEDAD-IA", sessionId };
      const first = await incorporate(body, { "idempotency-key": key });
      expect(first.res.status).toBe(200);
      const replay = await incorporate(body, { "idempotency-key": key });
      expect(replay.res.headers.get("idempotent-replayed")).toBe("true");
      const genuineLink = (JSON.parse(replay.text) as { deploy: { oneClickUrl: string } }).deploy.oneClickUrl;
      const entries = (await readLog(sessionId)).entries;
      // A second answer, whose slot stays as stored: its entry is edited instead.
      const otherKey = `${key}-b`;
      const other = { ...TYPICAL, denominacion: "Psi Agentes SOCIEDAD-IA", sessionId: randomUUID() };
      expect((await incorporate(other, { "idempotency-key": otherKey })).res.status).toBe(200);

      const slot = idempotencyKey(body, key, PUBLIC_SCOPE, target.url()).key;
      await target.edit(async (store) => {
        const items = await store.range(logKey(other.sessionId), 0, -1);
        expect(items).toHaveLength(2);
        await writeList(store, logKey(other.sessionId), [
          items[0] as string,
          (items[1] as string).replace("psi-agentes", "mallory-agentes"),
        ]);
        const raw = await store.get(slot);
        expect(raw).not.toBeNull();
        const stored = JSON.parse(raw as string) as { body: { ref: { starterRepo: string } } };
        stored.body.ref.starterRepo = "https://github.com/mallory/starter";
        await store.set(slot, JSON.stringify(stored));
      });
      const edited = await incorporate(body, { "idempotency-key": key });
      expect(edited.res.status).toBe(409);
      expect(edited.res.headers.get("content-type")).toContain("application/problem+json");
      expect(JSON.parse(edited.text)).toMatchObject({ code: "idempotent_answer_corrupt" });
      expect(edited.text).not.toContain("mallory");
      expect(target.output()).toContain("[alarm] incorporation: stored idempotent answer fails its seal");
      // The MCP tool replays the same stored answer (same request, same key): refused the same way.
      const mcp = await fetch(`${target.url()}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/call",
          "mcp-name": "incorporate",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: {
            name: "incorporate",
            arguments: { request: body, idempotencyKey: key },
            _meta: {
              "io.modelcontextprotocol/protocolVersion": "2026-07-28",
              "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
              "io.modelcontextprotocol/clientCapabilities": {},
            },
          },
        }),
      });
      const tool = (await mcp.json()) as { result: { isError?: boolean; content: { text: string }[] } };
      expect(tool.result.isError).toBe(true);
      expect(tool.result.content[0]?.text).toMatch(/^idempotent_answer_corrupt: /);
      expect(JSON.stringify(tool)).not.toContain("mallory");
      expect((await readLog(sessionId)).entries).toEqual(entries);
      // The stored answer of the other request still holds its seal, but the entry it names changed.
      const otherReplay = await incorporate(other, { "idempotency-key": otherKey });
      expect(otherReplay.res.status).toBe(409);
      expect(JSON.parse(otherReplay.text)).toMatchObject({ code: "idempotent_answer_corrupt" });
      expect(otherReplay.text).not.toContain("mallory");
      expect(target.output()).toContain("[alarm] incorporation: a stored answer names entry 0");
      // The genuine answer was a link to the configured starter, as the edit would have changed.
      expect(genuineLink).not.toContain("mallory");
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "an injected witness cosignature is never served nor counted; a genuine one is",
    async () => {
      const checkpointNow = async () => (await fetch(`${target.url()}/log/checkpoint`)).text();
      const note = await checkpointNow();
      const { text } = parseNote(note);
      const parsed = parseSignerKey(WITNESS.skey, KEY_TYPE_COSIGNATURE_V1);
      if (typeof parsed === "string") throw new Error(parsed);
      const genuine = await cosignerFromSeed(WITNESS.name, parsed.seed);
      const genuineLines = parseNote(await signNote(text, genuine))
        .signatures.map(formatSignatureLine)
        .join("");
      const stranger = await cosignerFromSeed(WITNESS.name, randomBytes(32));
      const strangerLines = parseNote(await signNote(text, stranger))
        .signatures.map(formatSignatureLine)
        .join("");
      // The witness's own name and key id, with a signature made by nobody.
      const [, keyIdAndSig] = /^— \S+ (\S+)\n$/.exec(genuineLines) as RegExpExecArray;
      const bytes = Buffer.from(keyIdAndSig as string, "base64");
      bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
      const flippedLines = `— ${WITNESS.name} ${bytes.toString("base64")}\n`;
      const status = (lines: string) =>
        JSON.stringify({
          size: 0,
          cosigned: { size: 1, text, lines, at: new Date().toISOString() },
          error: null,
          checkedAt: new Date().toISOString(),
        });

      const cases = [
        ["a signature bit flipped", flippedLines],
        ["signed by another key under the witness's name", strangerLines],
        ["a genuine line with a forged one after it", `${genuineLines}${flippedLines}`],
      ] as const;
      for (const [i, [name, lines]] of cases.entries()) {
        const logged = target.output().length;
        await target.edit((store) => store.set(WITNESS_STATUS_KEY, status(lines)));
        const served = await checkpointNow();
        expect({ name, served }).toEqual({ name, served: note });
        const health = (await (await fetch(`${target.url()}/api/health`)).json()) as {
          witnesses: { cosigned: number };
        };
        expect({ name, cosigned: health.witnesses.cosigned }).toEqual({ name, cosigned: 0 });
        // Each case's own alarm, in what the server logged since the case began. A server that keeps
        // running (Upstash: an edit needs no restart) logs one alarm per subject and minute, so
        // there only the first case can show a new line; the embedded server restarts on each edit.
        if (storeName === "embedded" || i === 0) {
          expect({ name, logged: target.output().slice(logged) }).toEqual({
            name,
            logged: expect.stringContaining("[alarm] tlog: stored witness cosignature fails verification; dropped"),
          });
        }
      }
      // A cosignature the witness did make is served beside the checkpoint, and counted.
      await target.edit((store) => store.set(WITNESS_STATUS_KEY, status(genuineLines)));
      expect(await checkpointNow()).toBe(`${note}${genuineLines}`);
      const health = (await (await fetch(`${target.url()}/api/health`)).json()) as { witnesses: { cosigned: number } };
      expect(health.witnesses.cosigned).toBe(1);
    },
    CASE_TIMEOUT_MS * 2,
  );
});
