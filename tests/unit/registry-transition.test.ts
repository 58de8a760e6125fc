import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/problem";
import { applyTransition } from "@/lib/registry/apply-transition";
import type { RegistryRecord } from "@/lib/registry/record-schema";

const AT = "2026-03-04T05:06:07.000Z";

function record(status: RegistryRecord["status"], state: RegistryRecord["goodStanding"]["state"]): RegistryRecord {
  return {
    id: "acme",
    name: "Acme",
    type: "productive-sociedad-ia",
    jurisdiction: "AR",
    operator: "Acme SRL",
    operatorCuit: "30-71234567-1",
    publicUrl: status === "forming" ? "-" : "https://acme.example",
    rfcConformance: [],
    disclosure: { es: "x", en: "y" },
    status,
    listedSince: status === "live" ? "2026-01-01" : "-",
    goodStanding: { state, lastCheckedAt: null, lastScore: null, lastRating: null },
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    source: status === "forming" ? "formed" : "self-listed",
    ...(status === "forming" ? { sessionId: "session-0001" } : {}),
  };
}

const pass = { type: "certify", at: AT, score: 72, rating: "C", passed: true } as const;
const fail = { type: "certify", at: AT, score: 40, rating: "E", passed: false } as const;

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected an invalid_transition");
}

describe("registry state machine", () => {
  it("takes a draft live at C or better, with good standing and listedSince set", () => {
    const next = applyTransition(record("draft", "unverified"), pass);
    expect(next.status).toBe("live");
    expect(next.listedSince).toBe("2026-03-04");
    expect(next.goodStanding).toEqual({ state: "active", lastCheckedAt: AT, lastScore: 72, lastRating: "C" });
    expect(next.updatedAt).toBe(AT);
  });

  it("dates a listing in Buenos Aires, three hours behind UTC", () => {
    const lateEvening = { ...pass, at: "2026-03-05T01:30:00.000Z" }; // 22:30 on 4 March in Buenos Aires
    expect(applyTransition(record("draft", "unverified"), lateEvening).listedSince).toBe("2026-03-04");
  });

  it("keeps a draft below C a draft, remembering the attempt", () => {
    const next = applyTransition(record("draft", "unverified"), fail);
    expect(next.status).toBe("draft");
    expect(next.listedSince).toBe("-");
    expect(next.goodStanding).toEqual({ state: "unverified", lastCheckedAt: AT, lastScore: 40, lastRating: "E" });
  });

  it("suspends a live record whose re-check falls below C and reinstates it when it passes again", () => {
    const suspended = applyTransition(record("live", "active"), fail);
    expect(suspended.status).toBe("live");
    expect(suspended.goodStanding.state).toBe("suspended");
    expect(suspended.listedSince).toBe("2026-01-01");
    const back = applyTransition(suspended, pass);
    expect(back.goodStanding.state).toBe("active");
    expect(back.listedSince).toBe("2026-01-01");
  });

  it("turns a forming stub into a draft when it is claimed with its URL", () => {
    const next = applyTransition(record("forming", "unverified"), {
      type: "claim",
      at: AT,
      publicUrl: "https://new.example",
    });
    expect(next).toMatchObject({ status: "draft", publicUrl: "https://new.example", source: "formed" });
    expect(next.sessionId).toBe("session-0001");
  });

  it("drops a live record back to draft when its public URL changes", () => {
    const next = applyTransition(record("live", "active"), {
      type: "change-url",
      at: AT,
      publicUrl: "https://moved.example",
    });
    expect(next).toMatchObject({ status: "draft", listedSince: "-", publicUrl: "https://moved.example" });
    expect(next.goodStanding).toEqual({ state: "unverified", lastCheckedAt: null, lastScore: null, lastRating: null });
  });

  it("refuses invalid transitions with a clear 409", () => {
    const certifyForming = refusal(() => applyTransition(record("forming", "unverified"), pass));
    expect(certifyForming.code).toBe("invalid_transition");
    expect(certifyForming.status).toBe(409);
    expect(certifyForming.detail).toMatch(/claims its record/);
    expect(certifyForming.extensions).toEqual({ from: "forming", event: "certify" });

    for (const status of ["draft", "live"] as const) {
      const claim = refusal(() =>
        applyTransition(record(status, "unverified"), { type: "claim", at: AT, publicUrl: "https://x.example" }),
      );
      expect(claim.detail).toMatch(/only a forming record can be claimed/);
    }
    const move = refusal(() =>
      applyTransition(record("forming", "unverified"), { type: "change-url", at: AT, publicUrl: "https://x.example" }),
    );
    expect(move.detail).toMatch(/claim the record/);
  });
});
