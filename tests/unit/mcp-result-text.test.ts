import { describe, expect, it } from "vitest";
import { safeLogText } from "@/lib/http/safe-log-text";
import { RESULT_TEXT_MAX_CHARS, resultText } from "@/lib/mcp/result-text";

const dataOf = (text: string) => JSON.parse(text.slice(text.indexOf("\n") + 1));

describe("a tool result's text", () => {
  it("is one summary line, then the structured content as JSON", () => {
    const data = { audit: { sessionToken: "tok", entry: { id: "s:0" } }, transparency: { index: 7 } };
    const text = resultText("Incorporated;\nkeep the token.", data);
    expect(text.split("\n")[0]).toBe("Incorporated; keep the token.");
    expect(dataOf(text)).toEqual(data);
  });

  it("stays within its bound, shortening long strings first and keeping tokens, indexes and ids", () => {
    const file = "x".repeat(50_000);
    const data = {
      config: { "README.md": file, "lib/agent.ts": file },
      audit: { sessionToken: "s".repeat(64), entry: { id: "abc:0" } },
      transparency: { index: 41 },
    };
    const text = resultText("Incorporated.", data);
    expect(text.length).toBeLessThanOrEqual(RESULT_TEXT_MAX_CHARS);
    const shown = dataOf(text);
    expect(shown.audit).toEqual(data.audit);
    expect(shown.transparency.index).toBe(41);
    expect(shown.config["README.md"]).toMatch(
      /50000 characters in all: the whole text is structuredContent\.config\["README\.md"\]/,
    );
  });

  it("halves long lists when short strings alone are over the bound, saying how many were left out", () => {
    const entries = Array.from({ length: 5_000 }, (_, i) => ({ id: `s:${i}`, hmac: "h".repeat(40) }));
    const text = resultText("5000 entries.", { count: 5_000, entries });
    expect(text.length).toBeLessThanOrEqual(RESULT_TEXT_MAX_CHARS);
    const shown = dataOf(text);
    expect(shown.count).toBe(5_000);
    expect(shown.entries[0]).toEqual(entries[0]);
    expect(shown.entries.at(-1)).toMatch(/^… \d+ more item\(s\): see structuredContent$/);
  });
});

describe("client text in a log line", () => {
  it("escapes line breaks and invisible characters, and is cut to its bound", () => {
    const logged = safeLogText(`tool\n[store] forged\r\u2028\u202e\u0000\\x${"y".repeat(1_000)}`);
    for (const raw of ["\n", "\r", "\u2028", "\u202e", "\u0000"]) expect(logged).not.toContain(raw);
    expect(logged.startsWith("tool\\u000a[store] forged\\u000d\\u2028\\u202e\\u0000\\\\x")).toBe(true);
    expect(logged).toMatch(/… \[\d+ chars\]$/);
    expect(logged.length).toBeLessThan(400);
  });
});
