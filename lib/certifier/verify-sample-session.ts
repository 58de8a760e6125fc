import { type AuditVerification, type PublicJwk, verifyAuditLog } from "@sociedades-ia/incorporate";
import { type Reason, reason } from "./reason";
import { verifyInTransparencyLog } from "./verify-log-inclusion";

/** What the certifier learned from a company's sample audit session, read through its own endpoints. */
export interface SampleSessionVerdict {
  /** The chain holds: every entry links to the one before, in this session, nothing tampered. */
  chain: { passed: boolean; detail: Reason };
  /** The checkpoint signs this log's size and head under the key the manifest declares. */
  checkpoint: { passed: boolean; detail: Reason };
}

/**
 * Verifies a sample session, trusting nothing the company's endpoints report about it: the chain is
 * recomputed from the entries, and the checkpoint must verify under the manifest's declared key
 * (issuer.publicKey), not under keys fetched from anywhere else. When this service signed that
 * checkpoint, the checkpoint check also needs the one verification against this service's log
 * (inclusion, latest entry by the index, witness quorum) to say verified. Callers have already
 * checked that the log has entries and a checkpoint.
 */
export async function verifySampleSession(
  log: { sessionId: string; entries: unknown[]; checkpoint: string },
  declaredKey: PublicJwk | null,
): Promise<SampleSessionVerdict> {
  const verification: AuditVerification = await verifyAuditLog(
    log,
    declaredKey ? { jwks: { keys: [declaredKey] } } : {},
  );
  const size = log.entries.length;
  const chain =
    verification.tampered === 0
      ? {
          passed: true,
          detail: reason(
            `${size} entries of session ${log.sessionId} chain from seq 0 to the head.`,
            `${size} entradas de la sesión ${log.sessionId} se encadenan desde la 0 hasta la cabeza.`,
          ),
        }
      : {
          passed: false,
          detail: reason(
            `${verification.tampered} of ${size} entries fail verification (first at seq ${verification.firstBadSeq ?? "?"}).`,
            `${verification.tampered} de ${size} entradas no verifican (la primera, la número ${verification.firstBadSeq ?? "?"}).`,
          ),
        };
  let checkpoint: SampleSessionVerdict["checkpoint"];
  if (!declaredKey) {
    checkpoint = {
      passed: false,
      detail: reason(
        "Cannot run: the manifest declares no issuer.publicKey to verify with.",
        "No se pudo revisar: el manifiesto no declara issuer.publicKey para verificar.",
      ),
    };
  } else if (verification.checkpoint?.error) {
    checkpoint = {
      passed: false,
      detail: reason(
        `The checkpoint does not verify under issuer.publicKey: ${verification.checkpoint.error}.`,
        `El checkpoint no verifica con issuer.publicKey (${verification.checkpoint.error}).`,
      ),
    };
  } else {
    const entries = chain.passed ? "pass" : "fail";
    const inLog = await verifyInTransparencyLog(log.checkpoint, entries);
    const signedBy = `The checkpoint signs size ${size} and the head under issuer.publicKey (kid ${verification.checkpoint?.kid})`;
    const firmado = `El checkpoint firma el tamaño ${size} y la cabeza con issuer.publicKey (kid ${verification.checkpoint?.kid})`;
    checkpoint =
      inLog.status === "unavailable"
        ? { passed: true, detail: reason(`${signedBy}.`, `${firmado}.`) }
        : {
            // Only the whole verification passes: a session cut back, or not witnessed yet, does not.
            passed: inLog.verdict === "verified",
            detail: reason(
              `${signedBy}; in this service's transparency log: ${inLog.detail.en}`,
              `${firmado}; en el registro de transparencia de este servicio: ${inLog.detail.es}`,
            ),
          };
  }
  return { chain, checkpoint };
}
