import { describe, expect, it } from "vitest";
import { formatDay, formatInstant } from "@/lib/i18n/format-instant";

describe("the site's one way of writing an instant", () => {
  it("writes an ISO instant in UTC and says so", () => {
    expect(formatInstant("2026-01-15T12:00:00.000Z")).toBe("2026-01-15 12:00:00 UTC");
    expect(formatInstant("2026-01-15T12:00:00Z")).toBe("2026-01-15 12:00:00 UTC");
  });

  it("shows anything else as it is, and a missing value as a dash", () => {
    expect(formatInstant("yesterday")).toBe("yesterday");
    expect(formatInstant(42)).toBe("—");
  });

  it("writes a calendar date as it is", () => {
    expect(formatDay("2026-01-15")).toBe("2026-01-15");
    expect(formatDay("-")).toBe("—");
  });
});
