import { z } from "zod";
import { autoIncorporate } from "../../api/incorporation";
import { getConfig } from "../../config/config";
import { authorizeIncorporation } from "../../endpoint/api-key";
import { findingSchema } from "../../http/findings";
import { rfc001Schema } from "../../incorporation/api-schemas";
import { incorporate as incorporateCompany } from "../../incorporation/incorporate";
import { DEFAULT_SMVM_ARS } from "../../incorporation/legal-figures";
import { rfc001Report } from "../../incorporation/rfc001";
import { validateIncorporation } from "../../incorporation/validate";
import { defineTool, endpointArguments, fromEndpoint, READ_ONLY } from "../tool";
import { ToolRefusal } from "../tool-refusal";

// The request as a tool takes it: any object, so that every mistake, of shape too, is a coded finding
// (lib/incorporation/validate.ts), as the REST 422 lists them, rather than a schema dump.
const ANY_REQUEST = { request: z.record(z.string(), z.unknown()) };

const checkOutput = z.object({
  valid: z.boolean().describe("No finding is an error: incorporate would accept this request."),
  findings: z.array(findingSchema).describe("Every finding, errors first as the 422 lists them."),
  rfc001: rfc001Schema,
});

export const incorporationCheck = defineTool({
  name: "incorporation_check",
  title: "Check an incorporation request",
  description:
    "Runs every rule of POST /api/auto-incorporate on a request, of any shape, and returns every finding with its code (the 422's findings as data) and the RFC-001 report. Writes nothing: no audit entry, no record in the directory.",
  input: endpointArguments(autoIncorporate, { bodyAs: "request" }),
  output: checkOutput,
  annotations: READ_ONLY,
  lenient: ANY_REQUEST,
  async run({ request }, ctx) {
    const smvm = getConfig().env.SMVM_ARS ?? DEFAULT_SMVM_ARS;
    const { findings } = validateIncorporation(request, { lang: ctx.lang, smvm });
    const errors = findings.filter((f) => f.severity === "error");
    const data = { valid: errors.length === 0, findings, rfc001: rfc001Report(findings, ctx.baseUrl) };
    const summary =
      ctx.lang === "es"
        ? data.valid
          ? `Válido: incorporate lo aceptaría (${findings.length} hallazgo(s) de advertencia o información).`
          : `No válido: ${errors.length} hallazgo(s) de error (${errors.map((f) => f.code).join(", ")}); corregilos y volvé a chequear.`
        : data.valid
          ? `Valid: incorporate would accept it (${findings.length} warning or info finding(s)).`
          : `Not valid: ${errors.length} error finding(s) (${errors.map((f) => f.code).join(", ")}); fix them and check again.`;
    return { data, summary };
  },
});

// POST /api/auto-incorporate's body as `request`; the headers it reads become arguments, and the key
// is required here (docs/mcp.md, Idempotency).
const incorporateContract = fromEndpoint(autoIncorporate, {
  bodyAs: "request",
  extra: {
    idempotencyKey: z
      .string()
      .regex(/^[\x21-\x7e]{1,255}$/)
      .describe("1 to 255 visible ASCII characters (a UUID fits); repeats with it return the first answer."),
    sessionToken: z
      .string()
      .max(200)
      .optional()
      .describe("The write token of request.sessionId's session, when that session already exists."),
  },
});

export const incorporate = defineTool({
  name: "incorporate",
  title: "Incorporate a company",
  description:
    "Incorporates a sociedad-IA in one call, as POST /api/auto-incorporate: the four generated files, env vars, the 8-step checklist, a deploy link, a forming record in the directory with its claim token and the signed audit reference with the session token (both shown once: keep them). Idempotent on idempotencyKey: a repeat answers the first result and writes nothing. A request with error findings is refused with the same coded findings as incorporation_check (and recorded); run incorporation_check first.",
  ...incorporateContract,
  annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false, openWorldHint: false },
  lenient: ANY_REQUEST,
  thirdPartyText: true,
  async run({ request, idempotencyKey, sessionToken }, ctx) {
    const caller = authorizeIncorporation(ctx.request);
    const outcome = await incorporateCompany({
      body: request,
      lang: ctx.lang,
      baseUrl: ctx.baseUrl,
      actor: caller.actor,
      scope: caller.scope,
      sessionToken: sessionToken ?? null,
      idempotencyKey,
    });
    const answer = JSON.parse(outcome.text);
    if (outcome.status !== 200) throw ToolRefusal.fromIncorporation(answer, ctx.lang);
    const { audit, transparency } = answer;
    const summary =
      ctx.lang === "es"
        ? `${outcome.replayed ? "Repetición: la primera respuesta, no se escribió nada. " : ""}Constituida; entrada de la bitácora ${audit.entry.id}, hoja ${transparency?.index ?? "pendiente"} del registro de transparencia.${audit.sessionToken ? " Guardá audit.sessionToken y registry.claimToken: se muestran una sola vez." : ""}`
        : `${outcome.replayed ? "A repeat: the first answer, nothing written. " : ""}Incorporated; audit entry ${audit.entry.id}, transparency log leaf ${transparency?.index ?? "pending"}.${audit.sessionToken ? " Keep audit.sessionToken and registry.claimToken: they are shown once." : ""}`;
    return { data: answer, summary };
  },
});
