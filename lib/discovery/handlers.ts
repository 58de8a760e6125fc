import * as declared from "../api/discovery";
import { getClientPackage as readClientPackage } from "../client-package/get-client-package";
import { withHandler } from "../endpoint/endpoint";
import { publicBaseUrl } from "../http/base-url";
import { cacheableResponse } from "../http/cacheable";
import { json } from "../http/handler";
import { publicJwks } from "../signing/keys";
import type { CachedDocument } from "./cached-document";
import { agentsManifestDocument } from "./get-agents-manifest";
import { aiPluginDocument } from "./get-ai-plugin";
import { aiCatalogDocument, apiCatalogDocument } from "./get-catalog-documents";
import { discoveryDocument } from "./get-discovery-document";
import { llmsTxtDocument } from "./get-llms-txt";
import { schemaFileDocument } from "./read-schema-file";

/*
 * The discovery area's endpoints (declared in lib/api/discovery.ts) with their handlers. The
 * documents are built once per process and base URL (get-*.ts) and answered with a strong ETag.
 */

const JSON_TYPE = "application/json; charset=utf-8";

/** A built document as a cacheable answer: 200 with its ETag, or 304 when the client has it. */
async function documentAnswer(
  request: Request,
  build: (baseUrl: string) => Promise<CachedDocument>,
  contentType: string,
): Promise<Response> {
  const { body, etag } = await build(publicBaseUrl(request));
  return cacheableResponse(request, body, { contentType, etag });
}

const keepFor5Minutes = { headers: { "cache-control": "public, max-age=300" } };

export const getAgentsManifest = withHandler(declared.getAgentsManifest, {
  handle: (request) => documentAnswer(request, agentsManifestDocument, JSON_TYPE),
});

export const getAiPlugin = withHandler(declared.getAiPlugin, {
  handle: (request) => documentAnswer(request, aiPluginDocument, JSON_TYPE),
});

export const getDiscovery = withHandler(declared.getDiscovery, {
  handle(request, { query }) {
    return documentAnswer(request, (baseUrl) => discoveryDocument(query.format, baseUrl), JSON_TYPE);
  },
});

export const getLlmsTxt = withHandler(declared.getLlmsTxt, {
  handle: (request) => documentAnswer(request, llmsTxtDocument, "text/plain; charset=utf-8"),
});

async function schemaAnswer(request: Request, name: string) {
  const { body, etag } = await schemaFileDocument(name);
  return cacheableResponse(request, body, { contentType: "application/schema+json", etag });
}

export const getSchema = withHandler(declared.getSchema, {
  // A name that cannot be a file's gets the 404 that lists the files there are.
  badPath: (request, { params }) => schemaAnswer(request, String(params.name)),
  handle: (request, { params }) => schemaAnswer(request, params.name),
});

export const getJwks = withHandler(declared.getJwks, {
  handle: async () => json(await publicJwks(), keepFor5Minutes),
});

export const getClientPackage = withHandler(declared.getClientPackage, {
  handle: async (request) => json(await readClientPackage(publicBaseUrl(request)), keepFor5Minutes),
});

export const getAiCatalog = withHandler(declared.getAiCatalog, {
  handle: (request) => documentAnswer(request, aiCatalogDocument, "application/ai-catalog+json; charset=utf-8"),
});

export const getApiCatalog = withHandler(declared.getApiCatalog, {
  handle: (request) =>
    documentAnswer(
      request,
      apiCatalogDocument,
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    ),
});
