import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendAuditEvent } from "@/lib/audit/log";
import { checkpointKey } from "@/lib/audit/store-checkpoint";
import { isApiError } from "@/lib/http/problem";
import { EmbeddedStore } from "@/lib/store/embedded";
import { tempDir } from "../support/temp-dir";
import { sequenced } from "../support/tlog-layout";
import { applyEnv } from "../support/upstash-stack";

let store: EmbeddedStore;
let restore: () => void;
beforeAll(() => {
  const dir = tempDir("sia-cap-");
  restore = applyEnv({ DATA_DIR: dir, AUDIT_MAX_ENTRIES: "3" });
  store = EmbeddedStore.open(dir);
});
afterAll(async () => {
  await store?.close();
  restore();
});

const event = (n: number) =>
  ({ kind: "tool-call", action: "a", actor: "t", input: n, output: null, outcome: "ok" }) as const;

describe("a session at AUDIT_MAX_ENTRIES", () => {
  it("refuses the next append with 409 audit_session_full and writes nothing, not even a leaf", async () => {
    const sid = "capped-session-1";
    const first = await appendAuditEvent({ sessionId: sid, sessionToken: null, event: event(0) }, store);
    for (const n of [1, 2]) {
      await appendAuditEvent({ sessionId: sid, sessionToken: first.sessionToken, event: event(n) }, store);
    }
    const before = {
      log: await store.range(`audit:${sid}:log`, 0, -1),
      checkpoint: await store.get(checkpointKey(sid)),
      leaves: await sequenced(store),
    };
    const refused = await appendAuditEvent(
      { sessionId: sid, sessionToken: first.sessionToken, event: event(3) },
      store,
    ).catch((err: unknown) => err);
    expect(isApiError(refused) && refused.code).toBe("audit_session_full");
    expect(isApiError(refused) && refused.extensions).toMatchObject({ max: 3 });
    expect({
      log: await store.range(`audit:${sid}:log`, 0, -1),
      checkpoint: await store.get(checkpointKey(sid)),
      leaves: await sequenced(store),
    }).toEqual(before);
    // Another session is not affected.
    const other = await appendAuditEvent({ sessionId: "capped-session-2", sessionToken: null, event: event(0) }, store);
    expect(other.entry.seq).toBe(0);
  });
});
