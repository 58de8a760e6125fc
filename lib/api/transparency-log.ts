import { bundlePath, TILE_WIDTH, tilePath } from "@sociedades-ia/incorporate/tlog";
import { defineCronEndpoint } from "../endpoint/cron-endpoint";
import { defineEndpoint } from "../endpoint/endpoint";
import { json } from "../http/handler";
import { ApiError } from "../http/problem";
import {
  consistencyProofSchema,
  consistencyQuery,
  inclusionProofSchema,
  indexLookupSchema,
  indexPath,
  logPolicySchema,
  proofPath,
  proofQuery,
  signedNoteBody,
  textBody,
  tileBody,
  tilePathParams,
} from "../tlog/api-schemas";
import { withCosignatures } from "../tlog/cosigned-head";
import { runCronRound } from "../tlog/cron-round";
import { logNoteKey } from "../tlog/log-key";
import { logPolicy } from "../tlog/log-policy";
import { latestHead, proveConsistency, proveInclusion, readEntryBundle, readHashTile } from "../tlog/read-log";
import { lookupSubjectProof } from "../tlog/subject-proof";

/*
 * The service-wide transparency log (docs/transparency-log.md): C2SP tlog-checkpoint and
 * tlog-tiles, RFC 9162 proofs, and the witness policy. Public reads: CORS, no limit. The schemas
 * are in lib/tlog/api-schemas.ts; the work is done by lib/tlog.
 */

const TEXT = "text/plain; charset=utf-8";

export const getLogCheckpoint = defineEndpoint({
  method: "GET",
  path: "/log/checkpoint",
  operationId: "getLogCheckpoint",
  summary: "The transparency log's latest checkpoint",
  description:
    "A C2SP tlog-checkpoint in a signed note: the log's origin, its size, the base64 RFC 6962 root, a blank line, then the signature lines. Verify with the key at /log/vkey. See docs/transparency-log.md.",
  tags: ["transparency"],
  responses: { 200: { description: "The signed checkpoint.", content: { "text/plain": signedNoteBody } } },
  errors: ["store_unavailable"],
  listing: {
    id: "logCheckpoint",
    description:
      "The transparency log's latest signed checkpoint (C2SP signed note); keep it and check the next one is consistent.",
  },
  async handle() {
    const { note } = await withCosignatures(await latestHead());
    return new Response(note, { headers: { "content-type": TEXT, "cache-control": "no-cache" } });
  },
});

export const getLogVkey = defineEndpoint({
  method: "GET",
  path: "/log/vkey",
  operationId: "getLogVkey",
  summary: "The transparency log's note verifier key",
  description: "One line, `<origin>+<hex key id>+<base64(0x01 || Ed25519 public key)>`, as C2SP signed-note writes it.",
  tags: ["transparency"],
  responses: {
    200: { description: "The verifier key.", content: { "text/plain": textBody("A signed-note verifier key.") } },
  },
  errors: [],
  listing: { id: "logVkey", description: "The transparency log's note verifier key." },
  async handle() {
    return new Response(`${logNoteKey().vkey}\n`, {
      headers: { "content-type": TEXT, "cache-control": "public, max-age=300" },
    });
  },
});

export const getLogTile = defineEndpoint({
  method: "GET",
  path: "/log/tile/{path}",
  operationId: "getLogTile",
  summary: "A tile or an entry bundle of the transparency log (C2SP tlog-tiles)",
  description:
    "`tile/<L>/<N>[.p/<W>]`: the hashes of tile N at tile level L (Merkle level 8L), 32 bytes each; `tile/entries/<N>[.p/<W>]`: leaves N*256 onward, each as a big-endian uint16 length then its bytes (canonical JSON). N is written in 3-digit groups (x001/234). A full tile never changes (cached for good); a partial one is cached for a minute.",
  tags: ["transparency"],
  pathParams: tilePathParams,
  responses: {
    200: { description: "The tile's bytes.", content: { "application/octet-stream": tileBody } },
  },
  errors: ["invalid_query", "not_found", "store_unavailable"],
  // The path spans several segments, which an OpenAPI {path} cannot: a catch-all route.
  routeDir: "app/(protocol)/log/tile/[...path]",
  listing: { id: "logTile", description: "Tiles and entry bundles of the transparency log (C2SP tlog-tiles)." },
  async handle(_request, { params: { path: tile } }) {
    const bytes = tile.kind === "entries" ? await readEntryBundle(tile) : await readHashTile(tile);
    if (bytes === null) {
      // The one spelling parseTilePath accepts: the path as sent.
      const path = tile.kind === "entries" ? bundlePath(tile) : tilePath(tile);
      throw new ApiError("not_found", `The log does not hold ${path} yet.`);
    }
    // A full tile never changes; a partial one is soon replaced by a wider one, so it is kept briefly.
    const cache = tile.width === TILE_WIDTH ? "public, max-age=31536000, immutable" : "public, max-age=60";
    return new Response(Buffer.from(bytes), {
      headers: { "content-type": "application/octet-stream", "cache-control": cache },
    });
  },
});

