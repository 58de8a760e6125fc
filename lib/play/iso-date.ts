import { z } from "zod";

const PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True when `YYYY-MM-DD` names a day of the calendar: not 2025-02-31, not 2025-13-45. */
export function isCalendarDate(text: string): boolean {
  if (!PATTERN.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/**
 * A tool's date argument. The pattern is what a model reads in the JSON schema; the calendar check
 * runs when the SDK parses the input, so an impossible day is refused before the tool runs (an
 * audited `rejected` call) instead of failing inside it or dating an invoice 31 February.
 */
export function isoDateInput() {
  return z.string().regex(PATTERN).refine(isCalendarDate, { message: "Not a calendar date: write YYYY-MM-DD." });
}
