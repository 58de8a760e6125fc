interface Checked {
  total: number;
  firstBadSeq: number | null;
  problems: readonly { seq: number; reasons: readonly string[] }[];
  checkpoint: { error: string | null } | null;
}

/**
 * The entry a check without the HMAC key can name as changed. Editing entry N leaves N itself
 * looking fine offline: it is entry N+1 whose `prev` no longer matches. When that N+1 is otherwise
 * whole and is itself still linked (by N+2, or as the last entry by a valid checkpoint), its own
 * content, `prev` included, is as signed, so the change is in N. Otherwise the first entry with a
 * problem is all that can be said. `inferred` tells which case it is.
 */
export function alteredEntry(report: Checked): { seq: number; inferred: boolean } | null {
  const first = report.firstBadSeq;
  if (first === null) return null;
  const reasons = report.problems.find((p) => p.seq === first)?.reasons.filter((r) => r !== "unsigned") ?? [];
  if (first === 0 || reasons.length !== 1 || reasons[0] !== "chain_broken") return { seq: first, inferred: false };
  const next = report.problems.find((p) => p.seq === first + 1);
  const stillLinked =
    first + 1 < report.total ? !next?.reasons.includes("chain_broken") : report.checkpoint?.error === null;
  return stillLinked ? { seq: first - 1, inferred: true } : { seq: first, inferred: false };
}
