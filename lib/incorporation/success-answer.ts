import { createHash } from "node:crypto";
import type { AuditEntry } from "../audit/entry";
import { auditPaths } from "../audit/paths";
import { boundedMemo } from "../cache/bounded-memo";
import { CLIENT_TARBALL_PATH } from "../client-package/client-package-name";
import type { RegistryRecord } from "../registry/record-schema";
import type { StoreBackend } from "../store/types";
import type { TransparencyReceipt } from "../tlog/receipt";
import { answerWarnings } from "./answer-warnings";
import { buildChecklist, type ChecklistStep, checklistJson } from "./checklist";
import { oneClickDeployUrl } from "./deploy-url";
import { COMPANY_ENV_VARS } from "./env-vars";
import { type EncodedJson, escapeJson, type FixedText, type JsonPieces, piecesUtf8 } from "./file-pieces";
import type { Finding } from "./finding-codes";
import { type CompanyFiles, filesFrom, starterPieces } from "./generate-files";
import { rfc001Json, rfc001Report } from "./rfc001";
import type { IncorporationSuccess } from "./success";
import type { IncorporationRequest } from "./validate";

/**
 * The facts of a successful incorporation: files, checklist, env vars, deploy link and RFC-001 report
 * are pure functions of them, so the first answer and every replay are built by the same function,
 * successAnswerUtf8(). A replay rebuilds them from what the first call stored (stored-answer.ts):
 * the findings as worded then, the deploy starter configured then, the same entry, and the record
 * as it stands now. Only a deploy that changes the templates themselves changes a replay's files;
 * the entry's `filesDigest` still names the first answer's (see docs/incorporation.md).
 */
export interface SuccessFacts {
  request: Pick<IncorporationRequest, "denominacion" | "tipo" | "capitalSocial" | "objeto">;
  slug: string;
  baseUrl: string;
  starterRepo: string;
  /**
   * The client library's tarball the package.json pins, or null to name the package (a service with
   * no public PUBLIC_BASE_URL). Absent in facts stored before it existed: those pinned baseUrl's.
   */
  clientTarball?: string | null;
  backend: StoreBackend;
  findings: Finding[];
  entry: AuditEntry;
  record: RegistryRecord;
}

/** Secrets shown once, to the call that created them; never stored. */
export interface ShownOnce {
  sessionToken: string | null;
  claimToken: string | null;
}

type FileFacts = Pick<SuccessFacts, "request" | "slug" | "baseUrl" | "starterRepo" | "clientTarball">;

/** The tarball `facts` pin, null for none (see SuccessFacts.clientTarball). */
function clientTarballOf(facts: FileFacts): string | null {
  return facts.clientTarball === undefined ? `${facts.baseUrl}${CLIENT_TARBALL_PATH}` : facts.clientTarball;
}

/** The starter: its four files and the deploy link they name (built once per answer). */
export interface Starter {
  /** Joined when read: the answer is built from `filesPieces` and never needs it. */
  readonly files: CompanyFiles;
  deployUrl: string;
  /** `sha256:` + hex SHA-256 of the files' canonical JSON (RFC 8785): the audit entry's `filesDigest`. */
  filesDigest: string;
  /** JSON.stringify(files) as pieces: the template's text comes encoded once. */
  readonly filesPieces: JsonPieces;
}

type FileName = keyof CompanyFiles;

// The canonical JSON (RFC 8785) of an object of strings is its members sorted by name (UTF-16 code
// units) with JSON.stringify's escaping: readJson has already refused text that is not valid Unicode,
// the one case where the two differ.
const FILE_NAMES: FileName[] = ["package.json", "lib/agent.ts", ".env.example", "README.md"];
const CANONICAL_ORDER = [...FILE_NAMES].sort();

/**
 * Builds the starter, computed before the entry that records its digest. Only the request's text is
 * escaped per call (the template's was escaped once, see file-pieces.ts), once for both the digest
 * and the answer; the canonical form is hashed piece by piece, as it is never needed whole.
 */
export function companyStarter(facts: FileFacts): Starter {
  const deployUrl = oneClickDeployUrl({ starterRepo: facts.starterRepo, slug: facts.slug, baseUrl: facts.baseUrl });
  const pieces = starterPieces(facts.request, {
    slug: facts.slug,
    baseUrl: facts.baseUrl,
    deployUrl,
    clientTarball: clientTarballOf(facts),
  });
  const escaped = Object.fromEntries(
    FILE_NAMES.map((name) => [name, pieces[name].map((p) => (typeof p === "string" ? escapeJson(p) : p))]),
  ) as Record<FileName, (FixedText | string)[]>;

  const digest = createHash("sha256").update("{");
  for (const [i, name] of CANONICAL_ORDER.entries()) {
    digest.update(`${i > 0 ? "," : ""}${JSON.stringify(name)}:"`);
    for (const p of escaped[name]) digest.update(typeof p === "string" ? p : p.jsonUtf8);
    digest.update('"');
  }
  const filesPieces: (string | EncodedJson)[] = [];
  for (const [i, name] of FILE_NAMES.entries()) {
    filesPieces.push(`${i === 0 ? "{" : ","}${JSON.stringify(name)}:"`, ...escaped[name], '"');
  }
  filesPieces.push("}");
  return {
    get files() {
      return filesFrom(pieces);
    },
    deployUrl,
    filesDigest: `sha256:${digest.update("}").digest("hex")}`,
    filesPieces,
  };
}

// Shared by every answer (which is only ever serialised), hence frozen.
const ENV_VARS = Object.freeze(COMPANY_ENV_VARS.map(({ name, description }) => Object.freeze({ name, description })));
const ENV_VARS_JSON = encodedJson(JSON.stringify(ENV_VARS));

