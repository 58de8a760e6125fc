import { z } from "zod";
import * as registryApi from "../../api/registry";
import { ApiError, isApiError } from "../../http/problem";
import { getRegistryRecord } from "../../registry/get-registry-record";
import { listRegistry } from "../../registry/list-registry";
import { foldName, NAME_FILTER_MAX, registryQuery } from "../../registry/registry-query";
import { defineTool, fromEndpoint, READ_ONLY } from "../tool";

export const registrySearch = defineTool({
  name: "registry_search",
  title: "Search the directory",
  description:
    "Lists sociedades-IA in the public directory, filtered by name (q: part of the name, ignoring case and accents), jurisdiction, type and status, one page at a time (as GET /api/registry). Each record's id is what registry_get takes.",
  ...fromEndpoint(registryApi.listRegistry),
  annotations: READ_ONLY,
  thirdPartyText: true,
  // The arguments are the query, parsed with its schema: registryQuery() reads them as it reads the query.
  async run(args, ctx) {
    const list = await listRegistry(registryQuery(args), ctx.baseUrl);
    const ids = list.records.map((r) => r.id).join(", ");
    const more = list.nextCursor
      ? ctx.lang === "es"
        ? " Hay más: repetí con cursor = nextCursor."
        : " There are more: repeat with cursor = nextCursor."
      : "";
    const summary =
      ctx.lang === "es"
        ? `${list.count} ficha(s)${ids ? `, ids: ${ids}` : ""}.${more}`
        : `${list.count} record(s)${ids ? `, ids: ${ids}` : ""}.${more}`;
    return { data: list, summary };
  },
});

/** The record whose name is `name` exactly (ignoring case and accents), when one is: a model may pass a name. */
async function recordByName(name: string, baseUrl: string) {
  const folded = foldName(name);
  if (!folded) return null;
  const list = await listRegistry(registryQuery({ q: name.slice(0, NAME_FILTER_MAX), limit: 100 }), baseUrl);
  const matches = list.records.filter((r) => foldName(r.name) === folded);
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

export const registryGet = defineTool({
  name: "registry_get",
  title: "Read one record",
  description:
    "One record of the directory by id (as registry_search lists it), or by its exact name: status, good standing and bilingual disclosure (as GET /api/registry/{id}).",
  ...fromEndpoint(registryApi.getRegistryRecord),
  annotations: READ_ONLY,
  thirdPartyText: true,
  // A name is not an id's shape: the tool judges the argument itself (an id, else an exact name).
  lenient: { id: z.string().min(1).max(120) },
  async run({ id }, ctx) {
    let record: Awaited<ReturnType<typeof getRegistryRecord>> | null = null;
    try {
      record = await getRegistryRecord(id);
    } catch (err) {
      if (!isApiError(err) || err.code !== "not_found") throw err;
      record = await recordByName(id, ctx.baseUrl);
      if (!record) {
        const hint =
          ctx.lang === "es"
            ? "Ninguna ficha tiene el id o el nombre dado. Buscalo con registry_search y el argumento q (parte del nombre), y pasá su id."
            : "No record has the given id or name. Look it up with registry_search and its q argument (part of the name), then pass its id.";
        throw new ApiError("not_found", hint);
      }
    }
    const summary =
      ctx.lang === "es"
        ? `Ficha ${record.id}: estado ${record.status}.`
        : `Record ${record.id}: status ${record.status}.`;
    return { data: record, summary };
  },
});
