/**
 * RFC 8785 JSON Canonicalization Scheme. ECMAScript's JSON.stringify already writes strings and
 * numbers exactly as JCS requires; what JCS adds is object members sorted by their UTF-16 code
 * units (JavaScript's default sort order) and no whitespace.
 */
export function canonicalize(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("JCS: numbers must be finite");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalize(v === undefined ? null : v)).join(",")}]`;
  if (typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const members = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalize(obj[k])}`);
    return `{${members.join(",")}}`;
  }
  throw new TypeError(`JCS: ${typeof value} has no JSON form`);
}
