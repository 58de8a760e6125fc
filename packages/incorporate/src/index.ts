/**
 * Client for the sociedades-IA incorporation API and offline verifier of its signed audit log.
 * fetch and WebCrypto only: Node 20+, browsers and edge runtimes.
 */

export { type AgentRunResult, type RunEntry, runAgent } from "./agent-run.ts";
export type { CompletenessCheck, WitnessCheck } from "./audit-completeness.ts";
export { parseAuditCsv } from "./audit-csv.ts";
export { type PageInfo, wholeLogFromPages } from "./audit-pages.ts";
// The rules an entry is judged by, shared with the service's own verifier.
export {
  type EntryProblem,
  emptyTally,
  type HmacCheck,
  isEntryObject,
  judgeEntry,
  type ProblemReason,
  type Tally,
  tallyEntry,
} from "./audit-rules.ts";
export {
  type AuditCheckStatuses,
  type AuditVerdict,
  auditVerdict,
  type CheckStatus,
  checkStatusesOf,
} from "./audit-verdict.ts";
export {
  type ClientOptions,
  DEFAULT_TIMEOUT_MS,
  describe,
  fetchAudit,
  type HeaderList,
  type IncorporateOptions,
  incorporate,
  incorporateOrThrow,
} from "./client.ts";
export { describeVerification, VERIFICATION_WORDS, type VerificationLine } from "./describe-verification.ts";
export {
  IncorporateError,
  IncorporateSessionError,
  IncorporateValidationError,
  isIncorporateError,
} from "./errors.ts";
export { canonicalize, canonicalizeWellFormed } from "./jcs.ts";
export {
  auditEntryLeaf,
  checkLogInclusion,
  type HeadLeaf,
  type LogInclusion,
  type TransparencyProof,
} from "./log-inclusion.ts";
export {
  type InTotoStatement,
  type PackageProvenanceOptions,
  type PackageProvenanceVerification,
  verifyPackageProvenance,
} from "./provenance.ts";
export { type AuditSession, createSession } from "./session.ts";
export { DuplicateMemberError, findDuplicateMember, parseStrictJson } from "./strict-json.ts";
// The transparency-log core, also at `@sociedades-ia/incorporate/tlog`.
export * from "./tlog/index.ts";
export type * from "./types.ts";
export {
  type AuditLogDocument,
  type AuditVerification,
  type CheckpointVerification,
  type KnownCheckpointCheck,
  type PublicJwk,
  verifyAuditLog,
  verifyCheckpoint,
} from "./verify.ts";
export {
  type AuditVerificationReport,
  type VerifyAuditOptions,
  verifyAudit,
} from "./verify-audit.ts";
