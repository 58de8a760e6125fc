// A write can land in Redis while its reply is lost on the way back. Resending it blindly would make
// a conditional append fail its length check, which the audit layer takes for a lost race and
// answers by appending again: the same event twice. These tests lose a reply on purpose (the bridge
// runs the write, then cuts the connection) and check that the caller hears "unavailable" and the
// store holds the write exactly once.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuditLog } from "@/lib/audit/get-audit-log";
import { appendAuditEvent } from "@/lib/audit/log";
import { errorResponse } from "@/lib/http/handler";
import { isStoreUnavailable } from "@/lib/store";
import { toolCallEvent as event } from "../support/fixtures";
import { applyEnv, startUpstashStack, type UpstashStack } from "../support/upstash-stack";

let stack: UpstashStack;
beforeAll(async () => {
  stack = await startUpstashStack();
  applyEnv(stack.env);
});
afterAll(async () => {
  await stack?.close();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error("expected the write to fail"),
    (err: unknown) => err,
  );
}

describe("a write whose reply is lost", () => {
  it("fails as unavailable and is stored once", async () => {
    const key = `lost-${randomUUID()}`;
    stack.bridge.loseNextScriptReply();
    const lost = await failure(stack.store.append(key, 0, "first"));
    expect(isStoreUnavailable(lost)).toBe(true);
    // The caller is not told that nothing changed: the write landed.
    expect(lost).toMatchObject({ outcomeUnknown: true });
    expect(errorResponse(lost).status).toBe(503);
    expect((await errorResponse(lost).json()).detail).toMatch(/may or may not have been made/);
    expect(await stack.store.range(key, 0, -1)).toEqual(["first"]);
    // The store goes on normally.
    expect(await stack.store.append(key, 1, "second")).toMatchObject({ ok: true });
  });

  it("is told apart from a write refused before anything changed, which says so", async () => {
    const key = `down-${randomUUID()}`;
    await stack.redis.stop();
    try {
      const refused = await failure(stack.store.append(key, 0, "first"));
      expect(refused).toMatchObject({ outcomeUnknown: false });
      expect((await errorResponse(refused).json()).detail).toMatch(/nothing was changed/);
    } finally {
      await stack.redis.restart();
    }
    // Once the bridge has reconnected, the store shows that nothing was written.
    await expect
      .poll(
        () =>
          stack.store.ping().then(
            () => true,
            () => false,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await stack.store.range(key, 0, -1)).toEqual([]);
  });

  it("never duplicates an audit entry", async () => {
    const sessionId = `lost-${randomUUID()}`;
    const first = await appendAuditEvent({ sessionId, sessionToken: null, event: event(0) }, stack.store);
    stack.bridge.loseNextScriptReply();
    const lost = await failure(
      appendAuditEvent({ sessionId, sessionToken: first.sessionToken, event: event(1) }, stack.store),
    );
    expect(isStoreUnavailable(lost)).toBe(true);

    const log = await getAuditLog(sessionId, { verify: true });
    expect(log.entries.map((e) => (e as { input: { n: number } }).input.n)).toEqual([0, 1]);
    expect(log.verification).toMatchObject({ total: 2, verified: 2, tampered: 0 });
  });
});
