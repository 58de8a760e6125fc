import type * as Client from "@sociedades-ia/incorporate";
import { describe, expectTypeOf, it } from "vitest";
import type { IncorporationSuccess } from "@/lib/incorporation/success";

// The audit entry and the verification report are defined once, in the client package, and the
// service imports them. The incorporation answer stays two types on purpose: the package reads
// answers of older deployments too, so its members are looser (optional, plain strings); the
// service's own type must still be one the package accepts. This runs in the type check (tsc).
describe("the client package's API types", () => {
  it("accept the incorporation answer the service builds", () => {
    expectTypeOf<IncorporationSuccess>().toExtend<Client.IncorporationSuccess>();
  });
});
