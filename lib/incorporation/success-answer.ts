import { canonicalJson } from "../audit/canonical";
import type { AuditEntry } from "../audit/entry";
import type { RegistryRecord } from "../registry/record-schema";
import type { StoreBackend } from "../store/types";
import { buildChecklist, type ChecklistStep } from "./checklist";
import { oneClickDeployUrl } from "./deploy-url";
import { COMPANY_ENV_VARS } from "./env-vars";
import type { Finding } from "./finding-codes";
import { type CompanyFiles, generateFiles } from "./generate-files";
import { sha256Hex } from "./idempotency";
import { rfc001Report } from "./rfc001";
import type { IncorporationSuccess } from "./success";
import type { IncorporationRequest } from "./validate";

/**
 * What a successful incorporation stores for its replays: the facts of the call (about 3 kB), not the
 * 16 kB answer. Files, checklist, env vars, deploy link and RFC-001 report are pure functions of these
 * facts, so the first answer and every replay are built by the same function, successAnswer(). What
 * could change between calls is kept as it was: the findings as worded then, the record as created,
 * the deploy starter configured then. Only a deploy that changes the templates themselves changes a
 * replay's files; the entry's `filesDigest` still names the first answer's (see docs/incorporation.md).
 */
export interface SuccessFacts {
  request: Pick<IncorporationRequest, "denominacion" | "tipo" | "capitalSocial" | "objeto">;
  slug: string;
  baseUrl: string;
  starterRepo: string;
  backend: StoreBackend;
  findings: Finding[];
  entry: AuditEntry;
  record: RegistryRecord;
}

/** The stored body of a success: told apart from a full answer stored by an earlier version by `facts`. */
export interface StoredSuccess {
  ok: true;
  facts: SuccessFacts;
}

/** Secrets shown once, to the call that created them; never stored. */
export interface ShownOnce {
  sessionToken: string | null;
  claimToken: string | null;
}

type FileFacts = Pick<SuccessFacts, "request" | "slug" | "baseUrl" | "starterRepo">;

/** The starter: its four files and the deploy link they name (built once per answer). */
export interface Starter {
  files: CompanyFiles;
  deployUrl: string;
}

/** Builds the starter; its files are also what the entry's `filesDigest` covers, computed before the entry. */
export function companyStarter(facts: FileFacts): Starter {
  const deployUrl = oneClickDeployUrl({ starterRepo: facts.starterRepo, slug: facts.slug, baseUrl: facts.baseUrl });
  const files = generateFiles(facts.request, {
    slug: facts.slug,
    baseUrl: facts.baseUrl,
    checklist: buildChecklist(facts.baseUrl),
    deployUrl,
  });
  return { files, deployUrl };
}

/** `sha256:` + hex SHA-256 of the files' canonical JSON: the `filesDigest` of the audit entry. */
export function filesDigest(files: CompanyFiles): string {
  return `sha256:${sha256Hex(canonicalJson(files))}`;
}

export function isStoredSuccess(body: unknown): body is StoredSuccess {
  return typeof body === "object" && body !== null && (body as { facts?: unknown }).facts !== undefined;
}

/** The 200 answer for `facts`; `starter` when the caller has just built it, secrets for the first call. */
export function successAnswer(
  facts: SuccessFacts,
  starter: Starter = companyStarter(facts),
  shown: ShownOnce = { sessionToken: null, claimToken: null },
): IncorporationSuccess {
  const { baseUrl, entry, record } = facts;
  const session = encodeURIComponent(entry.sessionId);
  const recordUrl = `${baseUrl}/api/registry/${encodeURIComponent(record.id)}`;
  return {
    ok: true,
    sociedad: {
      denominacion: facts.request.denominacion,
      tipo: facts.request.tipo,
      capitalSocial: facts.request.capitalSocial,
      slug: facts.slug,
    },
    config: starter.files,
    envVars: COMPANY_ENV_VARS.map(({ name, description }) => ({ name, description })),
    // Shared and frozen; the answer is only ever serialised.
    checklist: buildChecklist(baseUrl) as ChecklistStep[],
    deploy: { oneClickUrl: starter.deployUrl },
    audit: {
      sessionId: entry.sessionId,
      backend: facts.backend,
      entry,
      url: `${baseUrl}/api/play/audit/${session}`,
      verifyUrl: `${baseUrl}/api/play/audit/${session}?verify=1`,
      dashboardUrl: `${baseUrl}/dashboard/${session}`,
      badgeUrl: `${baseUrl}/api/badge/${session}`,
      ...(shown.sessionToken ? { sessionToken: shown.sessionToken } : {}),
    },
    registry: { record, url: recordUrl, claimUrl: `${recordUrl}/claim`, claimToken: shown.claimToken },
    validation: { findings: facts.findings },
    rfc001: rfc001Report(facts.findings),
  };
}
