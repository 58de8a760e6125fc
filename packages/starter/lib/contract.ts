/**
 * What the service's generator (lib/incorporation on the service) and this starter must agree on: the
 * environment variables the starter reads, the company fields the generated lib/agent.ts exports, the
 * service paths the manifest points at, and the versions the generated package.json pins. Both import
 * this one module, so a name changed here changes on both sides.
 */

/** Environment variables the starter reads, by role. Values come from the incorporation's answer. */
export const STARTER_ENV = {
  /** The company's registry record id (`registry.record.id`), published as issuer.registryId. */
  registryId: "REGISTRY_ID",
  /** The service that keeps the company's audit log. */
  auditBaseUrl: "AUDIT_BASE_URL",
  /** The company's audit session (`audit.sessionId`), named in the manifest as its sample session. */
  auditSessionId: "AUDIT_SESSION_ID",
  /** That session's write token (`audit.sessionToken`): the agent appends its actions with it. */
  auditSessionToken: "AUDIT_SESSION_TOKEN",
  /**
   * The operator's CUIT (whoever runs the company, declared as operatorCuit when its record is
   * claimed), published as issuer.operatorCuit. The company's own CUIT is ARCA_CUIT, for ARCA.
   */
  operatorCuit: "OPERATOR_CUIT",
} as const;

export type StarterEnvName = (typeof STARTER_ENV)[keyof typeof STARTER_ENV];

/** The fields of `COMPANY` in the generated lib/agent.ts, in order. */
export const COMPANY_FIELDS = ["denominacion", "tipo", "capitalSocial", "objeto", "slug"] as const;

export type Company = {
  denominacion: string;
  tipo: string;
  capitalSocial: number;
  objeto: string;
  slug: string;
};

/** Where the starter serves its manifest. */
export const MANIFEST_PATH = "/.well-known/agents.json";

/** The service's paths the starter uses, relative to AUDIT_BASE_URL (RFC 6570 templates). */
export const SERVICE_PATHS = {
  jwks: "/.well-known/jwks.json",
  auditRead: "/api/play/audit/{sessionId}",
  auditVerify: "/api/play/audit/{sessionId}{?verify}",
  auditCsv: "/api/play/audit/{sessionId}/csv",
  auditStream: "/api/play/audit/{sessionId}/stream",
  verifyBadge: "/api/badge/{sessionId}",
  dashboard: "/dashboard/{sessionId}",
} as const;

/** The manifest's `issuer.type` of a company made from this starter. */
export const ISSUER_TYPE = "sociedad-ia";

/** Versions the generated package.json pins: the ones this repository builds and tests the starter with. */
export const STARTER_VERSIONS = {
  next: "16.4.5",
  react: "19.3.1",
  "react-dom": "19.3.1",
  typescript: "7.0.2",
  "@types/node": "20.19.43",
  "@types/react": "19.3.0",
} as const;

/**
 * The scripts of the starter's package.json, which the generated one carries too. `start` listens on
 * loopback only (`npm start -- -H 0.0.0.0` for every interface, behind a proxy); `act` is plain
 * JavaScript, so a fresh clone runs it with Node alone.
 */
export const STARTER_SCRIPTS = {
  dev: "next dev",
  build: "next build",
  start: "next start -H 127.0.0.1",
  act: "node scripts/act.mjs",
  typecheck: "tsc --noEmit",
} as const;

/** The client library's package name: the generated package.json installs it from the service. */
export const CLIENT_PACKAGE = "@sociedades-ia/incorporate";
