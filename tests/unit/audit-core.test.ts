import { createHmac } from "node:crypto";
import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "@/lib/audit/csv";
import type { AuditEntry } from "@/lib/audit/entry";
import { signEntry } from "@/lib/audit/sign-entry";
import { verifyEntries } from "@/lib/audit/verify";
import { badgeFor, renderBadgeSvg } from "@/lib/badge/render-badge";
import { canonicalForms, hashOf, hmacOf } from "@/lib/signing/canonical";

const KEY = { kid: "t1", secret: "test-secret-of-at-least-32-bytes!!" };
const KEYS = { t1: KEY.secret };
const SID = "session-abc123";

function chain(n: number, key = KEY): AuditEntry[] {
  const out: AuditEntry[] = [];
  let prev: string | null = null;
  for (let seq = 0; seq < n; seq++) {
    const { entry, full } = signEntry(
      {
        sessionId: SID,
        seq,
        ts: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
        kind: "tool-call",
        action: "validar_cuit",
        actor: "ip:abc",
        input: { cuit: "20-12345678-6", n: seq, é: "ñ", emoji: "🦙" },
        output: { ok: true, list: [1, 2.5, 1e21, null] },
        outcome: "ok",
        prev,
      },
      key,
    );
    out.push(entry);
    prev = hashOf(full);
  }
  return out;
}

