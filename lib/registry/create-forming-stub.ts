import { hash } from "node:crypto";
import { isSessionId } from "../audit/entry";
import { ApiError } from "../http/problem";
import { getStore } from "../store";
import type { BatchWrite, RecordWrite } from "../store/types";
import { hasHiddenCharacters } from "../text/hidden-characters";
import { ensureSeeds } from "./ensure-seeds";
import { FIXED_DISCLOSURES } from "./fixed-disclosures";
import { hashToken, issueToken } from "./issue-token";
import { slugify } from "./make-record-id";
import type { Disclosure, RegistryRecord } from "./record-schema";
import type { RegistryEntry } from "./registry-entry";
import { entryLeaf, entryWrite, loadEntry } from "./stored-record";

export interface FormingStubInput {
  /** The incorporation's audit session: the stub's `sessionId`, where its certifications are logged. */
  sessionId: string;
  denominacion: string;
  /**
   * The human who answers for the company, as the incorporation named them: the stub's operator and
   * operator CUIT, so the record shows them from the start and the claim may keep them.
   */
  representative?: { nombre: string; cuit: string } | null;
  /** Defaults to a neutral "company in formation" text. */
  disclosure?: Disclosure;
}

export interface FormingStub {
  record: RegistryRecord;
  /** Shown once, on creation; null on an idempotent replay (anyone can replay a request). */
  claimToken: string | null;
  created: boolean;
}

const DEFAULT_DISCLOSURE = FIXED_DISCLOSURES["formed/1"] as Disclosure;

function companyKey(denominacion: string): string {
  return denominacion.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** A forming stub ready to be written: its record, its claim token, the store write that creates it and its leaf. */
export interface PreparedFormingStub {
  record: RegistryRecord;
  claimToken: string;
  write: RecordWrite;
  /** The stub's first leaf (seq 0), sequenced in the same batch as `write`. */
  leaf: BatchWrite;
}

/**
 * Builds the registry stub of a company at incorporation (status forming, source formed, good
 * standing unverified) and its claim token, without writing it: the incorporation writes it in the
 * same atomic batch as its audit entry. The id is derived from session and company, so a replay finds
 * the same stub, and two companies with the same name in different sessions get different ids.
 */
export function prepareFormingStub(input: FormingStubInput): PreparedFormingStub {
  if (!isSessionId(input.sessionId)) throw new TypeError("prepareFormingStub: invalid sessionId");
  const name = input.denominacion.trim().replace(/\s+/g, " ");
  if (!name || name.length > 120) throw new TypeError("prepareFormingStub: denominacion must be 1 to 120 characters");
  const digest = hash("sha256", `${input.sessionId}\n${companyKey(name)}`, "hex").slice(0, 10);
  const id = `${slugify(name).slice(0, 40).replace(/-+$/, "")}-${digest}`;
  const now = new Date().toISOString();
  // The registry's own text rules: a name that hides characters is left for the claim to give.
  const repName = input.representative?.nombre.trim().replace(/\s+/g, " ") ?? "";
  const operator = repName && !hasHiddenCharacters(repName, { multiline: false }) ? repName : "-";
  const record: RegistryRecord = {
    id,
    name,
    type: "productive-sociedad-ia",
    jurisdiction: "AR",
    operator,
    operatorCuit: input.representative?.cuit ?? null,
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
  const entry: RegistryEntry = {
    v: 2,
    record,
    ownerTokenHash: null,
    claimTokenHash: hashToken(claimToken),
    auditSessionId: input.sessionId,
    seq: 0,
    reportHash: null,
  };
  return { record, claimToken, write: entryWrite(entry, { mode: "create" }), leaf: entryLeaf(entry, "created") };
}

/**
 * The stub that already holds a prepared stub's id; it must belong to the same session. Listings
 * never take an id of this shape (make-record-id.ts), so another holder is a record made before
 * that rule: the incorporation is refused with nothing written.
 */
export async function existingFormingStub(prepared: PreparedFormingStub): Promise<RegistryRecord> {
  const existing = await loadEntry(prepared.record.id);
  if (!existing || existing.entry.record.sessionId !== prepared.record.sessionId) {
    throw new ApiError(
      "conflict",
      `The registry id ${prepared.record.id} of this company in this session is held by another record; nothing was written. Incorporate it in a new session (leave sessionId out).`,
    );
  }
  return existing.entry.record;
}

/** Creates a forming stub on its own and returns its claim token; idempotent per session and company. */
export async function createFormingStub(input: FormingStubInput): Promise<FormingStub> {
  const prepared = prepareFormingStub(input);
  await ensureSeeds();
  const result = await getStore().batch([{ type: "record", write: prepared.write }, prepared.leaf]);
  if (result.ok) return { record: prepared.record, claimToken: prepared.claimToken, created: true };
  return { record: await existingFormingStub(prepared), claimToken: null, created: false };
}
