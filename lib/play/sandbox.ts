import { createHash } from "node:crypto";
import { canonicalJson } from "../signing/canonical";

/**
 * Deterministic sandbox data for the demo tools: every made-up value (names, amounts, ids, CAEs)
 * is derived from SHA-256 of the tool's label and its canonical input, so the same call always gives
 * the same answer and nothing depends on time, randomness or an outside service.
 */
export class SandboxSeed {
  private readonly bytes: Buffer;

  constructor(label: string, input: unknown) {
    this.bytes = createHash("sha256")
      .update(`${label}\n${canonicalJson(input ?? null)}`, "utf8")
      .digest();
  }

  /** An integer in [0, n) taken from the seed at position `slot` (0-7). */
  int(n: number, slot = 0): number {
    return this.bytes.readUInt32BE((slot % 8) * 4) % n;
  }

  /** An element of `list`, chosen by `slot`. */
  pick<T>(list: readonly T[], slot = 0): T {
    return list[this.int(list.length, slot)] as T;
  }

  /** `length` decimal digits (up to 60), the first one never 0 when `leadingNonZero`. */
  digits(length: number, leadingNonZero = false): string {
    const decimal = BigInt(`0x${this.bytes.toString("hex")}`)
      .toString()
      .padStart(78, "0");
    const out = decimal.slice(-length);
    return leadingNonZero && out[0] === "0" ? `1${out.slice(1)}` : out;
  }

  /** The first `length` lowercase hex digits. */
  hex(length: number): string {
    return this.bytes.toString("hex").slice(0, length);
  }

  /** A date `YYYY-MM-DD` between `from` and `from + spanDays`. */
  date(from: string, spanDays: number, slot = 0): string {
    return addDays(from, this.int(spanDays, slot));
  }
}

/** `YYYY-MM-DD` plus `days` (UTC calendar arithmetic). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Host of the made-up URLs tools return: a reserved `.example` name that never resolves (RFC 2606). */
export const SANDBOX_HOST = "sandbox.sociedades-ia.example";
