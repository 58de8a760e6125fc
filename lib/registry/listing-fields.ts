/** The members of a listing, in the order the registry checks and reports them. */
export const LISTING_FIELDS = [
  "name",
  "type",
  "jurisdiction",
  "operator",
  "operatorCuit",
  "publicUrl",
  "rfcConformance",
  "disclosure",
] as const;

export type ListingField = (typeof LISTING_FIELDS)[number];

/** Length limits of listing members (characters, after trimming). */
export const LISTING_LIMITS = { name: 120, operator: 200, disclosureMin: 20, disclosureMax: 2000 } as const;

/** What an owner may change; the operator (admin token) may change every listing member. */
export const OWNER_EDITABLE: readonly ListingField[] = ["disclosure", "publicUrl"];

/**
 * Members a claim may send, and those it must. The operator and CUIT default to the representative
 * the incorporation named; without one the claim must give them (operatorCuit for AR records only).
 */
export const CLAIM_FIELDS: readonly ListingField[] = [
  "publicUrl",
  "operator",
  "operatorCuit",
  "disclosure",
  "rfcConformance",
];
export const CLAIM_REQUIRED: readonly ListingField[] = ["publicUrl"];
