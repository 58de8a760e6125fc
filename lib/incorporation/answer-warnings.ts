import { CLIENT_PACKAGE, CLIENT_TARBALL_PATH } from "../client-package/client-package-name";
import { isLocalOrigin } from "./local-origin";

/**
 * Warnings of a successful incorporation about the deployment that answered it, not about the
 * request (those are findings): each a stable code and a message in both languages.
 * docs/incorporation.md lists them; a unit test keeps both in step.
 */
export const ANSWER_WARNING_CODES = {
  local_origin: {
    es: (origin: string) =>
      `Este servicio corre en una dirección local (${origin}): los enlaces de esta respuesta, AUDIT_BASE_URL y la biblioteca cliente solo funcionan en esta máquina, y un despliegue en Vercel no llega a ellos. Para desplegar la sociedad, constituila en un servicio con dirección pública (PUBLIC_BASE_URL).`,
    en: (origin: string) =>
      `This service runs at a local address (${origin}): the links in this answer, AUDIT_BASE_URL and the client library work on this machine only, and a deployment on Vercel cannot reach them. To deploy the company, incorporate it on a service with a public address (PUBLIC_BASE_URL).`,
  },
  client_package_by_name: {
    es: (origin: string) =>
      `package.json pide ${CLIENT_PACKAGE.name} por su nombre, que todavía no está en npm, porque este servicio no tiene PUBLIC_BASE_URL pública: antes de npm install, instalalo desde ${origin}${CLIENT_TARBALL_PATH} (lo explica README.md).`,
    en: (origin: string) =>
      `package.json names ${CLIENT_PACKAGE.name} by name, and it is not on npm yet, because this service has no public PUBLIC_BASE_URL: before npm install, install it from ${origin}${CLIENT_TARBALL_PATH} (README.md explains how).`,
  },
} as const;

export type AnswerWarningCode = keyof typeof ANSWER_WARNING_CODES;

export interface AnswerWarning {
  code: AnswerWarningCode;
  message: { es: string; en: string };
}

function warning(code: AnswerWarningCode, origin: string): AnswerWarning {
  const text = ANSWER_WARNING_CODES[code];
  return { code, message: { es: text.es(origin), en: text.en(origin) } };
}

/** The warnings of an answer made at `baseUrl`, whose package.json pins `clientTarball` (null: by name). */
export function answerWarnings(baseUrl: string, clientTarball: string | null): AnswerWarning[] {
  const out: AnswerWarning[] = [];
  if (isLocalOrigin(baseUrl)) out.push(warning("local_origin", baseUrl));
  if (clientTarball === null) out.push(warning("client_package_by_name", baseUrl));
  return out;
}
