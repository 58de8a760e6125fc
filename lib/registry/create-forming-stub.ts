import { createHash } from "node:crypto";
import { isSessionId } from "../audit/entry";
import { ensureSeeds } from "./ensure-seeds";
import { hashToken, issueToken } from "./issue-token";
import { slugify } from "./make-record-id";
import type { Disclosure, RegistryRecord } from "./record-schema";
import { loadEntry, saveEntry } from "./stored-record";

export interface FormingStubInput {
  /** The incorporation's audit session: the stub's `sessionId`, where its certifications are logged. */
  sessionId: string;
  denominacion: string;
  /** Defaults to a neutral "company in formation" text. */
  disclosure?: Disclosure;
}

export interface FormingStub {
  record: RegistryRecord;
  /** Shown once, on creation; null on an idempotent replay (anyone can replay a request). */
  claimToken: string | null;
  created: boolean;
}

const DEFAULT_DISCLOSURE: Disclosure = {
  es: "Sociedad en formación: se constituyó con este servicio y todavía no opera ni fue certificada. Sus datos provienen de la solicitud de constitución.",
  en: "Company in formation: it was incorporated with this service and does not operate yet, nor has it been certified. Its data comes from the incorporation request.",
};

function companyKey(denominacion: string): string {
  return denominacion.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Creates the registry stub of a company at incorporation (status forming, source formed, good
 * standing unverified) and returns its claim token. Idempotent per session and company: the id is
 * derived from both, so a replay finds the same stub, and two companies with the same name in
 * different sessions get different ids.
 */
export async function createFormingStub(input: FormingStubInput): Promise<FormingStub> {
  if (!isSessionId(input.sessionId)) throw new TypeError("createFormingStub: invalid sessionId");
  const name = input.denominacion.trim().replace(/\s+/g, " ");
  if (!name || name.length > 120) throw new TypeError("createFormingStub: denominacion must be 1 to 120 characters");
  await ensureSeeds();

  const digest = createHash("sha256")
    .update(`${input.sessionId}\n${companyKey(name)}`)
    .digest("hex")
    .slice(0, 10);
  const id = `${slugify(name).slice(0, 40).replace(/-+$/, "")}-${digest}`;
  const now = new Date().toISOString();
  const record: RegistryRecord = {
    id,
    name,
    type: "productive-sociedad-ia",
    jurisdiction: "AR",
    operator: "-",
    operatorCuit: null,
    publicUrl: "-",
    rfcConformance: [],
    disclosure: input.disclosure ?? DEFAULT_DISCLOSURE,
    status: "forming",
    listedSince: "-",
    goodStanding: { state: "unverified", lastCheckedAt: null, lastScore: null, lastRating: null },
    createdAt: now,
    updatedAt: now,
    source: "formed",
    sessionId: input.sessionId,
  };
  const claimToken = issueToken("claim");
  const result = await saveEntry(
    {
      v: 1,
      record,
      ownerTokenHash: null,
      claimTokenHash: hashToken(claimToken),
      auditSessionId: input.sessionId,
    },
    { mode: "create" },
  );
  if (result.ok) return { record, claimToken, created: true };
  const existing = await loadEntry(id);
  if (!existing || existing.entry.record.sessionId !== input.sessionId) {
    throw new Error(`createFormingStub: id ${id} is taken by another record`);
  }
  return { record: existing.entry.record, claimToken: null, created: false };
}
