import { randomBytes } from "node:crypto";

const MAX_SLUG = 48;

/** A URL-safe slug of a company name: lowercase ASCII, accents dropped, words joined by '-'. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG)
    .replace(/-+$/, "");
  return slug || "sociedad";
}

/** The shape of a forming stub's id (create-forming-stub.ts): a slug, '-', ten hex digits. */
export const FORMING_STUB_ID = /-[0-9a-f]{10}$/;

/**
 * Candidate ids for a new record: the bare slug first, then the slug with a random suffix. A bare
 * slug shaped like a forming stub's id is not offered: anyone can compute the stub id of a company
 * in a public session, and listing under it first would block that company's incorporation.
 */
export function recordIdCandidates(name: string, attempts = 5): string[] {
  const slug = slugify(name);
  const suffixed = Array.from({ length: attempts - 1 }, () => `${slug}-${randomBytes(3).toString("hex")}`);
  return FORMING_STUB_ID.test(slug) ? suffixed : [slug, ...suffixed];
}
