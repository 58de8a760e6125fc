// Attack: writing into someone else's audit session. Every write to an existing session needs its
// own write token; each forged, borrowed or missing token is a 403 and the session stays as it was.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { auditEntries } from "../support/attack-client";
import { TYPICAL_INCORPORATION as TYPICAL } from "../support/fixtures";

let app: AppServer;
beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMIT_INCORPORATE: "1000/1m", RATE_LIMIT_PLAY: "1000/1m" } });
});
afterAll(async () => {
  await app?.stop();
});

// Incorporations take UUID session ids; the name only says whose it is where the test reads it.
const sid = (_name: string) => randomUUID();

async function incorporate(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/api/auto-incorporate`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { res, body: await res.json() };
}

async function play(headers: Record<string, string>) {
  const res = await fetch(`${app.url}/api/play`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({
      messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "Validá el CUIT 20-17254359-7" }] }],
    }),
  });
  return { res, text: await res.text() };
}

/** A token of the right shape (32 random bytes, base64url) that belongs to nothing. */
const randomToken = () => randomBytes(32).toString("base64url");
/** The same token with its first character changed: right shape, one character off. */
const oneOff = (token: string) => token.replace(/^./, (c) => (c === "A" ? "B" : "A"));
/** The same token with its letters' case swapped. */
const caseSwapped = (token: string) =>
  token.replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));

describe("forged or missing session write tokens", () => {
  let victim: { sessionId: string; token: string };
  let attacker: { sessionId: string; token: string };
  let playVictim: { sessionId: string; token: string };

  beforeAll(async () => {
    const a = await incorporate({ ...TYPICAL, sessionId: sid("victim") });
    const b = await incorporate({
      ...TYPICAL,
      denominacion: "Atacante Agentes SOCIEDAD-IA",
      sessionId: sid("attacker"),
    });
    const p = await play({ "x-session-id": sid("play-victim") });
    expect([a.res.status, b.res.status, p.res.status]).toEqual([200, 200, 200]);
    victim = { sessionId: a.body.audit.sessionId, token: a.body.audit.sessionToken };
    attacker = { sessionId: b.body.audit.sessionId, token: b.body.audit.sessionToken };
    playVictim = {
      sessionId: p.res.headers.get("x-session-id") as string,
      token: p.res.headers.get("x-session-token") as string,
    };
  });

  /** Each way of presenting something other than `target`'s own token; `other` belongs to another session. */
  const forgeries = (target: string, other: string): [string, Record<string, string>, string][] => [
    ["no token", {}, "session_token_required"],
    ["an empty token", { "x-session-token": "" }, "session_token_required"],
    ["a random token of the right shape", { "x-session-token": randomToken() }, "session_token_invalid"],
    ["the token one character off", { "x-session-token": oneOff(target) }, "session_token_invalid"],
    ["the token with its case swapped", { "x-session-token": caseSwapped(target) }, "session_token_invalid"],
    ["the token of another session", { "x-session-token": other }, "session_token_invalid"],
    ["a hash-shaped value", { "x-session-token": "0".repeat(64) }, "session_token_invalid"],
    ["the right token in another header", { authorization: `Bearer ${target}` }, "session_token_required"],
  ];

  it("POST /api/auto-incorporate into someone else's session: 403 for each, the log unchanged, the owner unaffected", async () => {
    const before = await auditEntries(app.url, victim.sessionId);
    // Exactly the body the owner sends next: a refused attempt must not leave an idempotent answer behind.
    const next = { ...TYPICAL, denominacion: "Segunda Agentes SOCIEDAD-IA", sessionId: victim.sessionId };
    const cases = [
      ...forgeries(victim.token, attacker.token),
      ["the token of a demo session", { "x-session-token": playVictim.token }, "session_token_invalid"] as const,
    ];
    for (const [name, headers, code] of cases) {
      const { res, body } = await incorporate(next, headers);
      expect(res.status, name).toBe(403);
      expect(res.headers.get("content-type"), name).toBe("application/problem+json");
      expect(body, name).toMatchObject({ code, status: 403 });
      expect(res.headers.get("x-session-token"), name).toBeNull();
    }
    // A request that would be rejected (422) is not audited into the session either.
    const invalid = await incorporate({ ...next, capitalSocial: 10 });
    expect(invalid.res.status).toBe(403);
    expect(await auditEntries(app.url, victim.sessionId)).toEqual(before);

    const owner = await incorporate(next, { "x-session-token": victim.token });
    expect(owner.res.status).toBe(200);
    expect(owner.res.headers.get("idempotent-replayed")).toBeNull();
    expect(owner.body.audit.entry.seq).toBe(before.length);
  });

  it("POST /api/play into someone else's session: 403 before any stream, no entry, the owner unaffected", async () => {
    const before = await auditEntries(app.url, playVictim.sessionId);
    const cases = forgeries(playVictim.token, victim.token);
    for (const [name, headers, code] of cases) {
      const { res, text } = await play({ "x-session-id": playVictim.sessionId, ...headers });
      expect(res.status, name).toBe(403);
      expect(res.headers.get("content-type"), name).toBe("application/problem+json");
      expect(JSON.parse(text), name).toMatchObject({ code });
    }
    expect(await auditEntries(app.url, playVictim.sessionId)).toEqual(before);
    const owner = await play({ "x-session-id": playVictim.sessionId, "x-session-token": playVictim.token });
    expect(owner.res.status).toBe(200);
    expect(await auditEntries(app.url, playVictim.sessionId)).toHaveLength(before.length + 1);
  });

  it("an idempotent replay of the owner's request shows no secret and writes nothing", async () => {
    const body = { ...TYPICAL, denominacion: "Repetida Agentes SOCIEDAD-IA", sessionId: sid("replayed") };
    const first = await incorporate(body);
    const before = await auditEntries(app.url, body.sessionId);
    // Anyone may send the same bytes again: they get the stored answer, without the write or claim token.
    const replay = await incorporate(body);
    expect(replay.res.status).toBe(200);
    expect(replay.res.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.res.headers.get("x-session-token")).toBeNull();
    expect(replay.body.audit.sessionToken).toBeUndefined();
    expect(replay.body.registry.claimToken).toBeNull();
    expect(JSON.stringify(replay.body)).not.toContain(first.body.audit.sessionToken);
    expect(JSON.stringify(replay.body)).not.toContain(first.body.registry.claimToken);
    expect(await auditEntries(app.url, body.sessionId)).toEqual(before);
  });
});
