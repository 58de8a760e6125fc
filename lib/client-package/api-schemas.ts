import { z } from "zod";

const statementSchema = z.object({
  _type: z.literal("https://in-toto.io/Statement/v1"),
  subject: z.array(z.object({ name: z.string(), digest: z.object({ sha512: z.string().regex(/^[0-9a-f]{128}$/) }) })),
  predicateType: z.literal("https://slsa.dev/provenance/v1"),
  predicate: z.record(z.string(), z.unknown()).describe("SLSA provenance v1: buildDefinition and runDetails."),
});

/** GET /api/packages/incorporate: what getClientPackage() answers. */
export const clientPackageSchema = z.object({
  name: z.string(),
  version: z.string(),
  tarball: z.url(),
  size: z.int(),
  integrity: z.string().regex(/^sha512-[A-Za-z0-9+/]{86}==$/),
  install: z.string(),
  provenance: z.object({
    jws: z.string().describe("Compact JWS (EdDSA) whose payload is `statement`."),
    mediaType: z.literal("application/vnd.in-toto+json"),
    jwks: z.url(),
    statement: statementSchema,
  }),
  whenPublished: z.string().describe("How to install and check it once it is on npm."),
});
