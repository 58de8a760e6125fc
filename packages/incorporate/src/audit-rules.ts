/**
 * The verification rules of the audit log (docs/audit-log.md), shared by the service's own
 * verifier and by offline verifiers: given an entry, its position, the hash of the entry before it
 * and the outcome of its HMAC check, which problems does it have? Each entry is judged on its own.
 */
export type ProblemReason =
  | "malformed"
  | "wrong_session"
  | "wrong_seq"
  | "wrong_id"
  | "unknown_kid"
  | "hmac_mismatch"
  | "chain_broken"
  | "unsigned";

export interface EntryProblem {
  /** Position in the log: the seq the entry should carry. */
  seq: number;
  reasons: ProblemReason[];
}

/** "ok", "mismatch", "unknown_kid", or "skipped" when the verifier holds no HMAC keys. */
export type HmacCheck = "ok" | "mismatch" | "unknown_kid" | "skipped";

const REQUIRED = ["id", "sessionId", "seq", "ts", "kind", "action", "actor", "outcome", "prev", "kid"];

export function isEntryObject(raw: unknown): raw is Record<string, unknown> {
  return raw !== null && typeof raw === "object" && !Array.isArray(raw);
}

/** Problems of the entry at `seq`; `prevHash` is the hash of the entry before it (null for the first). */
export function judgeEntry(
  sessionId: string,
  seq: number,
  raw: unknown,
  prevHash: string | null,
  hmac: HmacCheck,
): ProblemReason[] {
  if (!isEntryObject(raw)) return ["malformed"];
  const reasons: ProblemReason[] = [];
  if (REQUIRED.some((k) => !(k in raw))) reasons.push("malformed");
  if (raw.sessionId !== sessionId) reasons.push("wrong_session");
  if (raw.seq !== seq) reasons.push("wrong_seq");
  if (raw.id !== `${sessionId}:${seq}`) reasons.push("wrong_id");
  if (raw.prev !== prevHash) reasons.push("chain_broken");
  if (raw.hmac === undefined) reasons.push("unsigned");
  else if (hmac === "mismatch") reasons.push("hmac_mismatch");
  else if (hmac === "unknown_kid") reasons.push("unknown_kid");
  return reasons;
}

export interface Tally {
  total: number;
  /** Entries with no problem (HMAC included when it was checked). */
  verified: number;
  /** Entries with any problem other than being unsigned; each counted once. */
  tampered: number;
  unsigned: number;
  firstBadSeq: number | null;
  problems: EntryProblem[];
}

export function emptyTally(): Tally {
  return { total: 0, verified: 0, tampered: 0, unsigned: 0, firstBadSeq: null, problems: [] };
}

/** Adds one judged entry to the running counts. */
export function tallyEntry(tally: Tally, seq: number, reasons: ProblemReason[]): void {
  tally.total++;
  if (reasons.includes("unsigned")) tally.unsigned++;
  if (reasons.length === 0) {
    tally.verified++;
    return;
  }
  tally.problems.push({ seq, reasons });
  if (reasons.some((r) => r !== "unsigned")) {
    tally.tampered++;
    tally.firstBadSeq ??= seq;
  }
}
