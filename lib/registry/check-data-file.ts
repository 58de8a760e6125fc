import { listingUpdateSchema } from "./listing-request";
import { validateListing } from "./validate-listing";

/** One problem of the registry data file, located by record. */
export interface DataFileProblem {
  /** Index of the record in `records` (null for the file as a whole). */
  index: number | null;
  id: string | null;
  message: string;
}

/** A proposed record's listing members: any type, and name, type, jurisdiction and disclosure required. */
const seedListingSchema = listingUpdateSchema.required({
  name: true,
  type: true,
  jurisdiction: true,
  disclosure: true,
});

/**
 * The rules data/registry-seeds.json must meet beyond its JSON Schema (schemas/registry-seeds.v1.json),
 * for a record proposed by a pull request: the same text, URL and CUIT rules as POST /api/registry
 * (validateListing, check digit included), unique ids and origins, exactly one record that is the
 * deployment, and every other record a draft (it goes live only through the certifier). A CUIT may
 * repeat: one operator may run any number of companies.
 */
export function checkRegistryDataFile(file: unknown): DataFileProblem[] {
  const problems: DataFileProblem[] = [];
  const records = (file as { records?: unknown } | null)?.records;
  if (!Array.isArray(records)) return [{ index: null, id: null, message: "records must be an array" }];
  const seen = { id: new Map<string, number>(), origin: new Map<string, number>() };
  const once = (kind: keyof typeof seen, value: string, index: number, id: string | null, what: string) => {
    const first = seen[kind].get(value);
    if (first === undefined) seen[kind].set(value, index);
    else problems.push({ index, id, message: `${what} ${value} is already used by record ${first}` });
  };
  let deployments = 0;
  records.forEach((raw, index) => {
    const record = (raw ?? {}) as Record<string, unknown>;
    const id = typeof record.id === "string" ? record.id : null;
    const { id: _id, deployment, status, ...listing } = record;
    const { findings, values } = validateListing(listing, {
      schema: seedListingSchema,
      cuitRequired: false,
      allowLoopback: false,
    });
    for (const f of findings) {
      if (f.severity === "error") problems.push({ index, id, message: `${f.field}: ${f.message} (${f.code})` });
    }
    if (id) once("id", id, index, id, "id");
    if (values.publicUrl) once("origin", values.publicUrl, index, id, "publicUrl origin");
    if (deployment === true) deployments++;
    else if (status !== "draft") {
      problems.push({ index, id, message: `status must be draft: a proposed record goes live only when certified` });
    }
  });
  if (deployments !== 1) {
    problems.push({
      index: null,
      id: null,
      message: `exactly one record must be the deployment (found ${deployments})`,
    });
  }
  return problems;
}
