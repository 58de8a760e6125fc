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
 * Candidate ids for a new listing: the slug of its name with a random suffix of eight hex digits,
 * so nobody can know a listing's id before the service answers, nor take it first (a site that
 * publishes the id it expects could otherwise be beaten to it). Eight digits after the last '-' can
 * never look like a forming stub's ten.
 */
export function recordIdCandidates(name: string, attempts = 5): string[] {
  const slug = slugify(name);
  return Array.from({ length: attempts }, () => `${slug}-${randomBytes(4).toString("hex")}`);
}
