import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendAuditEvent, readAuditEntries } from "@/lib/audit/log";
import { verifyEntries } from "@/lib/audit/verify";
import { hmacKeys } from "@/lib/signing/keys";
import { EmbeddedStore } from "@/lib/store/embedded";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

let store: EmbeddedStore;
let restore: () => void;
beforeAll(() => {
  const dir = tempDir("sia-audit-");
  restore = applyEnv({ DATA_DIR: dir });
  store = EmbeddedStore.open(dir);
});
afterAll(async () => {
  await store?.close();
  restore();
});

describe("audit appends on the embedded store", () => {
  it("stay contiguous and verified under 500 concurrent appends in one process", async () => {
    const sid = "embedded-concurrency";
    const first = await appendAuditEvent(
      {
        sessionId: sid,
        sessionToken: null,
        event: { kind: "tool-call", action: "a", actor: "t", input: 0, output: null, outcome: "ok" },
      },
      store,
    );
    await Promise.all(
      Array.from({ length: 500 }, (_, n) =>
        appendAuditEvent(
          {
            sessionId: sid,
            sessionToken: first.sessionToken,
            event: { kind: "tool-call", action: "a", actor: "t", input: n + 1, output: null, outcome: "ok" },
          },
          store,
        ),
      ),
    );
    const entries = (await readAuditEntries(sid, store)) as { seq: number; input: number }[];
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 501 }, (_, i) => i));
    expect(new Set(entries.map((e) => e.input)).size).toBe(501);
    expect(verifyEntries(sid, entries, hmacKeys())).toMatchObject({ verified: 501, tampered: 0 });
  });
});
