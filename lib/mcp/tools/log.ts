import { z } from "zod";
import * as logApi from "../../api/transparency-log";
import { getConfig } from "../../config/config";
import { toBase64 } from "../../tlog/layout";
import { logNoteKey } from "../../tlog/log-key";
import { latestHead, proveConsistency, proveInclusion } from "../../tlog/read-log";
import { defineTool, fromEndpoint, READ_ONLY } from "../tool";

const leaves = (n: number, lang: "es" | "en") =>
  lang === "es" ? `${n} hoja${n === 1 ? "" : "s"}` : `${n} lea${n === 1 ? "f" : "ves"}`;

export const logCheckpoint = defineTool({
  name: "log_checkpoint",
  title: "The transparency log's latest checkpoint",
  description:
    "The service-wide transparency log's latest signed checkpoint (C2SP signed note, as GET /log/checkpoint), its origin, size and root, and the vkey to verify it with. Keep it: a later checkpoint must be provably consistent with it.",
  input: z.object({}),
  output: z.object({
    origin: z.string(),
    size: z.int().min(0),
    root: z.string().describe("Base64 RFC 6962 root hash."),
    vkey: z.string().describe("The log's signed-note verifier key."),
    checkpoint: z.string().describe("The signed note."),
  }),
  annotations: READ_ONLY,
  async run(_args, ctx) {
    const head = await latestHead();
    const data = {
      origin: getConfig().tlog.origin,
      size: head.size,
      root: toBase64(head.root),
      vkey: logNoteKey().vkey,
      checkpoint: head.note,
    };
    const summary =
      ctx.lang === "es"
        ? `El log ${data.origin} tiene ${leaves(head.size, "es")}; guardá el checkpoint.`
        : `The log ${data.origin} holds ${leaves(head.size, "en")}; keep the checkpoint.`;
    return { data, summary };
  },
});

export const logProveInclusion = defineTool({
  name: "log_prove_inclusion",
  title: "Prove a leaf is in the transparency log",
  description:
    "The RFC 9162 inclusion proof of leaf `index` in the tree of `size` leaves (default: the latest), as GET /log/proof/{index}. An audit read's `transparency.index` names its head's leaf.",
  ...fromEndpoint(logApi.getLogInclusionProof),
  annotations: READ_ONLY,
  async run({ index, size }, ctx) {
    const proof = await proveInclusion(index, size);
    const summary =
      ctx.lang === "es"
        ? `Hoja ${index} en el árbol de ${leaves(proof.size, "es")}: ${proof.hashes.length} hash(es) de prueba.`
        : `Leaf ${index} in the tree of ${leaves(proof.size, "en")}: ${proof.hashes.length} proof hash(es).`;
    return { data: proof, summary };
  },
});

export const logProveConsistency = defineTool({
  name: "log_prove_consistency",
  title: "Prove two checkpoints of the transparency log consistent",
  description:
    "The RFC 9162 consistency proof that the tree of `from` leaves is a prefix of the tree of `to` leaves (default: the latest), as GET /log/consistency.",
  ...fromEndpoint(logApi.getLogConsistencyProof),
  annotations: READ_ONLY,
  async run({ from, to }, ctx) {
    const proof = await proveConsistency(from, to);
    const summary =
      ctx.lang === "es"
        ? `De ${leaves(proof.from, "es")} a ${leaves(proof.to, "es")}: ${proof.hashes.length} hash(es) de prueba.`
        : `From ${leaves(proof.from, "en")} to ${leaves(proof.to, "en")}: ${proof.hashes.length} proof hash(es).`;
    return { data: proof, summary };
  },
});
