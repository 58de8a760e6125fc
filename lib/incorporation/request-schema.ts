import * as z from "zod/mini";
import { findingCheck } from "../http/zod-findings";
import { CUIT_INPUT_PATTERN, isValidCuit, normaliseCuit } from "../identity/cuit";
import { hasHiddenCharacters } from "../text/hidden-characters";
import { EXAMPLE_REQUEST } from "./example-request";
import { TIPOS } from "./legal-figures";
import { LIMITS } from "./limits";

/*
 * The incorporation request (SPEC 2.4 plus the optional fields): the validator of POST
 * /api/auto-incorporate, MCP's incorporation tools and the /incorporar page, which runs it as the
 * user types, and the contract the OpenAPI description and the self-description publish. It is
 * written with zod/mini, which a bundler can trim to what the schema uses: the page's bundle gets
 * a fraction of what zod's chained API would add to it. Checks that name a finding code raise that
 * finding; validate.ts gives the codes of what zod finds by itself and runs the rules that need more
 * than the shape. Only z.toJSONSchema() converts zod/mini schemas (not zod's Standard JSON Schema
 * method).
 */

export { LIMITS };

/** Names and the objeto are read with their spaces collapsed: what counts is what a reader sees. */
function normaliseSpaces(s: string): string {
  return s.trim().replace(/\s+/g, " ");
}

/** A tipo as the parse reads it, as a JSON Schema pattern (no flags there): each letter in either case. */
const ANY_CASE_TIPO = `^\\s*(?:${TIPOS.map((t) =>
  // Letters as a class of both cases; "-" needs no escape outside a class (and \\- is refused in
  // the Unicode mode validators compile patterns in).
  [...t].map((c) => (c.toLowerCase() === c.toUpperCase() ? c : `[${c.toUpperCase()}${c.toLowerCase()}]`)).join(""),
).join("|")})\\s*$`;

export const incorporationRequestSchema = z
  .object({
    denominacion: z
      .string()
      .check(
        z.overwrite(normaliseSpaces),
        z.minLength(LIMITS.denominacion.min),
        z.maxLength(LIMITS.denominacion.max),
        z.describe("Company name, ending with the suffix of its tipo (e.g. 'Acme Agentes Automatizada SOCIEDAD-IA')."),
      ),
    // Read in any case, with spaces around ("srl" is SRL); the description lists the written forms.
    tipo: z.string().check(
      z.overwrite((s) => s.trim().toUpperCase()),
      z.refine((s) => (TIPOS as readonly string[]).includes(s), findingCheck("tipo_unknown")),
      // The JSON Schema says what is read: the written forms, or any case of them with spaces around.
      z.meta({
        anyOf: [{ enum: [...TIPOS] }, { pattern: ANY_CASE_TIPO }],
        description: "Legal form: SOCIEDAD-IA (pending law), SAS, SRL or SA, in any case ('sas' is SAS).",
      }),
    ),
    capitalSocial: z.number().check(z.positive(), z.describe("Share capital in Argentine pesos.")),
    objeto: z.string().check(
      // On the text as sent: it reaches the public log, the CSV and the generated README.
      z.refine((s) => !hasHiddenCharacters(s, { multiline: true }), findingCheck("objeto_characters", { abort: true })),
      z.overwrite(normaliseSpaces),
      z.minLength(LIMITS.objeto.min),
      z.maxLength(LIMITS.objeto.max),
      z.describe("Corporate purpose: the concrete activities, in plain language."),
    ),
    // A UUID, as SPEC types a formed record's sessionId; /play sessions keep DESIGN's wider pattern.
    sessionId: z
      .optional(z.guid())
      .check(z.describe("Audit session to chain this call into: a UUID. Omitted: the server creates one.")),
    representante: z
      .nullish(
        z.object({
          nombre: z
            .string()
            .check(
              z.maxLength(LIMITS.representanteNombre.max, { abort: true }),
              z.overwrite(normaliseSpaces),
              z.minLength(LIMITS.representanteNombre.min),
              z.describe("Full name."),
            ),
          cuit: z
            .string()
            .check(
              z.trim(),
              z.regex(CUIT_INPUT_PATTERN, { abort: true }),
              z.overwrite(normaliseCuit),
              z.refine(isValidCuit, findingCheck("representante_cuit_invalid")),
              z.describe("CUIT, NN-NNNNNNNN-N or 11 digits, whose modulo-11 check digit must match."),
            ),
        }),
      )
      .check(z.describe("The responsible human representative (null or absent: an info finding).")),
    emailContacto: z
      .nullish(z.string().check(z.trim(), z.email()))
      .check(z.describe("Contact e-mail for the authorities (null or absent: an info finding).")),
  })
  .check(z.meta({ examples: [EXAMPLE_REQUEST] }));
