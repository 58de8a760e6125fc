import { auditVerdict } from "@sociedades-ia/incorporate";
import { describe, expect, it } from "vitest";
import { reportStatuses } from "@/lib/audit/report-statuses";
import type { VerificationReport } from "@/lib/audit/verify";

type Report = Parameters<typeof reportStatuses>[0];

const clean: Report = {
  tampered: 0,
  unsigned: 0,
  checkpoint: "valid",
  header: "sealed",
  index: { status: "latest", seq: 3, leafIndex: 41 },
  witnesses: { meets: true, quorum: 1, cosigned: ["w"], size: 42, error: null, contradiction: false },
};
const verdictOf = (report: Report) => {
  const statuses = reportStatuses(report);
  return statuses && auditVerdict(statuses);
};

describe("the one verification's verdict from a verified read's report (the dashboard's headline)", () => {
  it("is verified only when the entries, the index and the witnesses all pass", () => {
    expect(verdictOf(clean)).toBe("verified");
  });

  it("reads a missing quorum as not witnessed yet, and a refusing witness as failed", () => {
    const late: VerificationReport["witnesses"] = {
      meets: false,
      quorum: 1,
      cosigned: [],
      size: null,
      error: "not witnessed yet: 0 of 1",
      contradiction: false,
    };
    expect(verdictOf({ ...clean, witnesses: late })).toBe("not_witnessed");
    const refused = { ...late, error: "witness w refused the checkpoint", contradiction: true };
    expect(verdictOf({ ...clean, witnesses: refused })).toBe("failed");
  });

  it("fails a cut session and edited entries; a head not in the log yet is not verified", () => {
    expect(verdictOf({ ...clean, index: { status: "cut", seq: 5, leafIndex: 50 } })).toBe("failed");
    expect(verdictOf({ ...clean, tampered: 1 })).toBe("failed");
    expect(verdictOf({ ...clean, header: "invalid" })).toBe("failed");
    expect(reportStatuses({ ...clean, index: { status: "pending", seq: 2, leafIndex: 30 } })?.log).toBe("pending");
    expect(verdictOf({ ...clean, index: { status: "pending", seq: 2, leafIndex: 30 } })).toBe("unchecked");
  });

  it("gives no verdict for a report without the index or the witnesses", () => {
    expect(verdictOf({ ...clean, index: undefined })).toBeNull();
    expect(verdictOf({ ...clean, witnesses: undefined })).toBeNull();
  });
});