export const getLogInclusionProof = defineEndpoint({
  method: "GET",
  path: "/log/proof/{index}",
  operationId: "getLogInclusionProof",
  summary: "The inclusion proof of a leaf",
  description:
    "RFC 9162 inclusion proof of leaf `index` in the tree of `size` leaves (default: the latest), base64 hashes from the leaf up. `checkpoint` is the signed checkpoint of that size when it is the latest.",
  tags: ["transparency"],
  pathParams: proofPath,
  query: proofQuery,
  responses: { 200: { description: "The proof.", content: { "application/json": inclusionProofSchema } } },
  errors: ["invalid_query", "store_unavailable"],
  listing: {
    id: "logInclusionProof",
    description: "The inclusion proof of a leaf of the transparency log (?size= for an earlier tree).",
  },
  async handle(_request, { params, query }) {
    return json(await proveInclusion(params.index, query.size), { headers: { "cache-control": "no-cache" } });
  },
});

export const getLogConsistencyProof = defineEndpoint({
  method: "GET",
  path: "/log/consistency",
  operationId: "getLogConsistencyProof",
  summary: "The consistency proof between two tree sizes",
  description:
    "RFC 9162 consistency proof that the tree of `from` leaves is a prefix of the tree of `to` leaves (default: the latest).",
  tags: ["transparency"],
  query: consistencyQuery,
  responses: { 200: { description: "The proof.", content: { "application/json": consistencyProofSchema } } },
  errors: ["invalid_query", "store_unavailable"],
  listing: {
    id: "logConsistencyProof",
    path: "/log/consistency?from={from}&to={to}",
    description: "The consistency proof between two sizes of the transparency log.",
  },
  async handle(_request, { query }) {
    return json(await proveConsistency(query.from, query.to), { headers: { "cache-control": "no-cache" } });
  },
});

export const getLogPolicy = defineEndpoint({
  method: "GET",
  path: "/log/policy",
  operationId: "getLogPolicy",
  summary: "The witness policy: the log key, its witnesses and the quorum to require",
  description:
    "Accept a checkpoint only with the log's signature and at least `quorum` of the witnesses' cosignatures (c2sp.org/tlog-cosignature). The client package's checkWitnessPolicy and `monitor --policy` read this document. See docs/transparency-log.md.",
  tags: ["transparency"],
  responses: { 200: { description: "The policy.", content: { "application/json": logPolicySchema } } },
  errors: [],
  listing: {
    id: "logPolicy",
    description: "The witness policy: the log key, its witnesses and the quorum of cosignatures to require.",
  },
  async handle() {
    return json(logPolicy(), { headers: { "cache-control": "public, max-age=300" } });
  },
});

const INDEX_PATH_REFUSAL = {
  code: "invalid_query",
  detail: "The path is /log/index/<session|record|key>/<id>: a session id, a record id, or <purpose>:<kid> of a key.",
} as const;

export const getLogIndexLookup = defineEndpoint({
  method: "GET",
  path: "/log/index/{kind}/{id}",
  operationId: "getLogIndexLookup",
  summary: "A subject's latest leaf in the log's index, with its proof",
  description:
    "The log's index maps each audit session, record and key to its latest leaf. This answers the subject's latest leaf (or none) at the latest checkpoint, with a proof against the index root that the signed index note binds to that checkpoint: with it, anyone holding a checkpoint proves that an entry is the latest of its session. See docs/decisions/log-index.md.",
  tags: ["transparency"],
  pathParams: indexPath,
  responses: { 200: { description: "The lookup and its proof.", content: { "application/json": indexLookupSchema } } },
  errors: ["invalid_query", "store_unavailable", "tlog_stalled"],
  listing: {
    id: "logIndexLookup",
    description: "A session's (or record's) latest leaf in the transparency log, with a proof that it is the latest.",
  },
  parameterRefusals: { kind: INDEX_PATH_REFUSAL, id: INDEX_PATH_REFUSAL },
  async handle(_request, { params: { kind, id } }) {
    return json(await lookupSubjectProof(`${kind}:${id}`), { headers: { "cache-control": "no-cache" } });
  },
});

/**
 * The platform scheduler's call (vercel.json), refused without CRON_SECRET: integrates what is
 * pending and asks the witnesses for the latest checkpoint, so that every write ends integrated and
 * witnessed where no process lives on after its answers. Undocumented in the API descriptions, as
 * the directory's re-check; docs/transparency-log.md documents it for operators.
 */
export const runLogCron = defineCronEndpoint({
  path: "/api/cron/transparency-log",
  operationId: "runLogCron",
  summary: "Integrate pending leaves and ask the witnesses (the platform scheduler's call)",
  tags: ["transparency"],
  answers: "The tree's size afterwards, and each witness's cosigned size.",
  run: runCronRound,
});
