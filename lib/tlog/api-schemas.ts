import { parseTilePath } from "@sociedades-ia/incorporate/tlog";
import { z } from "zod";
import { wireInteger } from "../http/query";
import { rawSchema } from "../http/raw-schema";

/*
 * The schemas of the transparency log's HTTP API (lib/api/transparency-log.ts). serve() parses the
 * path and query with them; the MCP log tools take the same members as their arguments, and the
 * proof schemas as their outputs, so the tools and the routes answer alike.
 */

/** What a write answers about its leaf in the transparency log (lib/tlog/receipt.ts). */
export const transparencyReceiptSchema = z
  .object({
    index: z.int().min(0).describe("The leaf's index in the service-wide transparency log."),
    leafHash: z.string().describe("Base64 RFC 6962 leaf hash: SHA-256(0x00 || the leaf's canonical JSON)."),
    checkpoint: z
      .string()
      .nullable()
      .describe("The signed checkpoint (C2SP signed note) that covers the leaf; null if not integrated in time."),
    inclusion: z
      .object({ size: z.int().min(1), hashes: z.array(z.string()) })
      .nullable()
      .describe("The RFC 9162 inclusion proof of the leaf in that checkpoint's tree (base64 hashes)."),
  })
  .describe("The write's leaf in the transparency log (/log): verify with the vkey at /log/vkey.");

/** A plain-text body: a signed note, a key, signature lines. */
export const textBody = (description: string) => rawSchema({ type: "string", description });

/** A C2SP signed note (a checkpoint with its signature lines). */
export const signedNoteBody = textBody("A C2SP signed note.");

/** A tile or an entry bundle: bytes. */
export const tileBody = rawSchema({ type: "string", format: "binary", description: "Tile or entry bundle." });

/** A leaf index or tree size: written plainly in a path or query, a number in an MCP argument. */
function logNumber(min: number, description?: string) {
  const n = z.int().min(min).max(Number.MAX_SAFE_INTEGER);
  return wireInteger(description ? n.describe(description) : n);
}

export const tilePathParams = z.object({
  path: z
    .string()
    .transform((path, ctx) => {
      try {
        return parseTilePath(`tile/${path}`);
      } catch (err) {
        ctx.addIssue({
          code: "custom",
          message: `${(err as Error).message}. Tiles are tile/<L>/<N>[.p/<W>] and tile/entries/<N>[.p/<W>].`,
        });
        return z.NEVER;
      }
    })
    .describe("The rest of the tile path, e.g. 0/000.p/7 or entries/000.p/7."),
});

export const proofPath = z.object({
  index: logNumber(0, "The leaf's index, from 0: an answer's transparency.index."),
});

export const proofQuery = z.object({
  size: logNumber(1).optional().describe("The tree size to prove it in (a checkpoint's size); default the latest."),
});

export const consistencyQuery = z.object({
  from: logNumber(1, "The older tree size (a checkpoint you kept)."),
  to: logNumber(1).optional().describe("The newer tree size; default the latest."),
});

export const indexPath = z.object({
  kind: z
    .enum(["session", "record", "key"])
    .describe("What the subject is: an audit session, a record of the directory, a key."),
  id: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,200}$/)
    .describe("The session id, the record id, or `<purpose>:<kid>` of a key."),
});

const indexValueSchema = z.object({
  subject: z.string(),
  seq: z.int().min(0).describe("The subject's latest position: a session's latest entry seq, a record's version."),
  index: z.int().min(0).describe("The leaf's index in the log."),
  hash: z.string().describe("What the leaf states: the entry's hash, the public record's hash, the key id."),
});

/** GET /log/index/{kind}/{id}: a subject's latest leaf with its proof (subject-lookup.ts). */
export const indexLookupSchema = z.object({
  subject: z.string().describe("`session:<id>`, `record:<id>` or `key:<purpose>:<kid>`."),
  value: indexValueSchema
    .nullable()
    .describe("The subject's latest leaf at the checkpoint; null when the log holds none."),
  proof: z.object({
    siblings: z
      .array(z.string())
      .describe(
        "Base64 sibling hashes from the index root down, three a level: the children beside the path's, in order.",
      ),
    terminal: z
      .object({
        kind: z.enum(["value", "empty", "other"]),
        keyHash: z.string().optional(),
        valueHash: z.string().optional(),
      })
      .describe("Where the path ends: the subject's own value, an empty subtree, or another subject's leaf."),
  }),
  checkpoint: z.string().describe("The signed checkpoint (with cosignatures) the lookup answers for."),
  indexNote: z
    .string()
    .describe("The log's signed note binding that checkpoint's tree to the index root (docs/decisions/log-index.md)."),
});

/** GET /log/proof/{index}: the inclusion proof (read-log.ts). */
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

/** GET /log/policy (log-policy.ts): the client package's WitnessPolicy. */
export const logPolicySchema = z.object({
  log: z.object({ origin: z.string(), vkey: z.string().describe("The log's note verifier key (type 0x01).") }),
  witnesses: z.array(
    z.object({
      name: z.string(),
      vkey: z.string().describe("The witness's cosignature verifier key (type 0x04)."),
      url: z.string().describe("Its submission prefix (tlog-witness)."),
    }),
  ),
  quorum: z.int().min(0),
});
