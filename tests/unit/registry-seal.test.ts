import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { prepareFormingStub } from "@/lib/registry/create-forming-stub";
import { openEntry } from "@/lib/registry/open-entry";
import { applyEnv } from "../support/upstash-stack";

// The seal of stored registry entries (lib/registry/seal-entry.ts), read through openEntry: what the
// service wrote opens, under the current key or a retired one; anything else is corrupt and alarmed.
const SIGNING = JSON.stringify(generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" }));
const KEYS = {
  old: { AUDIT_HMAC_SECRET: "o".repeat(64), AUDIT_HMAC_KID: "k-old" },
  next: {
    AUDIT_HMAC_SECRET: "n".repeat(64),
    AUDIT_HMAC_KID: "k-new",
    AUDIT_HMAC_RETIRED_KEYS: '{"k-old":"oooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooo"}',
  },
  other: { AUDIT_HMAC_SECRET: "z".repeat(64), AUDIT_HMAC_KID: "k-old" },
};
let restore: (() => void) | undefined;
const useKeys = (keys: Record<string, string>) => {
  restore?.();
  // A store of its own each time: openEntry also asks the (empty) log's index, through the store.
  const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "sia-seal-"));
  restore = applyEnv({ DATA_DIR, AUDIT_SIGNING_KEY: SIGNING, AUDIT_HMAC_RETIRED_KEYS: "", ...keys });
};
afterEach(() => {
  restore?.();
  restore = undefined;
  vi.restoreAllMocks();
});

/** A stub's stored value as the service writes it. */
function written(sessionId = "seal-session-0001") {
  const { write } = prepareFormingStub({ sessionId, denominacion: "Sellos del Sur SIA" });
  return { id: write.id, value: write.value, version: 1 };
}

describe("sealed registry entries", () => {
  it("open as written, with their seq, and still open after the key is rotated", async () => {
    useKeys(KEYS.old);
    const stored = written();
    expect(await openEntry(stored)).toMatchObject({
      ok: true,
      seq: 0,
      version: 1,
      entry: { record: { id: stored.id } },
    });
    useKeys(KEYS.next);
    expect((await openEntry(stored)).ok).toBe(true);
    // Written again now, it is sealed under the current key.
    expect(JSON.parse(written().value).kid).toBe("k-new");
  });

  it("are corrupt when any member changes, and the server log says so once", async () => {
    useKeys(KEYS.old);
    const alarm = vi.spyOn(console, "error").mockImplementation(() => {});
    const stored = written();
    const edits: ((e: Record<string, unknown> & { record: Record<string, unknown> }) => void)[] = [
      (e) => {
        e.claimTokenHash = `sha256:${"0".repeat(64)}`;
      },
      (e) => {
        e.record.status = "live";
      },
      (e) => {
        e.seq = 7;
      },
      (e) => {
        e.reportHash = `sha256:${"1".repeat(64)}`;
      },
      (e) => {
        delete e.mac;
      },
    ];
    for (const edit of edits) {
      const entry = JSON.parse(stored.value);
      edit(entry);
      alarm.mockClear();
      const opened = await openEntry({ ...stored, value: JSON.stringify(entry) });
      expect(opened.ok, String(edit)).toBe(false);
      expect(alarm).toHaveBeenCalledTimes(1);
      expect(String(alarm.mock.calls[0]?.[0])).toContain(`ALARM: stored record ${stored.id}`);
    }
  });

  it("are corrupt under another id, under a key not configured, or under a forged key of the same name", async () => {
    useKeys(KEYS.old);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const stored = written();
    const other = written("seal-session-0002");
    // A genuine entry moved to another record's id is not that record.
    expect(await openEntry({ ...other, value: stored.value })).toMatchObject({ ok: false });
    useKeys({ AUDIT_HMAC_SECRET: "n".repeat(64), AUDIT_HMAC_KID: "k-new" });
    expect(await openEntry(stored)).toMatchObject({ ok: false, problem: expect.stringContaining("not configured") });
    useKeys(KEYS.other);
    expect(await openEntry(stored)).toMatchObject({ ok: false, problem: expect.stringContaining("does not match") });
  });
});
