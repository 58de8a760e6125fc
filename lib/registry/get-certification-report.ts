import { ApiError } from "../http/problem";
import { getStore } from "../store";
import { SCHEMA_FILES } from "./build-json-schemas";
import { reportKey } from "./certify-record";
import { loadEntryOrThrow } from "./get-registry-record";
import type { CertificationReport } from "./record-schema";
import { schemaUrl } from "./schema-url";

/** The last certification report of a record; 404 when it was never certified. */
export async function getCertificationReport(id: string, requestOrigin?: string): Promise<CertificationReport> {
  await loadEntryOrThrow(id);
  const raw = await getStore().get(reportKey(id));
  if (!raw) throw new ApiError("not_found", `Record ${id} has not been certified yet.`);
  return { ...(JSON.parse(raw) as CertificationReport), $schema: schemaUrl(SCHEMA_FILES.report, requestOrigin) };
}
