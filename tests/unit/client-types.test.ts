import type * as Client from "@sociedades-ia/incorporate";
import { describe, expectTypeOf, it } from "vitest";
import type { AuditEntry } from "@/lib/audit/entry";
import type { VerificationReport } from "@/lib/audit/verify";
import type { IncorporationSuccess } from "@/lib/incorporation/success";

// The client package may not import the service's code, so it keeps its own copies of the API's
// types. These checks run in the type check (tsc): a copy that drifts from what the service sends
// fails it.
describe("the client package's API types", () => {
  it("declare the audit entry the service stores", () => {
    expectTypeOf<Client.AuditEntry>().toEqualTypeOf<AuditEntry>();
  });

  it("accept the incorporation answer the service builds", () => {
    expectTypeOf<IncorporationSuccess>().toExtend<Client.IncorporationSuccess>();
  });

  it("accept the verification report the service computes", () => {
    expectTypeOf<VerificationReport>().toExtend<Client.VerificationReport>();
  });
});
