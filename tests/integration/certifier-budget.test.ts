import { afterAll, describe, expect, it } from "vitest";
import { certifyOrigin } from "@/lib/certifier/certify-origin";
import { type SlowTarget, startSlowTarget } from "../support/slow-target";

// The certifier's whole-certification budget (25 s in service) caps every request it makes after the
// manifest: here shortened to 600 ms against a target whose declared endpoints never finish answering.
// Without the budget each of them would run into the 8 s per-request limit.
describe("the certification's time budget", () => {
  const targets: SlowTarget[] = [];
  afterAll(async () => {
    await Promise.all(targets.map((t) => t.close()));
  });

  it("ends every request still running when the budget is spent, each check naming its time-out", async () => {
    const target = await startSlowTarget({ mode: "slow-endpoints", cuit: "20-12345678-6" });
    targets.push(target);
    const budgetMs = 600;
    const report = await certifyOrigin({
      origin: target.url,
      expected: null,
      policy: { allowLoopback: true, budgetMs },
      recordId: null,
      binding: { recordSession: null, serviceKeys: [], serviceSessions: [] },
      schemaUrl: "https://example.test/schemas/certification-report.v1.json",
      onRefusedOrigin: "throw",
    });
    const detail = (id: string) => report.checks.find((c) => c.id === id)?.detail ?? "";
    expect(detail("manifest.reachable")).toMatch(/^HTTP 200/);
    for (const id of ["audit.read", "audit.verify", "audit.csv", "audit.badge"]) {
      const match = detail(id).match(/^No complete answer within (\d+) ms\.$/);
      expect(match, `${id}: ${detail(id)}`).not.toBeNull();
      // The request was given what was left of the budget, not the 8 s per-request limit.
      expect(Number(match?.[1])).toBeLessThanOrEqual(budgetMs);
    }
    expect(detail("discovery")).toMatch(/^machineReadable: No complete answer within \d+ ms\.$/);
    expect(report.passed).toBe(false);
  });
});
