import { generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { prepareFormingStub } from "@/lib/registry/create-forming-stub";
import { FIXED_DISCLOSURES } from "@/lib/registry/fixed-disclosures";
import { openEntry } from "@/lib/registry/open-entry";
import { canonicalJson, hmacOf } from "@/lib/signing/canonical";
import { tempDir } from "../support/temp-dir";
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
  const DATA_DIR = tempDir("sia-seal-");
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

  it("keep the service's own disclosure by name and give its text back; a changed or unknown name is corrupt", async () => {
    useKeys(KEYS.old);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const stored = written();
    const raw = JSON.parse(stored.value);
    // Stored by name, read as the text every formed company shows.
    expect(raw.record.disclosure).toBe("formed/1");
    const opened = await openEntry(stored);
    expect(opened.ok && opened.entry.record.disclosure.es).toMatch(/^Sociedad en formación: se constituyó/);
    expect(opened.ok && opened.entry.record.disclosure.en).toMatch(/^Company in formation: it was incorporated/);
    // The text in place of the name is the same sealed entry.
    const spelledOut = { ...raw, record: { ...raw.record, disclosure: opened.ok && opened.entry.record.disclosure } };
    expect((await openEntry({ ...stored, value: JSON.stringify(spelledOut) })).ok).toBe(true);
    for (const disclosure of ["formed/2", "", { es: "Otra declaración, no sellada.", en: "Another, unsealed." }]) {
      const edited = { ...raw, record: { ...raw.record, disclosure } };
      expect(await openEntry({ ...stored, value: JSON.stringify(edited) }), JSON.stringify(disclosure)).toMatchObject({
        ok: false,
      });
    }
    // A disclosure of the company's own is kept as its text.
    const own = { es: "Declaración propia de la sociedad.", en: "The company's own disclosure." };
    const { write } = prepareFormingStub({
      sessionId: "seal-session-0003",
      denominacion: "Propia SIA",
      disclosure: own,
    });
    expect(JSON.parse(write.value).record.disclosure).toEqual(own);
    expect(await openEntry({ id: write.id, value: write.value, version: 1 })).toMatchObject({
      ok: true,
      entry: { record: { disclosure: own } },
    });
  });

  it("are MACed over the domain line and the whole entry's canonical JSON, its disclosure's text in", () => {
    useKeys(KEYS.old);
    const { kid, mac, ...entry } = JSON.parse(written().value);
    // The format older seals were made in: a change here leaves every stored record corrupt.
    entry.record.disclosure = FIXED_DISCLOSURES[entry.record.disclosure];
    expect(kid).toBe("k-old");
    expect(mac).toBe(hmacOf(`sociedades-ia/registry-entry/v2\n${canonicalJson(entry)}`, KEYS.old.AUDIT_HMAC_SECRET));
  });
});
