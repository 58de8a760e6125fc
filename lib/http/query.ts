import { ApiError } from "./problem";

/** A yes/no query flag: absent, 0/false or 1/true; anything else is a 400 naming the parameter. */
export function booleanFlag(url: URL, name: string): boolean {
  const value = url.searchParams.get(name);
  if (value === null || value === "0" || value === "false") return false;
  if (value === "1" || value === "true" || value === "") return true;
  throw new ApiError("invalid_query", `Query parameter ${name} takes 1 or 0 (got "${value}").`, {
    parameter: name,
    allowed: ["1", "0", "true", "false"],
  });
}

/** A whole-number query parameter in [min, max]; absent gives `fallback`, anything else is a 400 naming it. */
export function integerParam(url: URL, name: string, range: { min: number; max: number; fallback: number }): number {
  const value = url.searchParams.get(name);
  if (value === null) return range.fallback;
  const n = /^-?\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < range.min || n > range.max) {
    throw new ApiError(
      "invalid_query",
      `Query parameter ${name} takes a whole number from ${range.min} to ${range.max} (got "${value}").`,
      { parameter: name, min: range.min, max: range.max },
    );
  }
  return n;
}
