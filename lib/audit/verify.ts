import type { CheckpointStatus, HeaderStatus, VerificationReport } from "@sociedades-ia/incorporate";
import {
  emptyTally,
  type HmacCheck,
  isEntryObject,
  judgeEntry,
  type Tally,
  tallyEntry,
} from "@sociedades-ia/incorporate";
import { canonicalForms, canonicalJson, hashOf, hmacOf } from "../signing/canonical";

/** The report of `?verify=1`, defined once in the client package, which reads it from the API. */
export type { CheckpointStatus, EntryProblem, ProblemReason, VerificationReport } from "@sociedades-ia/incorporate";

/** The report of a stored log, as every read hands it out. */
export type StoredLogReport = VerificationReport & { checkpoint: CheckpointStatus; header: HeaderStatus };

/** Where a verification stands after some entries: their counts and the hash the next `prev` must equal. */
export interface VerificationState {
  tally: Tally;
  prevHash: string | null;
}

export function startVerification(): VerificationState {
  return { tally: emptyTally(), prevHash: null };
}

/**
 * Judges the next entry of a session (at position `state.tally.total`) with the HMAC keys (kid ->
 * secret) and advances the state. The rules are the shared ones of packages/incorporate (also used
 * offline): editing entry k marks k (HMAC) and k+1 (its link); deleting k marks k+1; swapping marks
 * both. One canonicalisation, one HMAC and one SHA-256 per entry.
 */
export function verifyNext(
  state: VerificationState,
  sessionId: string,
  raw: unknown,
  keys: Record<string, string>,
  stored?: string,
): void {
  let full: string | null = null;
  let hmac: HmacCheck = "skipped";
  try {
    if (isEntryObject(raw)) {
      const forms = canonicalForms(raw);
      full = forms.full;
      if (raw.hmac !== undefined) {
        const secret = typeof raw.kid === "string" && Object.hasOwn(keys, raw.kid) ? keys[raw.kid] : undefined;
        if (secret === undefined) hmac = "unknown_kid";
        else hmac = raw.hmac === hmacOf(forms.signed, secret) ? "ok" : "mismatch";
      }
    } else {
      full = canonicalJson(raw);
    }
  } catch {
    // A lone surrogate (written into the store by hand) has no canonical form: the entry is malformed.
  }
  const reasons =
    full === null ? ["malformed" as const] : judgeEntry(sessionId, state.tally.total, raw, state.prevHash, hmac);
  // The service stores each entry as its full canonical form and serves those bytes: stored text that
  // is not exactly that (members reordered, a member repeated so that parsers disagree on its value)
  // was edited in the store, even when it parses to a valid entry.
  if (full !== null && stored !== undefined && stored !== full && !reasons.includes("malformed")) {
    reasons.push("malformed");
  }
  tallyEntry(state.tally, state.tally.total, reasons);
  state.prevHash = hashOf(full ?? stored ?? String(raw));
}

/**
 * verifyNext on an item as stored, parsed here. Returns false when the item is not JSON: it is
 * judged malformed, and handed out as a string.
 */
export function verifyStoredItem(
  state: VerificationState,
  sessionId: string,
  raw: string,
  keys: Record<string, string>,
): boolean {
  let value: unknown;
  let json = true;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
    json = false;
  }
  verifyNext(state, sessionId, value, keys, raw);
  return json;
}

/** The report of a state, sharing nothing mutable with it. */
export function reportOf(state: VerificationState): VerificationReport {
  const { tally, prevHash } = state;
  return { ...tally, problems: tally.problems.slice(), head: { size: tally.total, hash: prevHash } };
}

/** Re-verifies a session's entries with the HMAC keys (kid -> secret). */
export function verifyEntries(sessionId: string, entries: unknown[], keys: Record<string, string>): VerificationReport {
  const state = startVerification();
  for (const raw of entries) verifyNext(state, sessionId, raw, keys);
  return reportOf(state);
}
