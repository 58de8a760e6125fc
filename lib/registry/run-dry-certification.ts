import { TargetRefusedError } from "../certifier/certifier-errors";
import { certifyOrigin } from "../certifier/certify-origin";
import { getNetworkPolicy } from "../certifier/get-network-policy";
import { refusalProblem } from "../certifier/refusal-problem";
import { sampleBinding } from "../certifier/sample-binding";
import { SCHEMA_FILES } from "./build-json-schemas";
import type { CertificationReport, Jurisdiction } from "./record-schema";
import { schemaUrl } from "./schema-url";

/** GET /api/certifier's query as its schema (certifierQuery) parses it. */
export interface DryRunQuery {
  url: string;
  jurisdiction?: Jurisdiction;
  operatorCuit?: string;
  registryId?: string;
}

/**
 * GET /api/certifier?url=: certifies any origin without touching the registry or the audit log. The
 * issuer checks compare with `jurisdiction`, `operatorCuit` and `registryId` when given, and fail
 * (saying so) when not. A refused URL is a 422 problem naming the reason, before any connection.
 */
export async function runDryCertification(query: DryRunQuery, requestOrigin?: string): Promise<CertificationReport> {
  const url = new URL(query.url);
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
  const { jurisdiction } = query;
  const registryId = query.registryId || null;
  try {
    return await certifyOrigin({
      origin: url.origin,
      expected: jurisdiction ? { jurisdiction, operatorCuit: query.operatorCuit || null } : null,
      policy: getNetworkPolicy(),
      recordId: null,
      registryId,
      binding: await sampleBinding(null, registryId),
      schemaUrl: schemaUrl(SCHEMA_FILES.report, requestOrigin),
      onRefusedOrigin: "throw",
    });
  } catch (err) {
    if (err instanceof TargetRefusedError) throw refusalProblem(err);
    throw err;
  }
}
