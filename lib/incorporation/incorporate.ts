import { randomUUID } from "node:crypto";
import type { AuditEntry } from "../audit/entry";
import { storedEntryReceipt } from "../audit/entry-receipt";
import { type AuditEffects, appendAuditEventWith, type StoredEntry } from "../audit/log";
import { getConfig } from "../config/config";
import { isApiError } from "../http/problem";
import { existingFormingStub, prepareFormingStub } from "../registry/create-forming-stub";
import { ensureSeeds } from "../registry/ensure-seeds";
import type { RegistryRecord } from "../registry/record-schema";
import { getStore } from "../store";
import type { BatchWrite } from "../store/types";
import { replaceHiddenCharacters } from "../text/hidden-characters";
import { clipText } from "../text/well-formed";
import type { Finding } from "./finding-codes";
import {
  type IdempotencyClaim,
  type IdempotentResult,
  idempotencyKey,
  runIdempotent,
  type WorkResult,
} from "./idempotency";
import { DEFAULT_SMVM_ARS } from "./legal-figures";
import { pinnedClientTarball } from "./local-origin";
import { refusalAnswer, reusedKeyAnswer, unrecordedRefusal } from "./refusal-answer";
import { slugOf } from "./slug";
import { replayedFacts, replayedRefusal, storedRefusal, storedSuccess } from "./stored-answer";
import { companyStarter, type ShownOnce, type SuccessFacts, successAnswerUtf8 } from "./success-answer";
import { type IncorporationRequest, type ValidationResult, validateIncorporation } from "./validate";

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
export interface LiveSecrets extends ShownOnce {
  sessionId: string;
}

