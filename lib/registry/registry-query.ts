import { createHash } from "node:crypto";
import { ApiError } from "../http/problem";
import type { Jurisdiction, RecordStatus, RecordType, RegistryFilters } from "./record-schema";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

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

function invalid(parameter: string, detail: string): ApiError {
  return new ApiError("invalid_query", detail, { parameter });
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

/** GET /api/registry's query as its schema (listQuery) parses it: each filter from its list, limit 1..100. */
export interface ListQueryValues {
  jurisdiction?: Jurisdiction;
  type?: RecordType;
  status?: RecordStatus;
  q?: string;
  limit: number;
  cursor?: string;
}

/**
 * What a parsed listing query asks of the store: the name filter folded (accent- and
 * case-insensitive), the cursor resolved to its store position. A name filter with nothing to look
 * for, a cursor this API did not return, or one of other filters, is a 400 naming the parameter.
 */
export function registryQuery(values: ListQueryValues): RegistryQuery {
  const filters: RegistryFilters = {
    jurisdiction: values.jurisdiction ?? null,
    type: values.type ?? null,
    status: values.status ?? null,
  };
  let q: string | null = null;
  if (values.q !== undefined && values.q.trim() !== "") {
    q = foldName(values.q);
    if (q === "") throw invalid("q", "q has no letters or digits to look for.");
  }
  let after: number | undefined;
  const cursor = values.cursor;
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
  return { filters, q, limit: values.limit, after };
}
