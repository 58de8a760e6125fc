import type { CertificationCheck, Rating } from "../registry/record-schema";

/** Points of each check; they add up to 100. docs/registry.md explains each. */
export const CHECK_POINTS = {
  "manifest.reachable": 10,
  "manifest.schema": 10,
  "issuer.jurisdiction": 5,
  "issuer.cuit": 10,
  // Proves that whoever controls the site claims this listing (and is required for C, below).
  "issuer.registryId": 5,
  // The sample session: read through the declared endpoints, then verified offline. An endpoint that
  // answers an empty log fails all four.
  "audit.read": 10,
  "audit.chain": 10,
  "audit.checkpoint": 10,
  "audit.verify": 10,
  "audit.csv": 5,
  "audit.badge": 5,
  discovery: 10,
} as const;

export type CheckId = keyof typeof CHECK_POINTS;

/** Lowest score of each rating, best first; below the last is F. */
export const RATING_THRESHOLDS: [Rating, number][] = [
  ["A", 90],
  ["B", 80],
  ["C", 65],
  ["D", 50],
  ["E", 35],
];

/**
 * Checks that must all pass for C or better whatever the score: a valid manifest whose issuer is the
 * listed company and names this very listing, and a sample audit log, with entries, whose chain and
 * checkpoint verify under the declared key.
 * Without them the rating is capped at D, so neither a manifest alone nor someone else's manifest can
 * take a record live: a jurisdiction and a CUIT are public, only the site's owner can make its
 * manifest name the listing.
 */
export const REQUIRED_FOR_C: CheckId[] = [
  "manifest.schema",
  "issuer.jurisdiction",
  "issuer.cuit",
  "issuer.registryId",
  "audit.read",
  "audit.chain",
  "audit.checkpoint",
  "audit.verify",
];

const ORDER = "ABCDEF";

export function ratingFor(score: number): Rating {
  return RATING_THRESHOLDS.find(([, min]) => score >= min)?.[0] ?? "F";
}

/** Total score, rating (with the cap applied) and whether it is C or better. */
export function scoreChecks(checks: CertificationCheck[]): {
  score: number;
  rating: Rating;
  passed: boolean;
  capped: string | null;
} {
  // Every check counts in the total: one that could not run has 0 points, never a smaller total.
  const score = checks.reduce((sum, c) => sum + c.points, 0);
  let rating = ratingFor(score);
  let capped: string | null = null;
  const missing = REQUIRED_FOR_C.filter((id) => !checks.find((c) => c.id === id)?.passed);
  if (missing.length > 0 && ORDER.indexOf(rating) < ORDER.indexOf("D")) {
    rating = "D";
    capped = `Capped at D: C or better needs ${missing.join(", ")} to pass.`;
  }
  return { score, rating, passed: ORDER.indexOf(rating) <= ORDER.indexOf("C"), capped };
}
