import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { memoJsonSchema } from "./memo-json-schema";

const STEPS = {
  es: (name: string) =>
    [
      `Quiero preparar la constitución de ${name || "una sociedad"} con el servicio de sociedades-IA.`,
      "1. Armá el pedido (denominacion con el sufijo de su tipo, tipo, capitalSocial en pesos, objeto concreto) y llamá a incorporation_check. Corregí cada hallazgo de severidad error y volvé a chequear hasta que valid sea true.",
      "2. Elegí una idempotencyKey (un UUID) y guardala. Llamá a incorporate con el pedido y esa clave; si la llamada falla o se corta, repetila con la misma clave: nunca se constituye dos veces.",
      "3. Guardá audit.sessionId y audit.sessionToken de la respuesta (el token se muestra una sola vez). Llamá a audit_verify con ese sessionId y confirmá que tampered es 0 y el checkpoint es valid.",
      "4. Mostrame los archivos generados, el checklist de 8 pasos y el link de deploy. Recordá que la figura SOCIEDAD-IA está pendiente de ley: esto es preparación, no inscripción.",
    ].join("\n"),
  en: (name: string) =>
    [
      `I want to prepare the incorporation of ${name || "a company"} with the sociedades-IA service.`,
      "1. Build the request (denominacion ending with its tipo's suffix, tipo, capitalSocial in pesos, a concrete objeto) and call incorporation_check. Fix every finding of severity error and check again until valid is true.",
      "2. Pick an idempotencyKey (a UUID) and keep it. Call incorporate with the request and that key; if the call fails or is cut off, repeat it with the same key: it is never incorporated twice.",
      "3. Keep audit.sessionId and audit.sessionToken from the answer (the token is shown once). Call audit_verify with that sessionId and confirm tampered is 0 and the checkpoint is valid.",
      "4. Show me the generated files, the 8-step checklist and the deploy link. Remember the SOCIEDAD-IA form is pending law: this is preparation, not registration.",
    ].join("\n"),
};

// Built once: a server is made per request, and building a zod schema costs more than the request.
const ARGS = memoJsonSchema(
  z.object({
    lang: z.enum(["es", "en"]).optional().describe("es (default) or en."),
    denominacion: z.string().max(120).optional().describe("The company's name, if already chosen."),
  }),
);

/** The `incorporar` prompt: check, incorporate, verify, in Spanish (default) or English. */
export function registerIncorporarPrompt(server: McpServer): void {
  server.registerPrompt(
    "incorporar",
    {
      title: "Incorporar una sociedad-IA / Incorporate a sociedad-IA",
      description:
        "Walks an agent through incorporation_check, incorporate and audit_verify. lang: es (default) or en.",
      argsSchema: ARGS,
    },
    ({ lang, denominacion }) => ({
      messages: [
        { role: "user" as const, content: { type: "text" as const, text: STEPS[lang ?? "es"](denominacion ?? "") } },
      ],
    }),
  );
}
