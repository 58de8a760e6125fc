import { FetchFailure, type FetchFailureKind, TargetRefusedError } from "./certifier-errors";
import { type Reason, reason } from "./reason";

/** Why a request could not be made, in Spanish by its kind; the English is the error's own message. */
const FAILURE_ES: Record<FetchFailureKind, string> = {
  dns: "No se pudo resolver el nombre del sitio (DNS).",
  connect: "No se pudo conectar con el sitio a tiempo.",
  timeout: "No llegó una respuesta completa a tiempo.",
  "too-large": "La respuesta es más grande de lo que el certificador lee.",
  redirects: "Demasiadas redirecciones.",
  "cross-origin": "Redirige a otro origen: solo cuenta el origen de la ficha.",
  network: "Falló la conexión con el sitio.",
};

/** A refused or failed request as a check's reason; anything else is a bug and is thrown. */
export function describeFailure(err: unknown): Reason {
  if (err instanceof TargetRefusedError) {
    return reason(
      `${err.message} (${err.url})`,
      `El certificador no se conecta a esa dirección (motivo: ${err.reason}; ${err.url}).`,
    );
  }
  if (err instanceof FetchFailure) return reason(err.message, `${FAILURE_ES[err.kind]} (${err.message})`);
  throw err;
}
