import { sign } from "node:crypto";
import { signingKeys } from "../signing/keys";

/** The JWS `typ` of a signed in-toto statement (the DSSE payload type, as a media type). */
export const STATEMENT_TYPE = "application/vnd.in-toto+json";

/** The build the statement describes: `npm pack` of packages/incorporate (docs/client-package.md). */
export const BUILD_TYPE = "urn:sociedades-ia:build:npm-pack:v1";

export interface ProvenanceStatement {
  _type: "https://in-toto.io/Statement/v1";
  subject: { name: string; digest: { sha512: string } }[];
  predicateType: "https://slsa.dev/provenance/v1";
  predicate: {
    buildDefinition: {
      buildType: string;
      externalParameters: { package: string; source: string; command: string };
    };
    runDetails: { builder: { id: string }; metadata: Record<string, never> };
  };
}

/**
 * The in-toto statement (v1, SLSA provenance v1 predicate) of the client tarball this service
 * serves: its subject is the tarball's file name and SHA-512; the builder is this deployment, which
 * packed it from its own packages/incorporate before its build (scripts/pack-client.mjs).
 */
export function provenanceStatement(facts: {
  baseUrl: string;
  tarballName: string;
  sha512: string;
  packageName: string;
}): ProvenanceStatement {
  return {
    _type: "https://in-toto.io/Statement/v1",
    subject: [{ name: facts.tarballName, digest: { sha512: facts.sha512 } }],
    predicateType: "https://slsa.dev/provenance/v1",
    predicate: {
      buildDefinition: {
        buildType: BUILD_TYPE,
        externalParameters: { package: facts.packageName, source: "packages/incorporate", command: "npm pack" },
      },
      runDetails: { builder: { id: facts.baseUrl }, metadata: {} },
    },
  };
}

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

/**
 * The statement as a compact JWS (EdDSA, Ed25519) with the service's checkpoint key, the one
 * /.well-known/jwks.json publishes: header `kid` names it. Ed25519 is deterministic, so the same
 * statement always gives the same JWS.
 */
export async function signStatement(statement: ProvenanceStatement): Promise<string> {
  const { signer, publicJwk } = await signingKeys();
  const header = base64url(JSON.stringify({ alg: "EdDSA", kid: publicJwk.kid, typ: STATEMENT_TYPE }));
  const signingInput = `${header}.${base64url(JSON.stringify(statement))}`;
  return `${signingInput}.${sign(null, Buffer.from(signingInput, "ascii"), signer).toString("base64url")}`;
}
