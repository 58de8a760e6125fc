import { z } from "zod";
import data from "./data/ecosystem-inventory.json" with { type: "json" };

/** Shape of lib/discovery/data/ecosystem-inventory.json, the ecosystem's package catalogue. */
export const catalogueSchema = z.strictObject({
  asOf: z.iso.date(),
  note: z.string(),
  packages: z.array(
    z.strictObject({
      name: z.string().regex(/^@[a-z0-9-]+\/[a-z0-9.-]+$/),
      version: z.string().regex(/^\d+\.\d+\.\d+/),
      description: z.string().min(1),
      tools: z.array(
        z.strictObject({
          name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
          params: z.array(
            z.strictObject({ name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), required: z.boolean() }),
          ),
        }),
      ),
    }),
  ),
});

export type Catalogue = z.infer<typeof catalogueSchema>;

let parsed: Catalogue | undefined;

/** The catalogue, checked against its schema once: a bad edit of the data file fails loudly. */
export function loadCatalogue(): Catalogue {
  parsed ??= catalogueSchema.parse(data);
  return parsed;
}
