import type { AiPluginManifest } from "../api/discovery-schemas";
import type { ApiAuth } from "./api-auth";
import { type Endpoint, type EndpointId, endpointById, endpointUrl, listedEndpoints } from "./endpoints";

/** Path of the app icon Next serves from app/icon.svg. */
export const LOGO_PATH = "/icon.svg";

function pluginAuth(auth: ApiAuth): AiPluginManifest["auth"] {
  if (auth.mode === "none") return { type: "none" };
  if (auth.mode === "bearer") return { type: "service_http", authorization_type: "bearer" };
  return { type: "service_http", authorization_type: "custom", custom_auth_header: auth.header };
}

/** Builds ai-plugin.json: names, descriptions, auth from `apiAuth`, and the OpenAPI URL of the endpoint list. */
export function buildAiPlugin(input: {
  baseUrl: string;
  auth: ApiAuth;
  contactEmail?: string;
  endpoints?: readonly Endpoint[];
}): AiPluginManifest {
  const { baseUrl } = input;
  const url = (id: EndpointId) => endpointUrl(baseUrl, endpointById(id));
  // Generated from the endpoint list, so an endpoint that lands is described here too.
  const offers = (input.endpoints ?? listedEndpoints())
    .filter((e) => e.status === "live" && e.inventory)
    .map((e) => `${e.method} ${e.path}: ${e.description}`);
  return {
    schema_version: "v1",
    name_for_human: "Sociedades-IA",
    name_for_model: "sociedades_ia",
    description_for_human: "Directory, one-call incorporation and verifiable audit log for Argentine sociedades-IA.",
    description_for_model: [
      "Public service for Argentine automated companies (sociedades-IA).",
      `What it offers: ${offers.join(" ")}`,
      "Audit entries are HMAC-SHA256 signed over their RFC 8785 canonical form and hash-chained; each read returns an Ed25519-signed checkpoint verifiable with the keys at /.well-known/jwks.json.",
      `Start from ${url("agentsManifest")}; the OpenAPI description lists every operation and its error codes.`,
      "Errors are application/problem+json with a stable `code`. The SOCIEDAD-IA form is pending legislation: results are preparation, not legal registration.",
    ].join(" "),
    auth: pluginAuth(input.auth),
    api: { type: "openapi", url: url("openapi"), is_user_authenticated: false },
    logo_url: `${baseUrl}${LOGO_PATH}`,
    ...(input.contactEmail ? { contact_email: input.contactEmail } : {}),
    legal_info_url: `${baseUrl}/`,
  };
}
