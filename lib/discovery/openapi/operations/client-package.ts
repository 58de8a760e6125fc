import { z } from "zod";
import { defineOperation } from "../operation";

const statementSchema = z.object({
  _type: z.literal("https://in-toto.io/Statement/v1"),
  subject: z.array(z.object({ name: z.string(), digest: z.object({ sha512: z.string().regex(/^[0-9a-f]{128}$/) }) })),
  predicateType: z.literal("https://slsa.dev/provenance/v1"),
  predicate: z.record(z.string(), z.unknown()).describe("SLSA provenance v1: buildDefinition and runDetails."),
});

export const getClientPackage = defineOperation({
  method: "GET",
  path: "/api/packages/incorporate",
  operationId: "getClientPackage",
  summary: "The client library's tarball, integrity and signed provenance",
  description:
    "Until the client library is published on npm, the service serves its packed tarball: `npm install <tarball>` installs it. `integrity` is its SHA-512 (npm's form); `provenance.jws` is an in-toto statement about exactly those bytes (subject: the tarball's name and SHA-512), a compact JWS signed with a key of /.well-known/jwks.json. The client's verifyPackageProvenance() checks it. See docs/client-package.md.",
  tags: ["discovery"],
  responses: {
    200: {
      description: "Where the tarball is, what it hashes to, and the signed statement about it.",
      content: {
        "application/json": z.object({
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
        }),
      },
    },
  },
  errors: ["not_found"],
});
