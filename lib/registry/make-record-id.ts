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

/** Candidate ids for a new record: the bare slug first, then the slug with a random suffix. */
export function recordIdCandidates(name: string, attempts = 5): string[] {
  const slug = slugify(name);
  return [slug, ...Array.from({ length: attempts - 1 }, () => `${slug}-${randomBytes(3).toString("hex")}`)];
}
