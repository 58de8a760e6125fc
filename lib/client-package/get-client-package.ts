import { readClientTarball } from "./client-package-file";
import { CLIENT_PACKAGE, CLIENT_TARBALL_NAME, CLIENT_TARBALL_PATH } from "./client-package-name";
import { type ProvenanceStatement, provenanceStatement, STATEMENT_TYPE, signStatement } from "./provenance-statement";

export interface ClientPackageDocument {
  name: string;
  version: string;
  /** Where to get it: `npm install <tarball>`. */
  tarball: string;
  size: number;
  integrity: string;
  install: string;
  provenance: {
    /** Compact JWS over the in-toto statement, signed with a key of `jwks`. */
    jws: string;
    mediaType: typeof STATEMENT_TYPE;
    jwks: string;
    statement: ProvenanceStatement;
  };
  /** Once the package is on npm, its registry provenance is checked with this instead. */
  whenPublished: string;
}

/**
 * GET /api/packages/incorporate: the client tarball this deployment serves, its SHA-512 integrity
 * and a provenance statement about exactly those bytes, signed with the service's published key.
 */
export async function getClientPackage(baseUrl: string): Promise<ClientPackageDocument> {
  const tarball = readClientTarball();
  const url = `${baseUrl}${CLIENT_TARBALL_PATH}`;
  const statement = provenanceStatement({
    baseUrl,
    tarballName: CLIENT_TARBALL_NAME,
    sha512: tarball.sha512,
    packageName: CLIENT_PACKAGE.name,
  });
  return {
    name: CLIENT_PACKAGE.name,
    version: CLIENT_PACKAGE.version,
    tarball: url,
    size: tarball.size,
    integrity: tarball.integrity,
    install: `npm install ${url}`,
    provenance: {
      jws: await signStatement(statement),
      mediaType: STATEMENT_TYPE,
      jwks: `${baseUrl}/.well-known/jwks.json`,
      statement,
    },
    whenPublished: `npm install ${CLIENT_PACKAGE.name} && npm audit signatures`,
  };
}
