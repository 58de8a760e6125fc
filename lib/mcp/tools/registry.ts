import * as registryApi from "../../api/registry";
import { getRegistryRecord } from "../../registry/get-registry-record";
import { listRegistry } from "../../registry/list-registry";
import { parseRegistryQuery } from "../../registry/parse-registry-query";
import { defineTool, fromEndpoint, READ_ONLY } from "../tool";

export const registrySearch = defineTool({
  name: "registry_search",
  title: "Search the registry",
  description:
    "Lists sociedades-IA in the public registry, filtered by jurisdiction, type and status, one page at a time (as GET /api/registry).",
  ...fromEndpoint(registryApi.listRegistry),
  annotations: READ_ONLY,
  // The arguments are the query: parseRegistryQuery() judges them as it judges the query.
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
  ...fromEndpoint(registryApi.getRegistryRecord),
  annotations: READ_ONLY,
  async run({ id }) {
    const record = await getRegistryRecord(id);
    return { data: record, text: `${record.name} (${record.id}): ${record.status}` };
  },
});
