// Text cut inside an emoji, or a lone \ud800 from a model, must never fail an audit write: a lone
// surrogate has no canonical form (RFC 8785), so it could be neither hashed nor signed.
import { describe, expect, it } from "vitest";
import { signEntry } from "@/lib/audit/sign-entry";
import { verifyEntries } from "@/lib/audit/verify";
import { canonicalForms, hashOf } from "@/lib/signing/canonical";
import { clipText, isWellFormedJson, toWellFormedJson } from "@/lib/text/well-formed";

const KEY = { kid: "t1", secret: "test-secret-of-at-least-32-bytes!!" };

describe("clipText", () => {
  it("cuts to the limit, but never between the two halves of an emoji", () => {
    const text = `${"a".repeat(199)}😀 and more`;
    expect(text.slice(0, 200)).not.toSatisfy(isWellFormedJson);
    expect(clipText(text, 200)).toBe("a".repeat(199));
    expect(clipText(text, 201)).toBe(`${"a".repeat(199)}😀`);
    expect(clipText("short", 200)).toBe("short");
    expect(clipText("😀😀", 3)).toBe("😀");
  });
});

describe("toWellFormedJson", () => {
  it("replaces lone surrogates in strings and member names with U+FFFD, and leaves good text alone", () => {
    const good = { a: ["ñ", "🦙"], b: { c: 1 } };
    expect(toWellFormedJson(good)).toBe(good);
    expect(toWellFormedJson({ "k\uD800": ["x\uDC00y", "🦙", "\uD83D"], n: 2, z: null })).toEqual({
      "k\uFFFD": ["x\uFFFDy", "🦙", "\uFFFD"],
      n: 2,
      z: null,
    });
  });
});

describe("signEntry with a lone surrogate in what it records", () => {
  it("stores U+FFFD in its place, and the entry verifies", () => {
    const { entry, full } = signEntry(
      {
        sessionId: "session-abc123",
        seq: 0,
        ts: "2026-01-01T00:00:00.000Z",
        kind: "tool-call",
        action: "buscar_boletin_oficial",
        actor: "ip:abc",
        input: { consulta: `${"a".repeat(119)}\uD83D` },
        output: { error: "\uDE00 cut" },
        outcome: "rejected",
        prev: null,
      },
      KEY,
    );
    expect(entry.input).toEqual({ consulta: `${"a".repeat(119)}\uFFFD` });
    expect(entry.output).toEqual({ error: "\uFFFD cut" });
    expect(full).toBe(canonicalForms(JSON.parse(full)).full);
    const report = verifyEntries("session-abc123", [JSON.parse(full)], { t1: KEY.secret });
    expect(report).toMatchObject({ total: 1, verified: 1, tampered: 0, head: { hash: hashOf(full) } });
  });
});
