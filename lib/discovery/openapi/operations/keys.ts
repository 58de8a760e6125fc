import { z } from "zod";
import { defineOperation } from "../operation";

const publicJwkSchema = z.object({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string(),
  kid: z.string().describe("RFC 7638 thumbprint; the kid of checkpoints signed with this key."),
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
});

export const getJwks = defineOperation({
  method: "GET",
  path: "/.well-known/jwks.json",
  operationId: "getJwks",
  summary: "Public keys of audit checkpoints",
  description: "The current checkpoint key first (the same as issuer.publicKey of agents.json), then retired ones.",
  tags: ["audit"],
  responses: {
    200: { description: "A JWK set.", content: { "application/json": z.object({ keys: z.array(publicJwkSchema) }) } },
  },
  errors: [],
});
