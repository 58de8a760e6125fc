import { getConfig } from "@/lib/config/config";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { ApiError } from "@/lib/http/problem";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { readBody } from "@/lib/http/read-json";
import { getStore } from "@/lib/store";
import { addCheckpoint, MAX_ADD_CHECKPOINT_BYTES } from "@/lib/witness/add-checkpoint";
import { witnessKey } from "@/lib/witness/witness-key";

// POST /witness/add-checkpoint – the built-in witness (c2sp.org/tlog-witness) for the logs in WITNESS_LOGS
export const POST = route(async (request) => {
  const { witness } = getConfig();
  if (witness === null) throw new ApiError("witness_unknown_log", "This service runs no witness (WITNESS_LOGS).");
  // Each request costs signature checks and a store write: counted like a read (RATE_LIMIT_READ).
  const limits = await enforceRateLimit("read", request, { write: true });
  const bytes = await readBody(request, MAX_ADD_CHECKPOINT_BYTES);
  let body: string;
  try {
    body = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError("invalid_request", "The request body is not valid UTF-8.");
  }
  const outcome = await addCheckpoint(body, witness, await witnessKey(witness), getStore());
  if (outcome.status === 409) {
    // The spec's answer to a stale old size: the size this witness holds, for the log to retry from.
    return new Response(`${outcome.size}\n`, {
      status: 409,
      headers: { ...limits, "content-type": "text/x.tlog.size", "cache-control": "no-store" },
    });
  }
  return new Response(outcome.body, {
    headers: { ...limits, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
});

export const { DELETE, GET, OPTIONS, PATCH, PUT } = methodNotAllowed(["POST"]);
