import { verifyInclusion } from "@sociedades-ia/incorporate/tlog";
import { openCheckpoint } from "../audit/checkpoint";
import { leafBytes, leafHashOf } from "../tlog/leaf";
import { readLogHead } from "../tlog/log-head";
import { proveInclusion } from "../tlog/read-log";
import { type Reason, reason } from "./reason";

/** Whether a session checkpoint is included in the service-wide transparency log. */
export type LogInclusion =
  | { status: "included"; detail: Reason }
  | { status: "refuted"; detail: Reason }
  /** No log of this service applies (another service's checkpoint, or not integrated yet): neither passes nor fails. */
  | { status: "unavailable"; detail: Reason };

const b64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

/**
 * Proves that a sample session's checkpoint, when this service signed it, names a leaf of this
 * service's transparency log that is exactly that session's head (docs/transparency-log.md), so a
 * company cannot show the certifier a history that the log contradicts. The leaf is recomputed from
 * the checkpoint, never read as given, and its inclusion proof is checked against the log's root.
 */
export async function verifyLogInclusion(checkpoint: string): Promise<LogInclusion> {
  let sessionId: unknown;
  try {
    sessionId = JSON.parse(Buffer.from(checkpoint.split(".")[1] ?? "", "base64url").toString("utf8")).sessionId;
  } catch {
    return {
      status: "unavailable",
      detail: reason("the checkpoint has no readable payload.", "el checkpoint no tiene un contenido legible."),
    };
  }
  const signed = typeof sessionId === "string" ? await openCheckpoint(checkpoint, sessionId) : null;
  if (signed === null)
    return {
      status: "unavailable",
      detail: reason(
        "the checkpoint was not signed by this service, whose log does not cover it.",
        "el checkpoint no lo firmó este servicio, cuyo log no lo cubre.",
      ),
    };
  if (signed.logIndex === undefined || signed.head === null) {
    return {
      status: "unavailable",
      detail: reason(
        "the checkpoint names no leaf of the transparency log.",
        "el checkpoint no nombra ninguna hoja del log de transparencia.",
      ),
    };
  }
  const head = await readLogHead();
  if (head === null || head.size <= signed.logIndex) {
    return {
      status: "unavailable",
      detail: reason(
        `leaf ${signed.logIndex} is not integrated into the log yet.`,
        `la hoja ${signed.logIndex} todavía no está integrada al log.`,
      ),
    };
  }
  const leaf = leafBytes({
    kind: "audit.entry",
    sessionId: signed.sessionId,
    seq: signed.size - 1,
    entryHash: signed.head,
  });
  const proof = await proveInclusion(signed.logIndex, head.size);
  if (proof.leafHash !== leafHashOf(leaf)) {
    return {
      status: "refuted",
      detail: reason(
        `leaf ${signed.logIndex} of the transparency log is not this session's head.`,
        `la hoja ${signed.logIndex} del log de transparencia no es la cabeza de esta sesión.`,
      ),
    };
  }
  try {
    verifyInclusion(b64(proof.leafHash), proof.index, proof.size, proof.hashes.map(b64), head.root);
  } catch {
    return {
      status: "refuted",
      detail: reason(
        `leaf ${signed.logIndex} does not prove into the log's checkpoint of size ${head.size}.`,
        `la hoja ${signed.logIndex} no se prueba dentro del checkpoint del log de tamaño ${head.size}.`,
      ),
    };
  }
  return {
    status: "included",
    detail: reason(
      `its head is leaf ${signed.logIndex} of the transparency log of ${head.size} leaves.`,
      `su cabeza es la hoja ${signed.logIndex} del log de transparencia de ${head.size} hojas.`,
    ),
  };
}
