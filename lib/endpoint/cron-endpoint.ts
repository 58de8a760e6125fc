import { json } from "../http/handler";
import { defineEndpoint, type EndpointSpec } from "./endpoint";

/**
 * A call of the platform's scheduler (vercel.json's crons): GET, refused without CRON_SECRET, no CORS,
 * left out of the API descriptions (no client of theirs can use it; docs/<area>.md documents it for
 * operators), answering what the round did as JSON that is never cached.
 */
export function defineCronEndpoint(cron: {
  path: `/api/cron/${string}`;
  operationId: string;
  summary: string;
  tags: string[];
  /** What the answer reports. */
  answers: string;
  run(): Promise<unknown>;
}): EndpointSpec {
  return defineEndpoint({
    method: "GET",
    path: cron.path,
    operationId: cron.operationId,
    summary: cron.summary,
    tags: cron.tags,
    responses: { 200: { description: cron.answers } },
    errors: ["unauthorized", "store_unavailable"],
    auth: "cronSecret",
    cors: false,
    undocumented: true,
    maxDuration: 60,
    handle: async () => json(await cron.run(), { headers: { "cache-control": "no-store" } }),
  });
}
