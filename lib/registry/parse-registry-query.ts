import { createHash } from "node:crypto";
import { ApiError } from "../http/problem";
import { JURISDICTIONS, RECORD_STATUSES, RECORD_TYPES, type RegistryFilters } from "./record-schema";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

const FILTER_VALUES = { jurisdiction: JURISDICTIONS, type: RECORD_TYPES, status: RECORD_STATUSES } as const;
const PARAMETERS = ["jurisdiction", "type", "status", "limit", "cursor"] as const;

export interface RegistryQuery {
  filters: RegistryFilters;
  limit: number;
  /** Store position to continue after, from the cursor. */
  after: number | undefined;
}

function invalid(parameter: string, detail: string, allowed?: readonly string[]): ApiError {
  return new ApiError("invalid_query", detail, { parameter, ...(allowed ? { allowed } : {}) });
}

// A cursor is bound to its filters: reusing it with other filters would skip or repeat records.
function filtersSignature(filters: RegistryFilters): string {
  return createHash("sha256").update(JSON.stringify(filters)).digest("base64url").slice(0, 8);
}

/** The opaque cursor that continues a listing after store position `after`. */
export function encodeCursor(after: number, filters: RegistryFilters): string {
  return Buffer.from(JSON.stringify({ a: after, f: filtersSignature(filters) })).toString("base64url");
}

/**
 * Reads GET /api/registry's query: filters `jurisdiction`, `type`, `status` (each from a fixed list),
 * `limit` (1..100) and `cursor`. Anything unknown, repeated or out of range is a 400 problem that
 * names the parameter and lists its allowed values.
 */
export function parseRegistryQuery(params: URLSearchParams): RegistryQuery {
  for (const name of new Set(params.keys())) {
    if (!(PARAMETERS as readonly string[]).includes(name)) {
      throw invalid(name, `Unknown query parameter "${name}". Allowed: ${PARAMETERS.join(", ")}.`, PARAMETERS);
    }
    if (params.getAll(name).length > 1) throw invalid(name, `Query parameter "${name}" is repeated; send it once.`);
  }
  const filters: RegistryFilters = { jurisdiction: null, type: null, status: null };
  for (const name of ["jurisdiction", "type", "status"] as const) {
    const value = params.get(name);
    if (value === null || value === "") continue;
    const allowed: readonly string[] = FILTER_VALUES[name];
    if (!allowed.includes(value)) {
      throw invalid(name, `Unknown ${name} "${value}". Allowed values: ${allowed.join(", ")}.`, allowed);
    }
    (filters as Record<string, string | null>)[name] = value;
  }

  let limit = DEFAULT_LIMIT;
  const rawLimit = params.get("limit");
  if (rawLimit !== null) {
    limit = Number(rawLimit);
    if (!/^\d+$/.test(rawLimit) || limit < 1 || limit > MAX_LIMIT) {
      throw invalid("limit", `limit must be an integer from 1 to ${MAX_LIMIT} (got "${rawLimit}").`);
    }
  }

  let after: number | undefined;
  const cursor = params.get("cursor");
  if (cursor) {
    let decoded: { a?: unknown; f?: unknown } = {};
    try {
      const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
      // Any JSON decodes (null, a number): only an object can be one of ours.
      if (parsed !== null && typeof parsed === "object") decoded = parsed;
    } catch {
      /* reported below */
    }
    if (!Number.isSafeInteger(decoded.a) || (decoded.a as number) < 0) {
      throw invalid("cursor", "cursor is not one this API returned; start again without it.");
    }
    if (decoded.f !== filtersSignature(filters)) {
      throw invalid("cursor", "This cursor belongs to other filters; keep the filters of the page that returned it.");
    }
    after = decoded.a as number;
  }
  return { filters, limit, after };
}
