import { z } from "zod";
import { defineOperation, rawSchema } from "../operation";

const text = (description: string) => rawSchema({ type: "string", description });
const bytes = (description: string) => rawSchema({ type: "string", format: "binary", description });
const logNumber = z.string().regex(/^(0|[1-9][0-9]{0,15})$/);

/** GET /log/proof/{index}: the inclusion proof (lib/tlog/read-log.ts). */
export const inclusionProofSchema = z.object({
  index: z.int().min(0),
  size: z.int().min(1),
  leafHash: z.string().describe("Base64 SHA-256(0x00 || leaf)."),
  hashes: z.array(z.string()).describe("Base64 hashes from the leaf up (RFC 9162 2.1.3)."),
  checkpoint: z.string().nullable().describe("The signed checkpoint of `size` when it is the latest."),
});

/** GET /log/consistency: the consistency proof. */
export const consistencyProofSchema = z.object({
  from: z.int().min(1),
  to: z.int().min(1),
  hashes: z.array(z.string()).describe("Base64 hashes (RFC 9162 2.1.4)."),
});

export const getLogCheckpoint = defineOperation({
  method: "GET",
  path: "/log/checkpoint",
  operationId: "getLogCheckpoint",
  summary: "The transparency log's latest checkpoint",
  description:
    "A C2SP tlog-checkpoint in a signed note: the log's origin, its size, the base64 RFC 6962 root, a blank line, then the signature lines. Verify with the key at /log/vkey. See docs/transparency-log.md.",
  tags: ["transparency"],
  responses: { 200: { description: "The signed checkpoint.", content: { "text/plain": text("A C2SP signed note.") } } },
  errors: ["store_unavailable"],
});

export const getLogVkey = defineOperation({
  method: "GET",
  path: "/log/vkey",
  operationId: "getLogVkey",
  summary: "The transparency log's note verifier key",
  description: "One line, `<origin>+<hex key id>+<base64(0x01 || Ed25519 public key)>`, as C2SP signed-note writes it.",
  tags: ["transparency"],
  responses: {
    200: { description: "The verifier key.", content: { "text/plain": text("A signed-note verifier key.") } },
  },
  errors: [],
});

export const getLogTile = defineOperation({
  method: "GET",
  path: "/log/tile/{path}",
  operationId: "getLogTile",
  summary: "A tile or an entry bundle of the transparency log (C2SP tlog-tiles)",
  description:
    "`tile/<L>/<N>[.p/<W>]`: the hashes of tile N at tile level L (Merkle level 8L), 32 bytes each; `tile/entries/<N>[.p/<W>]`: leaves N*256 onward, each as a big-endian uint16 length then its bytes (canonical JSON). N is written in 3-digit groups (x001/234). Any tile, full or partial, never changes once served.",
  tags: ["transparency"],
  pathParams: z.object({ path: z.string().describe("The rest of the tile path, e.g. 0/000.p/7 or entries/000.p/7.") }),
  responses: {
    200: { description: "The tile's bytes.", content: { "application/octet-stream": bytes("Tile or entry bundle.") } },
  },
  errors: ["invalid_query", "not_found", "store_unavailable"],
});

export const getLogInclusionProof = defineOperation({
  method: "GET",
  path: "/log/proof/{index}",
  operationId: "getLogInclusionProof",
  summary: "The inclusion proof of a leaf",
  description:
    "RFC 9162 inclusion proof of leaf `index` in the tree of `size` leaves (default: the latest), base64 hashes from the leaf up. `checkpoint` is the signed checkpoint of that size when it is the latest.",
  tags: ["transparency"],
  pathParams: z.object({ index: logNumber.describe("The leaf's index, from 0.") }),
  query: z.object({ size: logNumber.optional().describe("The tree size (at most the latest).") }),
  responses: {
    200: {
      description: "The proof.",
      content: { "application/json": inclusionProofSchema },
    },
  },
  errors: ["invalid_query", "store_unavailable"],
});

export const getLogConsistencyProof = defineOperation({
  method: "GET",
  path: "/log/consistency",
  operationId: "getLogConsistencyProof",
  summary: "The consistency proof between two tree sizes",
  description:
    "RFC 9162 consistency proof that the tree of `from` leaves is a prefix of the tree of `to` leaves (default: the latest).",
  tags: ["transparency"],
  query: z.object({
    from: logNumber.describe("The smaller size, at least 1."),
    to: logNumber.optional().describe("The larger size, at most the latest."),
  }),
  responses: {
    200: {
      description: "The proof.",
      content: { "application/json": consistencyProofSchema },
    },
  },
  errors: ["invalid_query", "store_unavailable"],
});

export const getLogPolicy = defineOperation({
  method: "GET",
  path: "/log/policy",
  operationId: "getLogPolicy",
  summary: "The witness policy: the log key, its witnesses and the quorum to require",
  description:
    "Accept a checkpoint only with the log's signature and at least `quorum` of the witnesses' cosignatures (c2sp.org/tlog-cosignature). The client package's checkWitnessPolicy and `monitor --policy` read this document. See docs/transparency-log.md.",
  tags: ["transparency"],
  responses: {
    200: {
      description: "The policy.",
      content: {
        "application/json": z.object({
          log: z.object({ origin: z.string(), vkey: z.string().describe("The log's note verifier key (type 0x01).") }),
          witnesses: z.array(
            z.object({
              name: z.string(),
              vkey: z.string().describe("The witness's cosignature verifier key (type 0x04)."),
              url: z.string().describe("Its submission prefix (tlog-witness)."),
            }),
          ),
          quorum: z.int().min(0),
        }),
      },
    },
  },
  errors: [],
});

export const postWitnessAddCheckpoint = defineOperation({
  method: "POST",
  path: "/witness/add-checkpoint",
  operationId: "postWitnessAddCheckpoint",
  summary: "The built-in witness (C2SP tlog-witness add-checkpoint)",
  description:
    "For the logs in WITNESS_LOGS. The body is text: `old <size>`, up to 63 base64 consistency proof lines, a blank line, then the signed checkpoint; at most 1 MiB. 200 answers the witness's cosignature/v1 signature line; 409 (text/x.tlog.size) the size the witness holds, to retry from. See docs/transparency-log.md.",
  tags: ["transparency"],
  responses: {
    200: {
      description: "Cosigned: the witness's note signature line(s).",
      content: { "text/plain": text("Signature lines, each `— <name> <base64>` and a newline.") },
    },
    409: {
      description: "`old` is not the size this witness last cosigned for the log.",
      content: { "text/x.tlog.size": text("That size in decimal and a newline.") },
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
});

export const getWitnessCheckpoint = defineOperation({
  method: "GET",
  path: "/witness/{originHash}/checkpoint",
  operationId: "getWitnessCheckpoint",
  summary: "The latest checkpoint the built-in witness cosigned for a log",
  description:
    "The tlog-witness monitoring path: the checkpoint with the log's signature and the witness's cosignature. 404 if the witness never cosigned one for that log, or runs no witness.",
  tags: ["transparency"],
  pathParams: z.object({
    originHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe("The lowercase hex SHA-256 of the log's origin."),
  }),
  responses: {
    200: { description: "The cosigned checkpoint.", content: { "text/plain": text("A C2SP signed note.") } },
  },
  errors: ["not_found", "store_unavailable"],
});
