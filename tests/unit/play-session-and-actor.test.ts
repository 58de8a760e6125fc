import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorForIp } from "@/lib/audit/actor";
import { appendAuditEvent, checkSessionWrite, openSession, readAuditEntries } from "@/lib/audit/log";
import { ApiError } from "@/lib/http/problem";
import { EmbeddedStore } from "@/lib/store/embedded";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

let store: EmbeddedStore;
let restore: () => void;
beforeAll(() => {
  const dir = tempDir("sia-play-session-");
  restore = applyEnv({ DATA_DIR: dir });
  store = EmbeddedStore.open(dir);
});
afterAll(async () => {
  await store?.close();
  restore();
});

const event = {
  kind: "tool-call",
  action: "validar_cuit",
  actor: "ip:x",
  input: {},
  output: {},
  outcome: "ok",
} as const;

describe("actorForIp", () => {
  it("is ip: and 16 hex digits, stable per address, different across addresses, and hides the address", () => {
    const a = actorForIp("203.0.113.7");
    expect(a).toMatch(/^ip:[0-9a-f]{16}$/);
    expect(actorForIp("203.0.113.7")).toBe(a);
    expect(actorForIp("203.0.113.8")).not.toBe(a);
    expect(actorForIp("2001:db8::1")).not.toBe(a);
    expect(a).not.toContain("203");
  });
});

describe("openSession", () => {
  it("creates a new session with its token and no entry", async () => {
    const opened = await openSession({ sessionId: "open-new-session", sessionToken: null }, store);
    expect(opened.sessionId).toBe("open-new-session");
    expect(opened.sessionToken).toMatch(/^[\w-]{43}$/);
    expect(await readAuditEntries("open-new-session", store)).toEqual([]);
    const appended = await appendAuditEvent(
      { sessionId: "open-new-session", sessionToken: opened.sessionToken, event },
      store,
    );
    expect(appended.entry.seq).toBe(0);
    expect(appended.sessionToken).toBeNull();
  });

  it("makes a UUID session when none is named", async () => {
    const opened = await openSession({ sessionId: null, sessionToken: null }, store);
    expect(opened.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("checks the token of an existing session, before anything is written", async () => {
    const { sessionToken } = await openSession({ sessionId: "open-existing-session", sessionToken: null }, store);
    for (const [token, code] of [
      [null, "session_token_required"],
      ["not-the-token", "session_token_invalid"],
    ] as const) {
      const err = await openSession({ sessionId: "open-existing-session", sessionToken: token }, store).catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err.code).toBe(code);
      expect(err.status).toBe(403);
    }
    expect(await openSession({ sessionId: "open-existing-session", sessionToken }, store)).toEqual({
      sessionId: "open-existing-session",
      sessionToken: null,
    });
    expect(await readAuditEntries("open-existing-session", store)).toEqual([]);
  });

  it("gives the token to exactly one of two concurrent openers", async () => {
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => openSession({ sessionId: "open-race-session", sessionToken: null }, store)),
    );
    const winners = results.filter((r) => r.status === "fulfilled" && r.value.sessionToken !== null);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(2);
  });
});

describe("checkSessionWrite", () => {
  it("writes nothing for a new session, whose first entry then creates it with the token made beforehand", async () => {
    const sid = "check-new-session";
    expect(await checkSessionWrite({ sessionId: sid, sessionToken: null }, store)).toEqual({ exists: false });
    expect(await store.length(`audit:${sid}:log`)).toBe(0);
    const made = "made-beforehand-token-made-beforehand-token";
    const first = await appendAuditEvent({ sessionId: sid, sessionToken: made, newSessionToken: made, event }, store);
    expect(first.sessionToken).toBe(made);
    expect(await checkSessionWrite({ sessionId: sid, sessionToken: made }, store)).toEqual({ exists: true });
    for (const [token, code] of [
      [null, "session_token_required"],
      ["another-token", "session_token_invalid"],
    ] as const) {
      const err = await checkSessionWrite({ sessionId: sid, sessionToken: token }, store).catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe(code);
    }
    // Another writer presenting another token made beforehand cannot take the session over.
    const late = await appendAuditEvent(
      { sessionId: sid, sessionToken: "late-token", newSessionToken: "late-token", event },
      store,
    ).catch((e) => e);
    expect((late as ApiError).code).toBe("session_token_invalid");
    expect(await readAuditEntries(sid, store)).toHaveLength(1);
  });
});
