import { CLIENT_PACKAGE } from "../client-package/client-package-name";
import { type Endpoint, type EndpointId, endpointById, endpointUrl, listedEndpoints } from "./endpoints";
import type { ServiceInfo } from "./service-info";

/** The recommended crawl order (SPEC 1); steps without an endpoint are done outside this service. */
export const CRAWL_ORDER: { endpoint?: EndpointId; text: string }[] = [
  { endpoint: "agentsManifest", text: "Read the discovery manifest: issuer, public key, audit endpoints and links." },
  { endpoint: "openapi", text: "Read the OpenAPI 3.1 description: operations, request schemas and error codes." },
  {
    endpoint: "clientPackage",
    text: `Verify the client package (${CLIENT_PACKAGE.name}) before running it. It is not on npm yet: this answer gives its tarball URL (\`npm install <tarball>\`), its SHA-512 integrity and an in-toto statement about that tarball, a JWS signed with a key of /.well-known/jwks.json; \`verifyPackageProvenance()\` of the package checks it. Once it is published: \`npm audit signatures\` checks the registry signatures and SLSA provenance attestations.`,
  },
  {
    endpoint: "autoIncorporate",
    text: "Incorporate in one idempotent call; invalid input answers 422 with findings {code, severity, field, message}.",
  },
];

/**
 * /llms.txt (the llmstxt.org layout: title, summary, sections of links) built from the endpoint
 * list: live endpoints only, and crawl steps whose endpoint has not landed are marked as such.
 */
export function buildLlmsTxt(input: {
  baseUrl: string;
  service: ServiceInfo;
  endpoints?: readonly Endpoint[];
}): string {
  const { baseUrl, service } = input;
  const list = input.endpoints ?? listedEndpoints();
  const live = list.filter((e) => e.status === "live");
  const find = (id: EndpointId) => list.find((e) => e.id === id) ?? endpointById(id);
  const link = (e: Endpoint) => `${e.method} ${endpointUrl(baseUrl, e)}`;

  const crawl = CRAWL_ORDER.map((step, i) => {
    if (!step.endpoint) return `${i + 1}. ${step.text}`;
    const e = find(step.endpoint);
    const note = e.status === "live" ? "" : " (not available on this deployment yet)";
    return `${i + 1}. \`${link(e)}\`${note}: ${step.text}`;
  });
  const entries = (filter: (e: Endpoint) => boolean) =>
    live.filter(filter).map((e) => `- [${e.id}](${endpointUrl(baseUrl, e)}): ${e.method}. ${e.description}`);

  return [
    `# ${service.name} (${service.nameEs})`,
    "",
    `> ${service.description}`,
    "",
    "Argentine automated companies (sociedades-IA): a public directory, one-call incorporation for agents, and a tamper-evident audit log.",
    "Every audit entry is HMAC-SHA256 signed over its RFC 8785 canonical form and hash-chained to the previous one; each append stores an Ed25519-signed checkpoint of the session's head, which every read returns and anyone can verify offline with the public key in agents.json.",
    "Every audit entry, directory change and key in use is also a leaf of one service-wide transparency log in the C2SP formats (signed-note checkpoints, tlog-tiles, RFC 9162 inclusion and consistency proofs) at /log: agents.json names it in `transparencyLog`; keep its checkpoint and check that the next one is consistent with it.",
    "Errors are application/problem+json (RFC 9457) with a stable `code` member. Public GET endpoints allow any origin (CORS) and need no credentials.",
    "The SOCIEDAD-IA company form is pending legislation in Argentina: what this service produces is preparation, not registration. Demo data is sandbox data.",
    "",
    "## Crawl order",
    "",
    ...crawl,
    "",
    "## Discovery",
    "",
    ...entries((e) => !e.path.startsWith("/api/") && !e.path.startsWith("/log/")),
    ...entries((e) => e.path.startsWith("/api/discovery")),
    "",
    "## Transparency log",
    "",
    ...entries((e) => e.path.startsWith("/log/")),
    "",
    "## API",
    "",
    "Paths in {braces} are RFC 6570 templates; a session id matches ^[A-Za-z0-9_-]{8,64}$ (a UUID fits); a record id is a slug, ^[a-z0-9]+(-[a-z0-9]+)*$, as GET /api/registry lists them.",
    "",
    ...entries((e) => e.path.startsWith("/api/") && !e.path.startsWith("/api/discovery")),
    "",
  ].join("\n");
}
