import { z } from "zod";
import { textBody } from "../tlog/api-schemas";

/* The schemas of the built-in witness's HTTP API (lib/api/witness.ts), c2sp.org/tlog-witness. */

export const originHashPath = z.object({
  originHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe("The lowercase hex SHA-256 of the log's origin."),
});

/** 200 of add-checkpoint: the witness's cosignature. */
export const cosignatureBody = textBody("Signature lines, each `— <name> <base64>` and a newline.");

/** 409 of add-checkpoint (text/x.tlog.size): the size the witness holds. */
export const treeSizeBody = textBody("That size in decimal and a newline.");
