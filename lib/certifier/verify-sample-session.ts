import { type AuditVerification, type PublicJwk, verifyAuditLog } from "@sociedades-ia/incorporate";
import { type Reason, reason } from "./reason";
import { verifyLogInclusion } from "./verify-log-inclusion";

/** What the certifier learned from a company's sample audit session, read through its own endpoints. */
export interface SampleSessionVerdict {
  /** The chain holds: every entry links to the one before, in this session, nothing tampered. */
  chain: { passed: boolean; detail: Reason };
  /** The checkpoint signs this log's size and head under the key the manifest declares. */
  checkpoint: { passed: boolean; detail: Reason };
}

/**
 * Verifies a sample session offline, trusting nothing the company's endpoints report about it: the
 * chain is recomputed from the entries, and the checkpoint must verify under the manifest's declared
 * key (issuer.publicKey), not under keys fetched from anywhere else. Callers have already checked that
 * the log has entries and a checkpoint.
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
    const inclusion = await verifyLogInclusion(log.checkpoint);
    checkpoint =
      inclusion.status === "refuted"
        ? {
            passed: false,
            detail: reason(
              `The checkpoint verifies, but ${inclusion.detail.en}`,
              `El checkpoint verifica, pero ${inclusion.detail.es}`,
            ),
          }
        : {
            passed: true,
            detail: reason(
              `The checkpoint signs size ${size} and the head under issuer.publicKey (kid ${verification.checkpoint?.kid})${inclusion.status === "included" ? `, and ${inclusion.detail.en}` : "."}`,
              `El checkpoint firma el tamaño ${size} y la cabeza con issuer.publicKey (kid ${verification.checkpoint?.kid})${inclusion.status === "included" ? `, y ${inclusion.detail.es}` : "."}`,
            ),
          };
  }
  return { chain, checkpoint };
}
