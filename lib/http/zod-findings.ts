import type { z } from "zod";
import { safeParse } from "zod/v4/core";

/*
 * From a zod parse to findings (lib/http/findings.ts). A request schema is the validator: each of its
 * own checks names the finding it raises (`params: { code }`, see findingCheck), and the problems zod
 * raises by itself (a wrong type, a missing or unknown member, a value outside an enum) take the code
 * the domain gives for that member. Rules that need more than the shape run after the parse, on the
 * members that parsed (parseMembers), as small finding functions of their domain. Nothing here
 * imports zod itself, only its core: the /incorporar page validates in the browser with zod/mini.
 */

/** The refinement parameters that make a failed check raise the finding `code`. */
export function findingCheck(code: string, options: { abort?: boolean } = {}) {
  return { params: { code }, abort: options.abort };
}

/** A member path as findings write it: `disclosure.es`, `rfcConformance[1]`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out;
}

/** The value at `path` in the input as sent; undefined when any step is missing. */
export function sentAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const segment of path) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[segment];
  }
  return node;
}

/** One place zod found a problem: an unknown member is a site of its own, at the member's path. */
export interface IssueSite {
  path: PropertyKey[];
  /** The finding code the failed check named, when it named one. */
  code: string | undefined;
  /** True for a member the schema does not have. */
  unknown: boolean;
  /** The value at `path` as sent (what a check saw may differ: strings are trimmed first). */
  sent: unknown;
  issue: z.core.$ZodIssue;
}

/** The sites of `issues` in zod's order. */
export function issueSites(issues: readonly z.core.$ZodIssue[], input: unknown): IssueSite[] {
  return issues.flatMap((issue): IssueSite[] => {
    const path = issue.path as PropertyKey[];
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => {
        const at = [...path, key];
        return { path: at, code: undefined, unknown: true, sent: sentAt(input, at), issue };
      });
    }
    const code = issue.code === "custom" ? (issue.params?.code as string | undefined) : undefined;
    return [{ path, code, unknown: false, sent: sentAt(input, path), issue }];
  });
}

/**
 * The findings of the sites, in their order: `toFindings` turns one site into its findings (none,
 * one or several). A finding that two sites give (same code and field) is kept once.
 */
export function findingsFromSites<F extends { code: string; field: string }>(
  sites: readonly IssueSite[],
  toFindings: (site: IssueSite) => F | F[] | null,
): F[] {
  const seen = new Set<string>();
  const out: F[] = [];
  for (const site of sites) {
    const found = toFindings(site);
    for (const f of found === null ? [] : Array.isArray(found) ? found : [found]) {
      const key = `${f.code}\u0000${f.field}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(f);
    }
  }
  return out;
}

/**
 * Parses an object with its schema and keeps every member that is well formed, even when others
 * are not: zod returns no data from a failed parse, so each member without an issue is then parsed
 * on its own. Issues carry the value their check saw (`input`), for messages that quote a length.
 * Works with zod and zod/mini schemas alike (it needs only zod's core).
 */
export function parseMembers<S extends z.core.$ZodObject>(
  schema: S,
  input: Record<string, unknown>,
): { values: Partial<z.output<S>>; issues: z.core.$ZodIssue[] } {
  const result = safeParse(schema, input, { reportInput: true });
  if (result.success) return { values: result.data as Partial<z.output<S>>, issues: [] };
  const issues = result.error.issues;
  const failed = new Set(issues.map((issue) => issue.path[0]));
  const values: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(schema._zod.def.shape)) {
    if (failed.has(key) || !Object.hasOwn(input, key)) continue;
    const one = safeParse(member, input[key]);
    if (one.success && one.data !== undefined) values[key] = one.data;
  }
  return { values: values as Partial<z.output<S>>, issues };
}
