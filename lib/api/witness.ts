import { getConfig } from "../config/config";
import { defineEndpoint } from "../endpoint/endpoint";
import { ApiError } from "../http/problem";
import { readBody } from "../http/read-json";
import { getStore } from "../store";
import { signedNoteBody } from "../tlog/api-schemas";
import { addCheckpoint, MAX_ADD_CHECKPOINT_BYTES } from "../witness/add-checkpoint";
import { cosignatureBody, originHashPath, treeSizeBody } from "../witness/api-schemas";
import { witnessKey } from "../witness/witness-key";
import { readWitnessedCheckpoint } from "../witness/witness-state";

/*
 * The built-in witness (c2sp.org/tlog-witness) for the logs in WITNESS_LOGS (docs/transparency-log.md).
 * Its answers are the spec's text bodies, not JSON; a deployment without WITNESS_LOGS answers 404.
 */

const TEXT = "text/plain; charset=utf-8";

export const postWitnessAddCheckpoint = defineEndpoint({
  method: "POST",
  path: "/witness/add-checkpoint",
  operationId: "postWitnessAddCheckpoint",
  summary: "The built-in witness (C2SP tlog-witness add-checkpoint)",
  description:
    "For the logs in WITNESS_LOGS. The body is text: `old <size>`, up to 63 base64 consistency proof lines, a blank line, then the signed checkpoint; at most 1 MiB. 200 answers the witness's cosignature/v1 signature line; 409 (text/x.tlog.size) the size the witness holds, to retry from. See docs/transparency-log.md.",
  tags: ["transparency"],
  responses: {
    200: { description: "Cosigned: the witness's note signature line(s).", content: { "text/plain": cosignatureBody } },
    409: {
      description: "`old` is not the size this witness last cosigned for the log.",
      content: { "text/x.tlog.size": treeSizeBody },
    },
  },
  errors: [
    "invalid_request",
    "incomplete_body",
    "witness_unverified",
    "witness_unknown_log",
    "payload_too_large",
    "witness_inconsistent",
    "conflict",
    "store_unavailable",
  ],
  // Each request costs signature checks and a store write: a limit of its own (RATE_LIMIT_WITNESS),
  // counted by the handler, since a deployment that runs no witness counts nothing.
  rateLimit: { name: "witness", write: true },
  rateLimitedByHandler: true,
  // Logs call it server to server: no CORS, and OPTIONS is a 405.
  cors: false,
  listing: {
    id: "witnessAddCheckpoint",
    description: "The built-in witness (C2SP tlog-witness) for the logs this service is configured to cosign.",
    witness: true,
  },
  async handle(request, { rateLimit }) {
    const { witness } = getConfig();
    if (witness === null) throw new ApiError("witness_unknown_log", "This service runs no witness (WITNESS_LOGS).");
    const limits = await rateLimit.count();
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
    return new Response(outcome.body, { headers: { ...limits, "content-type": TEXT, "cache-control": "no-store" } });
  },
});

const NOT_WITNESSED = {
  code: "not_found",
  detail:
    "This witness has cosigned no checkpoint for a log of that origin hash (lowercase hex SHA-256 of the origin).",
} as const;

export const getWitnessCheckpoint = defineEndpoint({
  method: "GET",
  path: "/witness/{originHash}/checkpoint",
  operationId: "getWitnessCheckpoint",
  summary: "The latest checkpoint the built-in witness cosigned for a log",
  description:
    "The tlog-witness monitoring path: the checkpoint with the log's signature and the witness's cosignature. 404 if the witness never cosigned one for that log, or runs no witness.",
  tags: ["transparency"],
  pathParams: originHashPath,
  // A hash that cannot be one names no log this witness cosigned.
  parameterRefusals: { originHash: NOT_WITNESSED },
  responses: { 200: { description: "The cosigned checkpoint.", content: { "text/plain": signedNoteBody } } },
  errors: ["not_found", "store_unavailable"],
  listing: {
    id: "witnessCheckpoint",
    description: "The latest checkpoint the built-in witness cosigned for a log (hex SHA-256 of its origin).",
    witness: true,
  },
  async handle(_request, { params }) {
    const note = getConfig().witness === null ? null : await readWitnessedCheckpoint(getStore(), params.originHash);
    if (note === null) throw new ApiError(NOT_WITNESSED.code, NOT_WITNESSED.detail);
    return new Response(note, { headers: { "content-type": TEXT, "cache-control": "no-cache" } });
  },
});
