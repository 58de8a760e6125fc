import { ApiError } from "../http/problem";
import { getStore } from "../store";
import { SCHEMA_FILES } from "./build-json-schemas";
import { loadEntryOrThrow } from "./get-registry-record";
import { corruptRecordProblem } from "./open-entry";
import type { CertificationReport } from "./record-schema";
import { schemaUrl } from "./schema-url";
import { reportHashOf, reportKey } from "./stored-report";

/**
 * The last certification report of a record; 404 when it was never certified, 409
 * `registry_record_corrupt` when the stored report is not the one the record's seal names.
 */
export async function getCertificationReport(id: string, requestOrigin?: string): Promise<CertificationReport> {
  const { entry } = await loadEntryOrThrow(id);
  const raw = await getStore().get(reportKey(id));
  if (entry.reportHash === null && raw === null) {
    throw new ApiError("not_found", `Record ${id} has not been certified yet.`);
  }
  if (raw === null || entry.reportHash !== reportHashOf(raw)) {
    console.error(
      `[registry] ALARM: the stored report of record ${id} is not the one its seal names. It is not served.`,
    );
    throw corruptRecordProblem(id);
  }
  return { ...(JSON.parse(raw) as CertificationReport), $schema: schemaUrl(SCHEMA_FILES.report, requestOrigin) };
}
