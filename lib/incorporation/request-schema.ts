import { z } from "zod";
import { SESSION_ID_PATTERN } from "../audit/entry";
import { EXAMPLE_REQUEST } from "./example-request";
import { TIPOS } from "./legal-figures";
import { type IncorporationRequest, LIMITS } from "./validate";

/**
 * The request's contract for the OpenAPI description and the self-description (SPEC 2.4 plus the
 * optional fields). The rules that produce findings are in validate.ts; this schema states the same
 * shapes and limits for machines.
 */
export const incorporationRequestSchema = z
  .object({
    denominacion: z
      .string()
      .min(LIMITS.denominacion.min)
      .max(LIMITS.denominacion.max)
      .describe("Company name, ending with the suffix of its tipo (e.g. 'Acme Agentes Automatizada SOCIEDAD-IA')."),
    tipo: z.enum(TIPOS).describe("Legal form. SOCIEDAD-IA is pending law."),
    capitalSocial: z.number().positive().describe("Share capital in Argentine pesos."),
    objeto: z
      .string()
      .min(LIMITS.objeto.min)
      .max(LIMITS.objeto.max)
      .describe("Corporate purpose: the concrete activities, in plain language."),
    sessionId: z
      .string()
      .regex(SESSION_ID_PATTERN)
      .optional()
      .describe("Audit session to chain this call into (a UUID); omitted: the server creates one."),
    representante: z
      .object({
        nombre: z.string().describe("Full name."),
        cuit: z.string().describe("CUIT, NN-NNNNNNNN-N or 11 digits."),
      })
      .optional()
      .describe("The responsible human representative."),
    emailContacto: z.email().optional().describe("Contact e-mail for the authorities."),
  })
  .meta({
    examples: [EXAMPLE_REQUEST],
  });

// The schema and the validated request type must describe the same object.
type _Same = z.infer<typeof incorporationRequestSchema> extends IncorporationRequest ? true : never;
export const schemaMatchesRequest: _Same = true;