type AnswerParts = Pick<IncorporationSuccess, "sociedad" | "audit" | "registry" | "validation"> & {
  deploy: Omit<IncorporationSuccess["deploy"], "manualSteps">;
};

/** The parts of an answer that are built per call (the rest is shared, or serialised once). */
function answerParts(facts: SuccessFacts, starter: Starter, shown: ShownOnce): AnswerParts {
  const { baseUrl, entry, record } = facts;
  const paths = auditPaths(entry.sessionId);
  const recordUrl = `${baseUrl}/api/registry/${encodeURIComponent(record.id)}`;
  return {
    sociedad: {
      denominacion: facts.request.denominacion,
      tipo: facts.request.tipo,
      capitalSocial: facts.request.capitalSocial,
      slug: facts.slug,
    },
    // The deploy link is Vercel's clone URL of the starter repository; the steps that stay manual are
    // the checklist's (the member names are the earlier ar-agents API's, see docs/incorporation.md).
    deploy: { target: "vercel", oneClickUrl: starter.deployUrl, sourceUrl: facts.starterRepo },
    audit: {
      sessionId: entry.sessionId,
      backend: facts.backend,
      entry,
      url: `${baseUrl}${paths.log}`,
      verifyUrl: `${baseUrl}${paths.verified}`,
      dashboardUrl: `${baseUrl}${paths.dashboard}`,
      badgeUrl: `${baseUrl}${paths.badge}`,
      ...(shown.sessionToken ? { sessionToken: shown.sessionToken } : {}),
    },
    registry: { record, url: recordUrl, claimUrl: `${recordUrl}/claim`, claimToken: shown.claimToken },
    validation: { valid: true, findings: facts.findings },
  };
}

const NOTHING_SHOWN: ShownOnce = { sessionToken: null, claimToken: null };

/** The 200 answer for `facts`; `starter` when the caller has just built it, secrets for the first call. */
export function successAnswer(
  facts: SuccessFacts,
  starter: Starter = companyStarter(facts),
  shown: ShownOnce = NOTHING_SHOWN,
): IncorporationSuccess {
  const a = answerParts(facts, starter, shown);
  return {
    ok: true,
    sociedad: a.sociedad,
    config: starter.files,
    envVars: ENV_VARS as IncorporationSuccess["envVars"],
    checklist: buildChecklist(facts.baseUrl) as ChecklistStep[], // shared and frozen, like ENV_VARS
    deploy: { ...a.deploy, manualSteps: buildChecklist(facts.baseUrl) as ChecklistStep[] },
    audit: a.audit,
    registry: a.registry,
    validation: a.validation,
    rfc001: rfc001Report(facts.findings, facts.baseUrl),
    // When the answer was made: the time of its audit entry, so a replay shows the first answer's.
    generatedAt: facts.entry.ts,
    warnings: answerWarnings(facts.baseUrl, clientTarballOf(facts)),
  };
}

/**
 * JSON text encoded once as UTF-8, by text: the checklist and the RFC-001 report are each one string
 * reused by every answer of a base URL (checklist.ts, rfc001.ts), so their bytes are too.
 */
function encodedJson(json: string): EncodedJson {
  return { json, jsonUtf8: Buffer.from(json, "utf8") };
}
const encodedOnce = boundedMemo(64, encodedJson, (json) => json);

/**
 * JSON.stringify(successAnswer(facts, starter, shown)) as pieces, without serialising again what is
 * already JSON: the files (escaped once, in companyStarter), the env vars and the checklist (once per
 * base URL, shown twice: as `checklist` and as `deploy.manualSteps`), the RFC-001 report (once per
 * set of finding codes). Those come with their UTF-8 bytes, so that the answer as bytes copies them
 * rather than encoding them again. A unit test holds the bytes equal to JSON.stringify's text. The entry's
 * transparency receipt, once it exists, goes last: it is written in here rather than spliced into the
 * finished text, which would copy the whole answer once more.
 */
function successAnswerPieces(
  facts: SuccessFacts,
  starter: Starter,
  shown: ShownOnce,
  transparency: TransparencyReceipt | null,
): JsonPieces {
  const a = answerParts(facts, starter, shown);
  const j = JSON.stringify;
  const checklist = encodedOnce(checklistJson(facts.baseUrl));
  const rfc001 = encodedOnce(rfc001Json({ findings: facts.findings, baseUrl: facts.baseUrl }));
  const warnings = j(answerWarnings(facts.baseUrl, clientTarballOf(facts)));
  return [
    `{"ok":true,"sociedad":${j(a.sociedad)},"config":`,
    ...starter.filesPieces,
    `,"envVars":`,
    ENV_VARS_JSON,
    `,"checklist":`,
    checklist,
    `,"deploy":${j(a.deploy).slice(0, -1)},"manualSteps":`,
    checklist,
    `},"audit":${j(a.audit)},"registry":${j(a.registry)},"validation":${j(a.validation)},"rfc001":`,
    rfc001,
    `,"generatedAt":${j(facts.entry.ts)},"warnings":${warnings}${transparency ? `,"transparency":${j(transparency)}` : ""}}`,
  ];
}

/** The answer as UTF-8 bytes, what the HTTP answer sends (see successAnswerPieces). */
export function successAnswerUtf8(
  facts: SuccessFacts,
  starter: Starter,
  shown: ShownOnce = NOTHING_SHOWN,
  transparency: TransparencyReceipt | null = null,
): Buffer<ArrayBuffer> {
  return piecesUtf8(successAnswerPieces(facts, starter, shown, transparency));
}