function summarise(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return { body: typeof body };
  const b = body as Record<string, unknown>;
  // Only short scalars go into the permanent log: a list or object in a text field is named, not kept.
  // A refused request's text may hold what the text rule refuses: it reaches the log defused.
  const clip = (v: unknown) =>
    typeof v === "string"
      ? clipText(replaceHiddenCharacters(v, { multiline: true }), 200)
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

/** The call's session: the one the body names, or a new one whose id this call made. */
interface CallSession {
  id: string;
  madeHere: boolean;
}

/**
 * The one audit entry of a call (the input summarised, the output as a digest), written in one atomic
 * batch with `effects`: the forming stub and the stored answer exist exactly when the entry does.
 */
function auditCall(
  input: IncorporateInput,
  session: CallSession,
  outcome: "ok" | "rejected",
  output: unknown,
  effects: AuditEffects,
) {
  return appendAuditEventWith(
    {
      sessionId: session.id,
      madeHere: session.madeHere,
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

/** The work's result; its body is the answer as JSON, text or UTF-8 bytes. */
type RunResult = WorkResult<LiveSecrets> & { body: AnswerJson; meta: { sessionId: string } };

/** An answer's JSON as built: text, or its UTF-8 bytes (a success, see successAnswerUtf8). */
export type AnswerJson = string | Uint8Array<ArrayBuffer>;

/** The call's work, on the body as incorporate() validated it (validation is pure: done once). */
async function run(input: IncorporateInput, checked: ValidationResult, claim: IdempotencyClaim): Promise<RunResult> {
  const { findings, request } = checked;
  // incorporate() refused a sessionId that is not a UUID: one sent here is a UUID.
  const sent = input.body && typeof input.body === "object" ? (input.body as { sessionId?: unknown }).sessionId : null;
  const session: CallSession =
    typeof sent === "string" ? { id: sent, madeHere: false } : { id: randomUUID(), madeHere: true };
  const sessionId = session.id;

  if (!request) {
    const errors = findings.filter((f) => f.severity === "error").map((f) => `${f.field}:${f.code}`);
    const facts = (entry: AuditEntry) => ({ findings, baseUrl: input.baseUrl, backend: getStore().backend, entry });
    const meta = { sessionId };
    // The stored answer (for replays) never holds the session token; the caller's answer does.
    const appended = await auditCall(input, session, "rejected", { ok: false, findings: errors }, (entry, stored) => [
      claim.answer({ status: 422, body: storedRefusal(facts(entry), stored.hash), meta }),
    ]);
    if (!appended.ok) throw claim.lost();
    const live = { sessionId, sessionToken: appended.sessionToken, claimToken: null };
    const refusal = refusalAnswer({ ...facts(asStored(appended.stored)), sessionToken: appended.sessionToken });
    const body = { ...refusal, transparency: appended.transparency };
    return { status: 422, body: JSON.stringify(body), meta, live };
  }
  return succeed(request, findings, session, input, claim);
}

async function succeed(
  request: IncorporationRequest,
  findings: Finding[],
  session: CallSession,
  input: IncorporateInput,
  claim: IdempotencyClaim,
): Promise<RunResult> {
  const sessionId = session.id;
  const fileFacts = {
    request: {
      denominacion: request.denominacion,
      tipo: request.tipo,
      capitalSocial: request.capitalSocial,
      objeto: request.objeto,
    },
    slug: slugOf(request.denominacion),
    baseUrl: input.baseUrl,
    starterRepo: getConfig().env.DEPLOY_STARTER_REPO,
    clientTarball: pinnedClientTarball(getConfig().env.PUBLIC_BASE_URL),
  };
  const starter = companyStarter(fileFacts);
  const stub = prepareFormingStub({
    sessionId,
    denominacion: request.denominacion,
    representative: request.representante,
  });
  await ensureSeeds();
  const factsOf = (entry: AuditEntry, record: RegistryRecord): SuccessFacts => ({
    ...fileFacts,
    backend: getStore().backend,
    findings,
    entry,
    record,
  });

  // The same company in the same session already has its stub (an earlier call with another body):
  // the entry then records a call that reuses it, and no claim token is shown again.
  let existing: RegistryRecord | null = null;
  for (;;) {
    const record = existing ?? stub.record;
    const effects: BatchWrite[] = existing ? [] : [{ type: "record", write: stub.write }, stub.leaf];
    const appended = await auditCall(
      input,
      session,
      "ok",
      { ok: true, slug: fileFacts.slug, filesDigest: starter.filesDigest },
      (entry, stored) => [
        ...effects,
        claim.answer({
          status: 200,
          body: storedSuccess(factsOf(entry, record), stored.hash),
          meta: { sessionId },
        }),
      ],
    );
    if (appended.ok) {
      const shown = { sessionToken: appended.sessionToken, claimToken: existing ? null : stub.claimToken };
      return {
        status: 200,
        // The receipt exists only once the entry is stored; a replay finds it again (replayJson).
        // The entry in its canonical form, as the store holds it and a replay reads it back.
        body: successAnswerUtf8(factsOf(asStored(appended.stored), record), starter, shown, appended.transparency),
        meta: { sessionId },
        live: { sessionId, sessionToken: appended.sessionToken, claimToken: shown.claimToken },
      };
    }
    if (appended.index < effects.length && appended.failure.reason === "exists") {
      existing = await existingFormingStub(stub);
      continue;
    }
    throw claim.lost();
  }
}

/** An entry with its members in canonical (RFC 8785) order: the text its hash is taken over. */
const asStored = (stored: StoredEntry) => JSON.parse(stored.full) as AuditEntry;

export interface IncorporateOutcome extends Omit<IdempotentResult<LiveSecrets>, "body"> {
  /** The answer's JSON as built: what the HTTP answer sends as it is. */
  json: AnswerJson;
  /** The answer as JSON text (decoded when `json` is bytes, on first read). */
  readonly text: string;
  /** `application/problem+json` for a reused Idempotency-Key, else `application/json`. */
  problem: boolean;
}

/** An outcome whose answer is `json`. */
function outcomeOf(fields: Omit<IncorporateOutcome, "json" | "text">, json: AnswerJson): IncorporateOutcome {
  let text = typeof json === "string" ? json : undefined;
  return {
    ...fields,
    json,
    get text() {
      text ??= Buffer.from(json as Uint8Array<ArrayBuffer>).toString("utf8");
      return text;
    },
  };
}

/**
 * A replay's answer: a success stored as its facts is rebuilt, with its entry's transparency receipt
 * as the first answer had it (now with the proof, once integrated); anything else was stored whole.
 */
async function replayJson(stored: unknown, sessionId: string | undefined): Promise<AnswerJson> {
  if (sessionId === undefined) return JSON.stringify(stored);
  const facts = await replayedFacts(stored, sessionId);
  if (facts === null) {
    const refusal = await replayedRefusal(stored, sessionId);
    if (refusal === null) return JSON.stringify(stored); // stored whole by an earlier version
    return JSON.stringify({ ...refusal, transparency: await storedEntryReceipt(refusal.audit.entry) });
  }
  const starter = companyStarter(facts);
  if (starter.filesDigest !== (facts.entry.output as { filesDigest?: string }).filesDigest) {
    // Only a deploy that changed the templates since the first call gets here.
    console.warn(
      `[incorporation] replay in session ${facts.entry.sessionId}: the templates changed since the first answer`,
    );
  }
  return successAnswerUtf8(facts, starter, undefined, await storedEntryReceipt(facts.entry));
}

/**
 * POST /api/auto-incorporate: validates, and either rejects (422 with findings and the RFC-001
 * report) or generates the company's files, checklist and deploy link and its forming registry stub,
 * and appends one audit entry either way. The entry, the stub and the stored answer are one atomic
 * store batch: all of them exist or none does. Idempotent on the body (or the Idempotency-Key).
 */
export async function incorporate(input: IncorporateInput): Promise<IncorporateOutcome> {
  const smvm = getConfig().env.SMVM_ARS ?? DEFAULT_SMVM_ARS;
  // A sessionId that is not a UUID names no session this endpoint may write to: refused before
  // anything is stored (no audit entry in a session of its own, no idempotency slot).
  const checked = validateIncorporation(input.body, { lang: input.lang, smvm });
  if (checked.findings.some((f) => f.code === "session_id_invalid")) {
    const answer = unrecordedRefusal({ findings: checked.findings, baseUrl: input.baseUrl, now: new Date() });
    return outcomeOf({ status: 422, meta: {}, live: null, replayed: false, problem: false }, JSON.stringify(answer));
  }
  // With PUBLIC_BASE_URL every answer has the same links; without it, they follow the request's Host.
  const requestOrigin = getConfig().env.PUBLIC_BASE_URL ? null : input.baseUrl;
  const { key, bodyHash } = idempotencyKey(input.body, input.idempotencyKey, input.scope, requestOrigin);
  try {
    const { body, ...result } = await runIdempotent(key, bodyHash, (claim) => run(input, checked, claim));
    const json = result.replayed ? await replayJson(body, result.meta.sessionId) : (body as AnswerJson);
    return outcomeOf({ ...result, problem: false }, json);
  } catch (err) {
    if (!isApiError(err) || err.code !== "idempotency_key_reused") throw err;
    // Every 422 of this endpoint has the SPEC 2.6 shape, this one too (with problem+json members).
    const answer = reusedKeyAnswer({
      body: input.body,
      lang: input.lang,
      baseUrl: input.baseUrl,
      smvm,
      now: new Date(),
    });
    return outcomeOf({ status: 422, meta: {}, live: null, replayed: false, problem: true }, JSON.stringify(answer));
  }
}
