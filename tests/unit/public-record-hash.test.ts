import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { publicRecordHash } from "@/lib/tlog/leaf";

// A registry leaf commits to the record as GET /api/registry/{id} serves it: anyone holding the
// served JSON must get the same hash from it, whatever the server's object held before it was sent.
describe("publicRecordHash", () => {
  const served = (record: object) => {
    const canonical = (v: unknown): string =>
      Array.isArray(v)
        ? `[${v.map(canonical).join(",")}]`
        : v !== null && typeof v === "object"
          ? `{${Object.keys(v)
              .sort()
              .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
              .join(",")}}`
          : JSON.stringify(v);
    const json = JSON.parse(JSON.stringify(record));
    return `sha256:${createHash("sha256").update(canonical(json)).digest("hex")}`;
  };

  it("hashes the record's canonical JSON, members in code-unit order", () => {
    const record = { status: "forming", id: "ab12", denominacion: "Ñandú IA S.A.S.", capital: 100000 };
    expect(publicRecordHash(record)).toBe(served(record));
  });

  it("hashes a member left undefined as the answer that leaves it out", () => {
    const record = { id: "ab12", status: "draft", publicUrl: undefined, links: [undefined, "x"] };
    expect(publicRecordHash(record)).toBe(served(record));
    expect(publicRecordHash(record)).toBe(publicRecordHash({ id: "ab12", status: "draft", links: [null, "x"] }));
  });
});
