import { describe, expect, it } from "vitest";
import { expandUriTemplate } from "@/lib/certifier/expand-uri-template";
import { CHECK_POINTS, type CheckId, RATING_THRESHOLDS, ratingFor, scoreChecks } from "@/lib/certifier/score-checks";
import type { CertificationCheck } from "@/lib/registry/record-schema";

function checks(passing: CheckId[]): CertificationCheck[] {
  return (Object.keys(CHECK_POINTS) as CheckId[]).map((id) => {
    const passed = passing.includes(id);
    return { id, title: id, passed, points: passed ? CHECK_POINTS[id] : 0, maxPoints: CHECK_POINTS[id], detail: "" };
  });
}

const ALL = Object.keys(CHECK_POINTS) as CheckId[];

describe("certifier scoring", () => {
  it("weights add up to 100 and thresholds map scores to A-F", () => {
    expect(Object.values(CHECK_POINTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(RATING_THRESHOLDS).toEqual([
      ["A", 90],
      ["B", 80],
      ["C", 65],
      ["D", 50],
      ["E", 35],
    ]);
    expect([100, 90, 89, 80, 79, 65, 64, 50, 49, 35, 34, 0].map(ratingFor)).toEqual([
      "A",
      "A",
      "B",
      "B",
      "C",
      "C",
      "D",
      "D",
      "E",
      "E",
      "F",
      "F",
    ]);
  });

  it("gives everything 100 and A", () => {
    expect(scoreChecks(checks(ALL))).toEqual({ score: 100, rating: "A", passed: true, capped: null });
  });

  it("never lets a manifest alone reach C", () => {
    const manifestOnly = scoreChecks(
      checks(["manifest.reachable", "manifest.schema", "issuer.jurisdiction", "issuer.cuit", "discovery"]),
    );
    expect(manifestOnly.score).toBe(45);
    expect(manifestOnly.passed).toBe(false);
  });

  it("caps at D when a required check fails whatever the score", () => {
    const wrongIssuer = scoreChecks(checks(ALL.filter((id) => id !== "issuer.cuit")));
    expect(wrongIssuer).toMatchObject({ score: 90, rating: "D", passed: false });
    expect(wrongIssuer.capped).toMatch(/issuer\.cuit/);
    const noVerify = scoreChecks(checks(ALL.filter((id) => id !== "audit.verify")));
    expect(noVerify).toMatchObject({ score: 90, rating: "D", passed: false });
    // A log whose chain holds but whose checkpoint is not signed by the declared key.
    const wrongKey = scoreChecks(checks(ALL.filter((id) => id !== "audit.checkpoint")));
    expect(wrongKey).toMatchObject({ score: 90, rating: "D", passed: false });
    expect(wrongKey.capped).toMatch(/audit\.checkpoint/);
    // An empty sample log: nothing to read, so nothing to verify offline either.
    const emptyLog = scoreChecks(
      checks(ALL.filter((id) => !["audit.read", "audit.chain", "audit.checkpoint", "audit.verify"].includes(id))),
    );
    expect(emptyLog).toMatchObject({ score: 60, rating: "D", passed: false });
    // 60 points is a D on its own: no cap needed.
    expect(emptyLog.capped).toBeNull();
    // Someone else's site, its public jurisdiction and CUIT copied: everything passes but the claim.
    const unclaimed = scoreChecks(checks(ALL.filter((id) => id !== "issuer.registryId")));
    expect(unclaimed).toMatchObject({ score: 95, rating: "D", passed: false });
    expect(unclaimed.capped).toMatch(/issuer\.registryId/);
  });

  it("counts a check that could not run as failed, keeping the total at 100", () => {
    const result = scoreChecks(checks(ALL.filter((id) => id !== "audit.csv" && id !== "audit.badge")));
    expect(result).toMatchObject({ score: 90, rating: "A", passed: true });
    expect(scoreChecks(checks([])).rating).toBe("F");
  });
});

describe("URI templates of the manifest (RFC 6570)", () => {
  it("fills simple, reserved and query expansions", () => {
    const vars = { sessionId: "abc 1/2", verify: "1", url: "https://x.example/a?b=c" };
    expect(expandUriTemplate("/api/play/audit/{sessionId}", vars)).toBe("/api/play/audit/abc%201%2F2");
    expect(expandUriTemplate("/audit/{sessionId}{?verify}", vars)).toBe("/audit/abc%201%2F2?verify=1");
    expect(expandUriTemplate("/audit/{sessionId}?x=1{&verify}", vars)).toBe("/audit/abc%201%2F2?x=1&verify=1");
    expect(expandUriTemplate("{+url}", vars)).toBe("https://x.example/a?b=c");
    expect(expandUriTemplate("/c{?url,missing}", vars)).toBe("/c?url=https%3A%2F%2Fx.example%2Fa%3Fb%3Dc");
    expect(expandUriTemplate("/x{/sessionId}{.verify}{#verify}", { sessionId: "s", verify: "1" })).toBe("/x/s.1#1");
    expect(expandUriTemplate("/p/{sessionId:3}", { sessionId: "abcdef" })).toBe("/p/abc");
    expect(expandUriTemplate("/none{?missing}", vars)).toBe("/none");
  });
});
