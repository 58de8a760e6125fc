import { z } from "zod";
import { getRegistryRecord } from "../../registry/get-registry-record";
import { listRegistry } from "../../registry/list-registry";
import { MAX_LIMIT, parseRegistryQuery } from "../../registry/parse-registry-query";
import {
  JURISDICTIONS,
  RECORD_ID_MAX,
  RECORD_ID_PATTERN,
  RECORD_STATUSES,
  RECORD_TYPES,
  registryListSchema,
  registryRecordSchema,
} from "../../registry/record-schema";
import { defineTool, READ_ONLY } from "../tool";

// The query of GET /api/registry as arguments; parseRegistryQuery() judges them as it judges the query.
const searchInput = z.object({
  jurisdiction: z.enum(JURISDICTIONS).optional(),
  type: z.enum(RECORD_TYPES).optional(),
  status: z.enum(RECORD_STATUSES).optional(),
  limit: z.int().min(1).max(MAX_LIMIT).optional().describe(`Records per page, 1 to ${MAX_LIMIT} (default 50).`),
  cursor: z.string().max(200).optional().describe("nextCursor of the previous page, with the same filters."),
});

export const registrySearch = defineTool({
  name: "registry_search",
  title: "Search the registry",
  description:
    "Lists sociedades-IA in the public registry, filtered by jurisdiction, type and status, one page at a time (as GET /api/registry).",
  input: searchInput,
  output: registryListSchema,
  annotations: READ_ONLY,
  async run(args, ctx) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(args)) if (value !== undefined) params.set(key, String(value));
    const list = await listRegistry(parseRegistryQuery(params), ctx.baseUrl);
    const more = list.nextCursor ? "; more with nextCursor" : "";
    return {
      data: list,
      text: `${list.count} record(s)${more}: ${list.records.map((r) => r.id).join(", ") || "none"}`,
    };
  },
});

export const registryGet = defineTool({
  name: "registry_get",
  title: "Read one registry record",
  description: "One registry record by id: status, good standing and bilingual disclosure (as GET /api/registry/{id}).",
  input: z.object({ id: z.string().regex(RECORD_ID_PATTERN).max(RECORD_ID_MAX).describe("The record's id (a slug).") }),
  output: registryRecordSchema,
  annotations: READ_ONLY,
  async run({ id }) {
    const record = await getRegistryRecord(id);
    return { data: record, text: `${record.name} (${record.id}): ${record.status}` };
  },
});
