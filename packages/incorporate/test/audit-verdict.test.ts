import { describe, expect, it } from "vitest";
import { type AuditCheckStatuses, auditVerdict } from "../src/audit-verdict.ts";

const all = (status: AuditCheckStatuses["entries"]): AuditCheckStatuses => ({
  entries: status,
  log: status,
  latest: status,
  witnesses: status,
});

describe("auditVerdict: one rule over the four checks", () => {
  it("is verified only when all four pass", () => {
    expect(auditVerdict(all("pass"))).toBe("verified");
  });

  it("reads a missing quorum alone as not witnessed yet, never verified", () => {
    expect(auditVerdict({ ...all("pass"), witnesses: "pending" })).toBe("not_witnessed");
  });

  it("lets any failure win, whatever else passes or is pending", () => {
    for (const check of ["entries", "log", "latest", "witnesses"] as const) {
      expect(auditVerdict({ ...all("pass"), witnesses: "pending", [check]: "fail" })).toBe("failed");
    }
  });

  it("is unchecked when a check other than the quorum could not be made", () => {
    expect(auditVerdict({ ...all("pass"), latest: "unchecked", witnesses: "pending" })).toBe("unchecked");
    expect(auditVerdict({ ...all("pass"), log: "pending" })).toBe("unchecked");
    expect(auditVerdict({ ...all("pass"), witnesses: "unchecked" })).toBe("unchecked");
  });
});
