import { afterEach, describe, expect, it, vi } from "vitest";
import {
  authorize,
  hashToken,
  headerStatus,
  newSessionHeader,
  openSessionHeader,
  sealedHeaderOrThrow,
} from "@/lib/audit/session-header";
import { storeAlarm } from "@/lib/store/store-alarm";
import { withKeys } from "../support/with-keys";

const SID = "header-session-01";
const OLD = { AUDIT_HMAC_SECRET: "o".repeat(64), AUDIT_HMAC_KID: "old-1" };

afterEach(() => vi.restoreAllMocks());

describe("a session header", () => {
  it("opens for its own session, and lets only its token write", () => {
    withKeys(OLD, () => {
      const { token, raw } = newSessionHeader(SID);
      const header = openSessionHeader(raw, SID);
      expect(header).toMatchObject({ v: 2, tokenHash: hashToken(token), kid: "old-1" });
      expect(() => authorize(header as NonNullable<typeof header>, token)).not.toThrow();
      expect(() => authorize(header as NonNullable<typeof header>, "someone-else")).toThrow(/does not belong/);
      expect(headerStatus(raw, SID)).toBe("sealed");
    });
  });

  it("still opens after the key that sealed it is retired", () => {
    const { raw } = withKeys(OLD, () => newSessionHeader(SID));
    const rotated = {
      AUDIT_HMAC_SECRET: "n".repeat(64),
      AUDIT_HMAC_KID: "new-1",
      AUDIT_HMAC_RETIRED_KEYS: JSON.stringify({ "old-1": OLD.AUDIT_HMAC_SECRET }),
    };
    expect(withKeys(rotated, () => openSessionHeader(raw, SID))).not.toBeNull();
    // A key no longer configured at all opens nothing.
    expect(
      withKeys({ AUDIT_HMAC_SECRET: "n".repeat(64), AUDIT_HMAC_KID: "new-1" }, () => openSessionHeader(raw, SID)),
    ).toBeNull();
  });

  it.each([
    [
      "another token's hash put in",
      (raw: string) => raw.replace(/"tokenHash":"[0-9a-f]+"/, `"tokenHash":"${hashToken("mine")}"`),
    ],
    [
      "its creation time changed",
      (raw: string) => raw.replace(/"createdAt":"[^"]+"/, '"createdAt":"2020-01-01T00:00:00.000Z"'),
    ],
    [
      "its seal removed (a header as written before sealing)",
      (raw: string) => {
        const { tokenHash, createdAt } = JSON.parse(raw) as { tokenHash: string; createdAt: string };
        return JSON.stringify({ v: 1, tokenHash, createdAt });
      },
    ],
    ["not JSON", () => "{"],
    ["JSON null", () => "null"],
  ])("is refused when edited: %s", (name, edit) => {
    withKeys(OLD, () => {
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      // A session of its own: an alarm repeats at most once a minute per session.
      const sid = `edited-${name.replace(/\W/g, "-")}`.slice(0, 64);
      const raw = edit(newSessionHeader(sid).raw);
      expect(openSessionHeader(raw, sid)).toBeNull();
      expect(() => sealedHeaderOrThrow(raw, sid)).toThrow(
        expect.objectContaining({ code: "audit_session_corrupt", status: 409 }),
      );
      expect(headerStatus(raw, sid)).toBe("invalid");
      expect(error.mock.calls.flat().join("\n")).toMatch(/\[alarm\] audit: session header fails its seal/);
    });
  });

  it("does not open for another session", () => {
    withKeys(OLD, () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { raw } = newSessionHeader("header-session-02");
      expect(openSessionHeader(raw, SID)).toBeNull();
      expect(headerStatus(null, SID)).toBe("none");
    });
  });
});

describe("a store alarm", () => {
  it("is one printable line of bounded length, logged once a minute per subject", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const subject = `evil\n[alarm] fake line ${"x".repeat(1000)}`;
    const line = storeAlarm("test", "something failed its seal", subject, 1_000);
    expect(line).toMatch(/^\[alarm\] test: something failed its seal \(evil\?\[alarm\] fake line x+$/);
    expect(line?.length).toBe(300);
    expect(storeAlarm("test", "something failed its seal", subject, 30_000)).toBeNull();
    expect(storeAlarm("test", "something failed its seal", subject, 62_000)).not.toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
  });
});
