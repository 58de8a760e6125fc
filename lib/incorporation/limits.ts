/**
 * The lengths the incorporation request allows. A module of its own so the /incorporar form can
 * show them without importing the request's zod schema (request-schema.ts), which checks them.
 */
export const LIMITS = {
  denominacion: { min: 3, max: 120 },
  objeto: { min: 30, max: 2000 },
  representanteNombre: { min: 3, max: 120 },
} as const;
