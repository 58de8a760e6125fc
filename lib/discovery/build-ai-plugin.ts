import { z } from "zod";
import type { ApiAuth } from "./api-auth";
import { type Endpoint, type EndpointId, endpointById, endpointUrl, listedEndpoints } from "./endpoints";

/** The plugin manifest (schema_version v1) that model tool-callers read to find the OpenAPI description. */
export const aiPluginSchema = z.object({
  schema_version: z.literal("v1"),
  // The limits plugin hosts apply to these fields.
  name_for_human: z.string().max(20),
  name_for_model: z.string().regex(/^[A-Za-z0-9_]{1,50}$/),
  description_for_human: z.string().max(100),
  description_for_model: z.string().max(8000),
  auth: z.discriminatedUnion("type", [
    z.object({ type: z.literal("none") }),
    z.object({
      type: z.literal("service_http"),
      authorization_type: z.enum(["custom", "bearer"]),
      custom_auth_header: z.string().optional(),
    }),
  ]),
  api: z.object({ type: z.literal("openapi"), url: z.url(), is_user_authenticated: z.boolean() }),
  logo_url: z.url(),
  contact_email: z.email().optional(),
  legal_info_url: z.url(),
});

export type AiPluginManifest = z.infer<typeof aiPluginSchema>;

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
    description_for_human: "Registry, one-call incorporation and verifiable audit log for Argentine sociedades-IA.",
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
