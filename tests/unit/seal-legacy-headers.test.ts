import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appendAuditEvent, readAuditItems } from "@/lib/audit/log";
import { loggedSessionIds, sealLegacyHeaders } from "@/lib/audit/seal-legacy-headers";
import { EmbeddedStore } from "@/lib/store/embedded";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

let store: EmbeddedStore;
let restore: () => void;
beforeAll(() => {
  const dir = tempDir("sia-seal-");
  restore = applyEnv({ DATA_DIR: dir });
  store = EmbeddedStore.open(dir);
});
afterAll(async () => {
  await store?.close();
  restore?.();
});

const event = (n: number) => ({
  kind: "incorporation" as const,
  action: "auto_incorporate",
  actor: "t",
  input: { n },
  output: null,
  outcome: "ok" as const,
});
const logKey = (sessionId: string) => `audit:${sessionId}:log`;

/** A session as the service wrote it, then its header put back in the unsealed form of before. */
async function legacySession(sessionId: string) {
  const first = await appendAuditEvent({ sessionId, sessionToken: null, event: event(0) }, store);
  const items = await store.range(logKey(sessionId), 0, -1);
  const { tokenHash, createdAt } = JSON.parse(items[0] as string) as { tokenHash: string; createdAt: string };
  await store.del(logKey(sessionId));
  const v1 = JSON.stringify({ v: 1, tokenHash, createdAt });
  await store.batch([{ type: "append", key: logKey(sessionId), expectedLength: 0, values: [v1, ...items.slice(1)] }]);
  return { token: first.sessionToken as string, entries: items.slice(1) };
}

const append = (sessionId: string, token: string | null, n: number) =>
  appendAuditEvent({ sessionId, sessionToken: token, event: event(n) }, store);

describe("sealing the headers of sessions written before headers were sealed", () => {
  it("lets their owners write again, entries untouched, and leaves anything else alone", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const legacy = await legacySession("legacy-session-01");
    await expect(append("legacy-session-01", legacy.token, 1)).rejects.toMatchObject({ code: "audit_session_corrupt" });
    // A header an attacker swapped in (not the v1 shape) is reported, never sealed.
    await legacySession("forged-session-01");
    const [, ...rest] = await store.range(logKey("forged-session-01"), 0, -1);
    await store.del(logKey("forged-session-01"));
    await store.batch([
      { type: "append", key: logKey("forged-session-01"), expectedLength: 0, values: ["not a header", ...rest] },
    ]);

    const ids = await loggedSessionIds(store);
    expect(ids).toEqual(expect.arrayContaining(["legacy-session-01", "forged-session-01"]));
    const outcome = await sealLegacyHeaders(store, ids);
    expect(outcome).toMatchObject({ sealed: ["legacy-session-01"], refused: ["forged-session-01"] });
    expect(await readAuditItems("legacy-session-01", store)).toEqual(legacy.entries);
    await expect(append("legacy-session-01", "another-token", 1)).rejects.toMatchObject({
      code: "session_token_invalid",
    });
    expect((await append("legacy-session-01", legacy.token, 1)).entry.seq).toBe(1);
    // Run again: nothing more to do.
    expect(await sealLegacyHeaders(store, ids)).toMatchObject({ sealed: [], alreadySealed: 1 });
    vi.restoreAllMocks();
  });

  it("finishes a run cut between copying a log aside and writing it back", async () => {
    const legacy = await legacySession("legacy-session-02");
    const items = await store.range(logKey("legacy-session-02"), 0, -1);
    await store.batch([
      { type: "append", key: "audit:legacy-session-02:log-unsealed", expectedLength: 0, values: items },
    ]);
    await store.del(logKey("legacy-session-02"));
    expect(await sealLegacyHeaders(store, ["legacy-session-02"])).toMatchObject({ sealed: ["legacy-session-02"] });
    expect(await readAuditItems("legacy-session-02", store)).toEqual(legacy.entries);
    expect(await store.length("audit:legacy-session-02:log-unsealed")).toBe(0);
    expect((await append("legacy-session-02", legacy.token, 1)).entry.seq).toBe(1);
  });
});
