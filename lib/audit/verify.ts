import {
  emptyTally,
  type HmacCheck,
  isEntryObject,
  judgeEntry,
  type Tally,
  tallyEntry,
} from "../../packages/incorporate/src/audit-rules";
import { canonicalForms, canonicalJson, hashOf, hmacOf } from "./canonical";

export type { EntryProblem, ProblemReason } from "../../packages/incorporate/src/audit-rules";

export interface VerificationReport extends Tally {
  /** The head the next entry's `prev` will take; `hash` is null for an empty log. */
  head: { size: number; hash: string | null };
}

/**
 * Re-verifies a session's entries with the HMAC keys (kid -> secret). The rules are the shared ones
 * of packages/incorporate (also used offline): editing entry k marks k (HMAC) and k+1 (its link);
 * deleting k marks k+1; swapping marks both. One canonicalisation, one HMAC and one SHA-256 per entry.
 */
export function verifyEntries(sessionId: string, entries: unknown[], keys: Record<string, string>): VerificationReport {
  const tally = emptyTally();
  let prevHash: string | null = null;
  entries.forEach((raw, seq) => {
    let full: string;
    let hmac: HmacCheck = "skipped";
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
    tallyEntry(tally, seq, judgeEntry(sessionId, seq, raw, prevHash, hmac));
    prevHash = hashOf(full);
  });
  return { ...tally, head: { size: entries.length, hash: prevHash } };
}
