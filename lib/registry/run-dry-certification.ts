import { TargetRefusedError } from "../certifier/certifier-errors";
import { certifyOrigin } from "../certifier/certify-origin";
import { getNetworkPolicy } from "../certifier/get-network-policy";
import { refusalProblem } from "../certifier/refusal-problem";
import { sampleBinding } from "../certifier/sample-binding";
import { ApiError } from "../http/problem";
import { SCHEMA_FILES } from "./build-json-schemas";
import { type CertificationReport, JURISDICTIONS } from "./record-schema";
import { schemaUrl } from "./schema-url";

const PARAMETERS = ["url", "jurisdiction", "operatorCuit", "registryId"];

/**
 * GET /api/certifier?url=: certifies any origin without touching the registry or the audit log. The
 * issuer checks compare with `jurisdiction`, `operatorCuit` and `registryId` when given, and fail
 * (saying so) when not. A refused URL is a 422 problem naming the reason, before any connection.
 */
export async function runDryCertification(
  params: URLSearchParams,
  requestOrigin?: string,
): Promise<CertificationReport> {
  for (const name of params.keys()) {
    if (!PARAMETERS.includes(name)) {
      throw new ApiError("invalid_query", `Unknown query parameter "${name}". Allowed: ${PARAMETERS.join(", ")}.`, {
        parameter: name,
        allowed: PARAMETERS,
      });
    }
  }
  const raw = params.get("url");
  let url: URL;
  try {
    url = new URL(raw ?? "");
  } catch {
    throw new ApiError("invalid_query", "Give the company's public URL as ?url=https://... (absolute).", {
      parameter: "url",
    });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw refusalProblem(
      new TargetRefusedError("scheme", url.href, null, `Only http and https URLs are fetched (got ${url.protocol}).`),
    );
  }
  if (url.username || url.password) {
    throw refusalProblem(
      new TargetRefusedError("credentials", url.href, null, "URLs with credentials are not fetched."),
    );
  }
  const jurisdiction = params.get("jurisdiction");
  if (jurisdiction !== null && !(JURISDICTIONS as readonly string[]).includes(jurisdiction)) {
    throw new ApiError(
      "invalid_query",
      `Unknown jurisdiction "${jurisdiction}". Allowed values: ${JURISDICTIONS.join(", ")}.`,
      {
        parameter: "jurisdiction",
        allowed: JURISDICTIONS,
      },
    );
  }
  try {
    return await certifyOrigin({
      origin: url.origin,
      expected: jurisdiction ? { jurisdiction, operatorCuit: params.get("operatorCuit") || null } : null,
      policy: getNetworkPolicy(),
      recordId: null,
      registryId: params.get("registryId") || null,
      binding: await sampleBinding(null, params.get("registryId") || null),
      schemaUrl: schemaUrl(SCHEMA_FILES.report, requestOrigin),
      onRefusedOrigin: "throw",
    });
  } catch (err) {
    if (err instanceof TargetRefusedError) throw refusalProblem(err);
    throw err;
  }
}