describe("canonical forms", () => {
  it("equal RFC 8785 of the entry with and without the unsigned members", () => {
    const entry = { ...chain(1)[0], signature: "sig" } as Record<string, unknown>;
    const { signed, full } = canonicalForms(entry);
    expect(full).toBe(canonicalize(entry));
    const { hmac: _h, signature: _s, ...rest } = entry;
    expect(signed).toBe(canonicalize(rest));
  });

  it("writes HMACs and hashes as sha256:<64 lowercase hex>", () => {
    expect(hmacOf("{}", "k")).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(hashOf("{}")).toBe("sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
  });

  it("computes HMAC-SHA256 as Node's Hmac does, for any key and text", () => {
    // hmacOf hashes pads it made once per key; keys longer than a block, or not ASCII, take other paths.
    const key = fc.oneof(fc.string({ maxLength: 100 }), fc.string({ unit: "binary", maxLength: 80 }));
    fc.assert(
      fc.property(key, fc.string({ unit: "binary", maxLength: 300 }), (secret, text) => {
        const expected = `sha256:${createHmac("sha256", secret).update(text, "utf8").digest("hex")}`;
        expect(hmacOf(text, secret)).toBe(expected);
        expect(hmacOf(text, secret)).toBe(expected); // the pads, made on the first call, are kept
      }),
      { numRuns: 300 },
    );
  });
});

describe("verification", () => {
  it("accepts a clean log and reports its head", () => {
    const entries = chain(5);
    const report = verifyEntries(SID, entries, KEYS);
    expect(report).toMatchObject({ total: 5, verified: 5, tampered: 0, unsigned: 0, firstBadSeq: null, problems: [] });
    expect(report.head).toEqual({ size: 5, hash: hashOf(canonicalize(entries[4]) as string) });
    expect(verifyEntries(SID, [], KEYS).head).toEqual({ size: 0, hash: null });
  });

  it("names the edited entry and the broken link after it", () => {
    const entries = chain(4) as unknown as Record<string, unknown>[];
    (entries[1] as { output: unknown }).output = { ok: false };
    const report = verifyEntries(SID, entries, KEYS);
    expect(report.tampered).toBe(2);
    expect(report.firstBadSeq).toBe(1);
    expect(report.problems).toEqual([
      { seq: 1, reasons: ["hmac_mismatch"] },
      { seq: 2, reasons: ["chain_broken"] },
    ]);
  });

  it("detects deleted, swapped and foreign-session entries", () => {
    const deleted = chain(4);
    deleted.splice(1, 1);
    expect(verifyEntries(SID, deleted, KEYS).problems[0]).toEqual({
      seq: 1,
      reasons: ["wrong_seq", "wrong_id", "chain_broken"],
    });
    const swapped = chain(3);
    [swapped[0], swapped[1]] = [swapped[1] as AuditEntry, swapped[0] as AuditEntry];
    expect(verifyEntries(SID, swapped, KEYS).tampered).toBe(3);
    expect(verifyEntries("another-session", chain(2), KEYS).tampered).toBe(2);
  });

  it("verifies old entries after key rotation and rejects unknown key ids", () => {
    const old = chain(2, { kid: "t0", secret: "an-older-secret-of-32-bytes-or-more" });
    expect(verifyEntries(SID, old, { ...KEYS, t0: "an-older-secret-of-32-bytes-or-more" }).verified).toBe(2);
    const report = verifyEntries(SID, old, KEYS);
    expect(report.problems.map((p) => p.reasons)).toEqual([["unknown_kid"], ["unknown_kid"]]);
    // A kid that names an Object prototype member is unknown too, not a crash.
    const proto = chain(1).map((e) => ({ ...e, kid: "__proto__" }));
    expect(verifyEntries(SID, proto, KEYS).problems[0]?.reasons).toEqual(["unknown_kid"]);
  });

  it("counts entries without hmac as unsigned, and garbage as malformed", () => {
    const strip = ({ hmac: _h, ...rest }: AuditEntry) => rest;
    expect(verifyEntries(SID, chain(1).map(strip), KEYS)).toMatchObject({ unsigned: 1, tampered: 0, verified: 0 });
    // Stripping an hmac changes the entry, so the next entry's link no longer holds.
    const stripped = verifyEntries(SID, chain(2).map(strip), KEYS);
    expect(stripped.problems).toEqual([
      { seq: 0, reasons: ["unsigned"] },
      { seq: 1, reasons: ["chain_broken", "unsigned"] },
    ]);
    const garbage = verifyEntries(SID, ["not json", 42, null], KEYS);
    expect(garbage.tampered).toBe(3);
    expect(garbage.problems[0]?.reasons).toContain("malformed");
  });
});

describe("CSV export", () => {
  it("neutralises formula cells and quotes per RFC 4180", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@x")).toBe("'@x");
    expect(csvCell("'quoted")).toBe("''quoted");
    expect(csvCell('a,"b"\nc')).toBe('"a,""b""\nc"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("has a header and one row per entry with canonical JSON input and output", () => {
    const csv = toCsv(chain(2));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("id,sessionId,seq,ts,kind,action,actor,input,output,outcome,prev,kid,hmac,signature");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"{""cuit"":""20-12345678-6""`);
  });
});

describe("badge", () => {
  const report = (over: object) => ({ ...verifyEntries(SID, chain(3), KEYS), ...over });

  it("says verified n/m, tampered with count, no hmac, no entries and invalid id", () => {
    expect(badgeFor(report({})).message).toBe("verified 3/3");
    expect(badgeFor(report({ tampered: 2 }))).toMatchObject({ state: "tampered", message: "tampered 2" });
    expect(badgeFor(report({ unsigned: 1 })).state).toBe("no-hmac");
    expect(badgeFor(report({ total: 0 })).message).toBe("no entries");
    expect(badgeFor(null).state).toBe("invalid");
  });

  it("never says verified for a head its witnesses have not cosigned, and keeps tampering first", () => {
    expect(badgeFor(report({}), "en", "witnessed").message).toBe("verified 3/3");
    expect(badgeFor(report({}), "en", "pending")).toMatchObject({ state: "unwitnessed", message: "not witnessed yet" });
    expect(badgeFor(report({}), "es", "pending").message).toBe("sin atestiguar aún");
    expect(badgeFor(report({}), "en", "refused")).toMatchObject({ state: "refused", message: "refused by a witness" });
    expect(badgeFor(report({ tampered: 1 }), "en", "pending").state).toBe("tampered");
  });

  it("speaks Spanish when asked, and says so to screen readers", () => {
    expect(badgeFor(report({}), "es")).toMatchObject({
      label: "bitácora",
      message: "verificado 3/3",
      lang: "es",
    });
    expect(badgeFor(report({ tampered: 2 }), "es").message).toBe("adulterado 2");
    expect(badgeFor(null, "es").message).toBe("sesión no válida");
    expect(renderBadgeSvg(badgeFor(report({}), "es"))).toMatch(/<svg [^>]*lang="es"/);
    expect(renderBadgeSvg(badgeFor(report({})))).toMatch(/<svg [^>]*lang="en"/);
  });

  it("is a 24 px accessible SVG whose width follows the text, with text escaped", () => {
    const short = renderBadgeSvg({ state: "verified", label: "audit log", message: "verified 1/1" });
    const long = renderBadgeSvg({ state: "verified", label: "audit log", message: "verified 1000/1000" });
    expect(short).toMatch(/height="24"/);
    expect(short).toMatch(/role="img"/);
    expect(short).toMatch(/<title>audit log: verified 1\/1<\/title>/);
    const width = (svg: string) => Number(/width="(\d+(?:\.\d+)?)"/.exec(svg)?.[1]);
    expect(width(long)).toBeGreaterThan(width(short));
    const evil = renderBadgeSvg({ state: "invalid", label: "<script>&", message: "\"x'" });
    expect(evil).not.toMatch(/<script>/);
    expect(evil).toContain("&#60;script&#62;&#38;");
  });
});
