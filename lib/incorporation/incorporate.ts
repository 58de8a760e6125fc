import { randomUUID } from "node:crypto";
import { canonicalJson } from "../audit/canonical";
import { type AuditEntry, isSessionId } from "../audit/entry";
import { type AuditEffects, appendAuditEventWith } from "../audit/log";
import { getConfig } from "../config/config";
import { existingFormingStub, prepareFormingStub } from "../registry/create-forming-stub";
import { ensureSeeds } from "../registry/ensure-seeds";
import type { RegistryRecord } from "../registry/record-schema";
import { getStore } from "../store";
import type { BatchWrite } from "../store/types";
import { buildChecklist } from "./checklist";
import { oneClickDeployUrl } from "./deploy-url";
import { COMPANY_ENV_VARS } from "./env-vars";
import type { Finding } from "./finding-codes";
import { generateFiles } from "./generate-files";
import {
  type IdempotencyClaim,
  type IdempotentResult,
  idempotencyKey,
  runIdempotent,
  sha256Hex,
  type WorkResult,
} from "./idempotency";
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

/**
 * The one audit entry of a call (the input summarised, the output as a digest), written in one atomic
 * batch with `effects`: the forming stub and the stored answer exist exactly when the entry does.
 */
function auditCall(
  input: IncorporateInput,
  sessionId: string,
  outcome: "ok" | "rejected",
  output: unknown,
  effects: AuditEffects,
) {
  return appendAuditEventWith(
    {
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
    },
    effects,
  );
}

type RunResult = WorkResult<LiveSecrets> & { meta: { sessionId: string } };

async function run(input: IncorporateInput, claim: IdempotencyClaim): Promise<RunResult> {
  const config = getConfig();
  const smvm = config.env.SMVM_ARS ?? DEFAULT_SMVM_ARS;
  const { findings, request } = validateIncorporation(input.body, { lang: input.lang, smvm });
  const rfc001 = rfc001Report(findings);
  const raw = input.body as { sessionId?: unknown } | null;
  const requested = typeof raw === "object" && raw && isSessionId(raw.sessionId) ? raw.sessionId : null;
  const sessionId = requested ?? randomUUID();

  if (!request) {
    const errors = findings.filter((f) => f.severity === "error").map((f) => `${f.field}:${f.code}`);
    const answer = { status: 422, body: { ok: false, validation: { findings }, rfc001 }, meta: { sessionId } };
    const appended = await auditCall(input, sessionId, "rejected", { ok: false, findings: errors }, () => [
      claim.answer(answer),
    ]);
    if (!appended.ok) throw claim.lost();
    return { ...answer, live: { sessionId, sessionToken: appended.sessionToken, claimToken: null } };
  }
  return succeed(request, findings, rfc001, sessionId, input, claim);
}

async function succeed(
  request: IncorporationRequest,
  findings: Finding[],
  rfc001: ReturnType<typeof rfc001Report>,
  sessionId: string,
  input: IncorporateInput,
  claim: IdempotencyClaim,
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
  const stub = prepareFormingStub({ sessionId, denominacion: request.denominacion });
  await ensureSeeds();

  const answerFor = (entry: AuditEntry, record: RegistryRecord) => {
    const recordUrl = `${input.baseUrl}/api/registry/${encodeURIComponent(record.id)}`;
    // The claim token is added for the creating caller only; a replay shows null.
    const registry: { record: RegistryRecord; url: string; claimUrl: string; claimToken: null } = {
      record,
      url: recordUrl,
      claimUrl: `${recordUrl}/claim`,
      claimToken: null,
    };
    const body: IncorporationSuccess = {
      ok: true,
      sociedad,
      config: files,
      envVars: COMPANY_ENV_VARS.map(({ name, description }) => ({ name, description })),
      checklist,
      deploy: { oneClickUrl: deployUrl },
      audit: { sessionId, backend: getStore().backend, entry, ...auditLinks(input.baseUrl, sessionId) },
      registry,
      validation: { findings },
      rfc001,
    };
    return { status: 200, body, meta: { sessionId } };
  };

  // The same company in the same session already has its stub (an earlier call with another body):
  // the entry then records a call that reuses it, and no claim token is shown again.
  let existing: RegistryRecord | null = null;
  for (;;) {
    const record = existing ?? stub.record;
    const effects: BatchWrite[] = existing ? [] : [{ type: "record", write: stub.write }];
    const appended = await auditCall(input, sessionId, "ok", { ok: true, slug, filesDigest }, (entry) => [
      ...effects,
      claim.answer(answerFor(entry, record)),
    ]);
    if (appended.ok) {
      const claimToken = existing ? null : stub.claimToken;
      return {
        ...answerFor(appended.entry, record),
        live: { sessionId, sessionToken: appended.sessionToken, claimToken },
      };
    }
    if (appended.index < effects.length && appended.failure.reason === "exists") {
      existing = await existingFormingStub(stub);
      continue;
    }
    throw claim.lost();
  }
}

export interface IncorporateOutcome extends IdempotentResult<LiveSecrets> {
  /** The body to send: the stored one plus, for the creating caller, the secrets shown once. */
  response: unknown;
}

/**
 * POST /api/auto-incorporate: validates, and either rejects (422 with findings and the RFC-001
 * report) or generates the company's files, checklist and deploy link and its forming registry stub,
 * and appends one audit entry either way. The entry, the stub and the stored answer are one atomic
 * store batch: all of them exist or none does. Idempotent on the body (or the Idempotency-Key).
 */
export async function incorporate(input: IncorporateInput): Promise<IncorporateOutcome> {
  const { key, bodyHash } = idempotencyKey(input.body, input.idempotencyKey, input.scope);
  const result = await runIdempotent(key, bodyHash, (claim) => run(input, claim));
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
