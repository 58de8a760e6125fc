import { json, route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { authorizeCron } from "@/lib/registry/authorize-cron";
import { recheckLiveRecords } from "@/lib/registry/recheck-live-records";

export const maxDuration = 60;

// GET /api/cron/registry-recheck – Vercel cron (CRON_SECRET): re-certify a batch of live records
export const GET = route(async (request) => {
  authorizeCron(request);
  return json(await recheckLiveRecords(), { headers: { "cache-control": "no-store" } });
});

export const { DELETE, OPTIONS, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD"]);
