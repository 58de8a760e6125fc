import { randomUUID } from "node:crypto";
import { canonicalJson } from "../audit/canonical";
import { isSessionId } from "../audit/entry";
import { appendAuditEvent } from "../audit/log";
import { getConfig } from "../config/config";
import { createFormingStub } from "../registry/create-forming-stub";
import type { RegistryRecord } from "../registry/record-schema";
import { getStore } from "../store";
import { buildChecklist } from "./checklist";
import { oneClickDeployUrl } from "./deploy-url";
import { COMPANY_ENV_VARS } from "./env-vars";
import type { Finding } from "./finding-codes";
import { generateFiles } from "./generate-files";
import { type IdempotentResult, idempotencyKey, runIdempotent, sha256Hex } from "./idempotency";
import { DEFAULT_SMVM_ARS } from "./legal-figures";
import { rfc001Report } from "./rfc001";
import { slugOf } from "./slug";
import type { IncorporationSuccess } from "./success";
import { type IncorporationRequest, validateIncorporation } from "./validate";

export interface IncorporateInput {
  body: unknown;
  lang: "es" | "en";
  baseUrl: string;
  actor: string;
  scope: string;
  /** `x-session-token` as presented. */
  sessionToken: string | null;
  /** `Idempotency-Key` as presented. */
  idempotencyKey: string | null;
}

/** Secrets shown once, to the caller whose request created them; never stored for replays. */
export interface LiveSecrets {
  sessionId: string;
  sessionToken: string | null;
  claimToken: string | null;
}

function summarise(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return { body: typeof body };
  const b = body as Record<string, unknown>;
  // Only short scalars go into the permanent log: a list or object in a text field is named, not kept.
  const clip = (v: unknown) =>
    typeof v === "string"
      ? v.slice(0, 200)
      : v !== null && typeof v === "object"
        ? { type: Array.isArray(v) ? "array" : "object" }
        : v;
  return {
    denominacion: clip(b.denominacion) ?? null,
    tipo: clip(b.tipo) ?? null,
    capitalSocial: typeof b.capitalSocial === "number" ? b.capitalSocial : null,
    objeto: clip(b.objeto) ?? null,
    representante: b.representante && typeof b.representante === "object" ? "provided" : null,
    emailContacto: b.emailContacto ? "provided" : null,
  };
}

function auditLinks(baseUrl: string, sessionId: string) {
  const id = encodeURIComponent(sessionId);
  return {
    url: `${baseUrl}/api/play/audit/${id}`,
    verifyUrl: `${baseUrl}/api/play/audit/${id}?verify=1`,
    dashboardUrl: `${baseUrl}/dashboard/${id}`,
    badgeUrl: `${baseUrl}/api/badge/${id}`,
  };
}

/** The one audit entry of a call: the input summarised, the output as a digest. */
function auditCall(input: IncorporateInput, sessionId: string, outcome: "ok" | "rejected", output: unknown) {
  return appendAuditEvent({
    sessionId,
    sessionToken: input.sessionToken,
    event: {
      kind: "incorporation",
      action: "auto_incorporate",
      actor: input.actor,
      input: summarise(input.body),
      output,
      outcome,
    },
  });
}

type RunResult = { status: number; body: unknown; meta: { sessionId: string }; live: LiveSecrets };

async function run(input: IncorporateInput): Promise<RunResult> {
  const config = getConfig();
  const smvm = config.env.SMVM_ARS ?? DEFAULT_SMVM_ARS;
  const { findings, request } = validateIncorporation(input.body, { lang: input.lang, smvm });
  const rfc001 = rfc001Report(findings);
  const raw = input.body as { sessionId?: unknown } | null;
  const requested = typeof raw === "object" && raw && isSessionId(raw.sessionId) ? raw.sessionId : null;
  const sessionId = requested ?? randomUUID();

  if (!request) {
    const errors = findings.filter((f) => f.severity === "error").map((f) => `${f.field}:${f.code}`);
    const appended = await auditCall(input, sessionId, "rejected", { ok: false, findings: errors });
    return {
      status: 422,
      body: { ok: false, validation: { findings }, rfc001 },
      meta: { sessionId: appended.sessionId },
      live: { sessionId: appended.sessionId, sessionToken: appended.sessionToken, claimToken: null },
    };
  }
  return succeed(request, findings, rfc001, sessionId, input);
}

async function succeed(
  request: IncorporationRequest,
  findings: Finding[],
  rfc001: ReturnType<typeof rfc001Report>,
  sessionId: string,
  input: IncorporateInput,
): Promise<RunResult> {
  const config = getConfig();
  const slug = slugOf(request.denominacion);
  const checklist = buildChecklist(input.baseUrl);
  const deployUrl = oneClickDeployUrl({ starterRepo: config.env.DEPLOY_STARTER_REPO, slug, baseUrl: input.baseUrl });
  const files = generateFiles(request, { slug, baseUrl: input.baseUrl, checklist, deployUrl });
  const sociedad = {
    denominacion: request.denominacion,
    tipo: request.tipo,
    capitalSocial: request.capitalSocial,
    slug,
  };
  const filesDigest = `sha256:${sha256Hex(canonicalJson(files))}`;
  const appended = await auditCall(input, sessionId, "ok", { ok: true, slug, filesDigest });
  const stub = await createFormingStub({ sessionId, denominacion: request.denominacion });
  const recordUrl = `${input.baseUrl}/api/registry/${encodeURIComponent(stub.record.id)}`;
  // The claim token is added for the creating caller only; a replay shows null.
  const registry: { record: RegistryRecord; url: string; claimUrl: string; claimToken: null } = {
    record: stub.record,
    url: recordUrl,
    claimUrl: `${recordUrl}/claim`,
    claimToken: null,
  };
  return {
    status: 200,
    body: {
      ok: true,
      sociedad,
      config: files,
      envVars: COMPANY_ENV_VARS.map(({ name, description }) => ({ name, description })),
      checklist,
      deploy: { oneClickUrl: deployUrl },
      audit: {
        sessionId,
        backend: getStore().backend,
        entry: appended.entry,
        ...auditLinks(input.baseUrl, sessionId),
      },
      registry,
      validation: { findings },
      rfc001,
    } satisfies IncorporationSuccess,
    meta: { sessionId },
    live: { sessionId, sessionToken: appended.sessionToken, claimToken: stub.claimToken },
  };
}

export interface IncorporateOutcome extends IdempotentResult<LiveSecrets> {
  /** The body to send: the stored one plus, for the creating caller, the secrets shown once. */
  response: unknown;
}

/**
 * POST /api/auto-incorporate: validates, and either rejects (422 with findings and the RFC-001
 * report) or generates the company's files, checklist and deploy link, creates its forming registry
 * stub, and appends one audit entry either way. Idempotent on the body (or the Idempotency-Key).
 */
export async function incorporate(input: IncorporateInput): Promise<IncorporateOutcome> {
  const { key, bodyHash } = idempotencyKey(input.body, input.idempotencyKey, input.scope);
  const result = await runIdempotent(key, bodyHash, () => run(input));
  const stored = result.body as { ok: boolean; audit?: Record<string, unknown>; registry?: Record<string, unknown> };
  let response: unknown = stored;
  if (result.live && stored.ok) {
    response = {
      ...stored,
      audit: { ...stored.audit, ...(result.live.sessionToken ? { sessionToken: result.live.sessionToken } : {}) },
      registry: { ...stored.registry, claimToken: result.live.claimToken },
    };
  }
  return { ...result, response };
}
