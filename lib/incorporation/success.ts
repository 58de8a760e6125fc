import type { AuditEntry } from "../audit/entry";
import type { RegistryRecord } from "../registry/record-schema";
import type { StoreBackend } from "../store/types";
import type { AnswerWarning } from "./answer-warnings";
import type { ChecklistStep } from "./checklist";
import type { Finding } from "./finding-codes";
import type { CompanyFiles } from "./generate-files";
import type { Rfc001Report } from "./rfc001";

/**
 * The 200 answer of POST /api/auto-incorporate (SPEC 2.5 plus what the service adds). incorporate()
 * builds its body to this type and the /incorporar page reads it, so the two cannot drift apart.
 * Types only: the page imports it without pulling server code into the browser.
 */
export interface IncorporationSuccess {
  ok: true;
  sociedad: { denominacion: string; tipo: string; capitalSocial: number; slug: string };
  /** Path -> contents. A mapped type, so the page may treat it as any path-to-text record. */
  config: Record<keyof CompanyFiles, string>;
  envVars: { name: string; description: string }[];
  checklist: ChecklistStep[];
  deploy: {
    /** The platform the one-click link deploys to. */
    target: "vercel";
    oneClickUrl: string;
    /** The starter repository the link clones. */
    sourceUrl: string;
    /** What stays to be done by hand: the checklist's steps (the same list as `checklist`). */
    manualSteps: ChecklistStep[];
  };
  audit: {
    sessionId: string;
    backend: StoreBackend;
    entry: AuditEntry;
    url: string;
    verifyUrl: string;
    dashboardUrl: string;
    badgeUrl: string;
    /** Only for the call that created the session. */
    sessionToken?: string;
  };
  registry: {
    record: RegistryRecord;
    url: string;
    claimUrl: string;
    /** Only for the call that created the record; null in the stored body and in replays. */
    claimToken: string | null;
  };
  /** `valid` is always true here: only warnings and infos reach a 200. */
  validation: { valid: true; findings: Finding[] };
  rfc001: Rfc001Report;
  /** When the answer was made (the audit entry's `ts`); a replay keeps the first answer's. */
  generatedAt: string;
  /** What the deployment that answered makes unusable elsewhere (a local origin, an unpinned package). */
  warnings: AnswerWarning[];
}
