import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  fieldPath,
  findingCheck,
  findingsFromSites,
  type IssueSite,
  issueSites,
  parseMembers,
} from "@/lib/http/zod-findings";

const schema = z.strictObject({
  name: z
    .string()
    .trim()
    .refine((s) => s.length > 0, findingCheck("name_empty", { abort: true }))
    .refine((s) => !s.includes("!"), findingCheck("name_shouts")),
  tags: z.array(z.enum(["a", "b"])).optional(),
  owner: z.strictObject({ email: z.string() }).optional(),
});

const sitesOf = (input: Record<string, unknown>) => issueSites(parseMembers(schema, input).issues, input);
const brief = (site: IssueSite) => ({ field: fieldPath(site.path), code: site.code, unknown: site.unknown });

describe("zod issues as findings", () => {
  it("writes member paths as findings do", () => {
    expect(fieldPath(["name"])).toBe("name");
    expect(fieldPath(["owner", "email"])).toBe("owner.email");
    expect(fieldPath(["tags", 1])).toBe("tags[1]");
    expect(fieldPath(["a", 0, "b"])).toBe("a[0].b");
  });

  it("takes the code a check names, and leaves zod's own problems to the domain", () => {
    expect(sitesOf({ name: " ! " }).map(brief)).toEqual([{ field: "name", code: "name_shouts", unknown: false }]);
    // The first check aborts: an empty name is not also reported as shouting.
    expect(sitesOf({ name: "  " }).map(brief)).toEqual([{ field: "name", code: "name_empty", unknown: false }]);
    expect(sitesOf({ name: 5, tags: ["a", "c"] }).map(brief)).toEqual([
      { field: "name", code: undefined, unknown: false },
      { field: "tags[1]", code: undefined, unknown: false },
    ]);
  });

  it("makes each unknown member a site of its own, nested ones too, with the value as sent", () => {
    const sites = sitesOf({ name: "x", zeta: 1, alpha: 2, owner: { email: "e", phone: "9" } });
    expect(sites.map(brief)).toEqual([
      { field: "owner.phone", code: undefined, unknown: true },
      { field: "zeta", code: undefined, unknown: true },
      { field: "alpha", code: undefined, unknown: true },
    ]);
    expect(sites.map((s) => s.sent)).toEqual(["9", 1, 2]);
  });

  it("keeps a finding that two sites give once", () => {
    const input = { name: "x", tags: ["c", "d"] };
    const findings = findingsFromSites(sitesOf(input), (site) => ({
      code: "tags_invalid",
      field: String(site.path[0]),
    }));
    expect(findings).toEqual([{ code: "tags_invalid", field: "tags" }]);
  });

  it("keeps every well-formed member of a body that fails, as parsed", () => {
    const { values, issues } = parseMembers(schema, { name: "  Acme ", tags: ["x"], extra: 1 });
    expect(values).toEqual({ name: "Acme" });
    expect(issues.map((i) => i.code)).toEqual(["invalid_value", "unrecognized_keys"]);
    expect(parseMembers(schema, { name: " Acme ", tags: ["a"] })).toEqual({
      values: { name: "Acme", tags: ["a"] },
      issues: [],
    });
  });

  it("reports the value a check saw, for messages that quote it", () => {
    const counted = z.object({ text: z.string().trim().max(3) });
    const [issue] = parseMembers(counted, { text: "  abcd  " }).issues;
    expect(issue?.input).toBe("abcd");
  });
});
