import { z } from "zod";
import { getConfig } from "../../config/config";
import { apiAuth } from "../../discovery/api-auth";
import { type EndpointId, endpointById, endpointUrl } from "../../discovery/endpoints";
import { serviceInfo } from "../../discovery/service-info";
import { defineTool, READ_ONLY } from "../tool";

const DOCUMENTS = {
  agentsJson: "agentsManifest",
  openapi: "openapi",
  llmsTxt: "llmsTxt",
  serverCard: "mcpServerCard",
  aiCatalog: "aiCatalog",
  apiCatalog: "apiCatalog",
  jwks: "jwks",
  testVectors: "testVectors",
} as const satisfies Record<string, EndpointId>;

const describeOutput = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string(),
  mcpEndpoint: z.url(),
  incorporateAuth: z
    .enum(["none", "bearer"])
    .describe("bearer: incorporate needs 'Authorization: Bearer <key>' on the MCP connection."),
  documents: z.object(
    Object.fromEntries(Object.keys(DOCUMENTS).map((k) => [k, z.url()])) as Record<keyof typeof DOCUMENTS, z.ZodURL>,
  ),
  notice: z.string().describe("The SOCIEDAD-IA form is pending law: what this service produces is preparation."),
});

export const describeService = defineTool({
  name: "describe_service",
  title: "Describe this service",
  description:
    "What this deployment is and where its machine-readable documents are: agents.json (issuer and public key), OpenAPI, llms.txt, the catalogs, the checkpoint keys and the audit test vectors.",
  input: z.object({}),
  output: describeOutput,
  annotations: READ_ONLY,
  async run(_args, ctx) {
    const service = serviceInfo();
    const documents = Object.fromEntries(
      Object.entries(DOCUMENTS).map(([key, id]) => [key, endpointUrl(ctx.baseUrl, endpointById(id))]),
    ) as Record<keyof typeof DOCUMENTS, string>;
    const data = {
      name: service.name,
      description: ctx.lang === "es" ? service.descriptionEs : service.description,
      version: service.version,
      mcpEndpoint: endpointUrl(ctx.baseUrl, endpointById("mcp")),
      incorporateAuth: apiAuth(getConfig()).mode === "bearer" ? ("bearer" as const) : ("none" as const),
      documents,
      notice:
        "The SOCIEDAD-IA legal form is pending law in Argentina: incorporation here is preparation, not registration. Demo data is sandbox data.",
    };
    const summary =
      ctx.lang === "es"
        ? `${data.name} ${data.version}. Empezá por ${documents.agentsJson}.`
        : `${data.name} ${data.version}. Start with ${documents.agentsJson}.`;
    return { data, summary };
  },
});
