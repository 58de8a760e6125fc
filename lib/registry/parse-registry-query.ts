import { createHash } from "node:crypto";
import { ApiError } from "../http/problem";
import { JURISDICTIONS, RECORD_STATUSES, RECORD_TYPES, type RegistryFilters } from "./record-schema";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

const FILTER_VALUES = { jurisdiction: JURISDICTIONS, type: RECORD_TYPES, status: RECORD_STATUSES } as const;
const PARAMETERS = ["jurisdiction", "type", "status", "q", "limit", "cursor"] as const;

/** Longest name filter, in characters: longer than any record's name. */
export const NAME_FILTER_MAX = 120;

export interface RegistryQuery {
  filters: RegistryFilters;
  /** The name filter as folded for matching (foldName), or null. */
  q: string | null;
  limit: number;
  /** Store position to continue after, from the cursor. */
  after: number | undefined;
}

function invalid(parameter: string, detail: string, allowed?: readonly string[]): ApiError {
  return new ApiError("invalid_query", detail, { parameter, ...(allowed ? { allowed } : {}) });
}

/**
 * A name as the name filter compares it: Unicode compatibility form, accents and other combining
 * marks dropped, lower case, runs of spaces as one. "Agéntes  del LITORAL" matches "agentes del litoral".
 */
export function foldName(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

// A cursor is bound to its filters: reusing it with other filters would skip or repeat records.
function filtersSignature(filters: RegistryFilters, q: string | null): string {
  // Without a name filter the signature is what it was before there was one: cursors already out stay good.
  const signed = q === null ? filters : { ...filters, q };
  return createHash("sha256").update(JSON.stringify(signed)).digest("base64url").slice(0, 8);
}

/** The opaque cursor that continues a listing after store position `after`. */
export function encodeCursor(after: number, filters: RegistryFilters, q: string | null = null): string {
  return Buffer.from(JSON.stringify({ a: after, f: filtersSignature(filters, q) })).toString("base64url");
}

/**
 * Reads GET /api/registry's query: filters `jurisdiction`, `type`, `status` (each from a fixed list),
 * the name filter `q` (accent- and case-insensitive, part of the name), `limit` (1..100) and `cursor`. Anything unknown, repeated or out of range is a 400 problem that
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

  let q: string | null = null;
  const rawQ = params.get("q");
  if (rawQ !== null && rawQ.trim() !== "") {
    if ([...rawQ].length > NAME_FILTER_MAX) {
      throw invalid("q", `q takes at most ${NAME_FILTER_MAX} characters of a company's name.`);
    }
    q = foldName(rawQ);
    if (q === "") throw invalid("q", "q has no letters or digits to look for.");
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
    if (decoded.f !== filtersSignature(filters, q)) {
      throw invalid("cursor", "This cursor belongs to other filters; keep the filters of the page that returned it.");
    }
    after = decoded.a as number;
  }
  return { filters, q, limit, after };
}
