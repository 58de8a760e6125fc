import { field } from "@/app/_components/log-entry/format";
import { serverVerdict } from "@/app/_components/verdict/server-verdict";
import type { AuditMessages } from "@/app/_i18n/audit-words";
import type { DashboardMessages } from "@/app/(pages)/dashboard/[sessionId]/words";
import type { VerificationReport } from "@/lib/audit/verify";

/** What the server read for the page: a window of the log with its checkpoint and the whole log's report. */
export interface InitialLog {
  backend: string;
  entries: unknown[];
  checkpoint: string | null;
  verification: VerificationReport;
  /** Seq of the first entry shown, entries in the whole log, and whether the window reaches the newest. */
  window: { first: number; total: number; newest: boolean; size: number };
}

/** Entries after which the live view fetches its window again: the newest page of the log, at most. */
export const REFRESH_LIMIT = 1000;

export type Connection = "connecting" | "live" | "reconnecting" | "closed";

/** The messages the live part renders, in the page's language. */
export type LiveMessages = Pick<DashboardMessages, "status" | "timeline" | "empty" | "badge">;
export type LiveAuditMessages = Pick<AuditMessages, "verdict" | "reasons" | "kinds" | "outcomes" | "request">;

export const seqOf = (entry: unknown): number => {
  const seq = field(entry, "seq");
  return typeof seq === "number" ? seq : -1;
};

/** The server's entries, then any newer ones the stream delivered while the request was under way. */
export function merge(current: unknown[], fresh: unknown[]): unknown[] {
  const last = fresh.length > 0 ? seqOf(fresh[fresh.length - 1]) : -1;
  return [...fresh, ...current.filter((e) => seqOf(e) > last)];
}

/** What the badge says, in its alt text: the server's verdict, with the counts once verified. */
export function badgeText(report: VerificationReport | null, a: LiveAuditMessages): string {
  if (!report) return a.verdict.checking;
  const { verdict, pill } = serverVerdict(report);
  return verdict === "verified" ? `${a.verdict[pill]} ${report.verified}/${report.total}` : a.verdict[pill];
}

/** The reasons the server's report gives for each entry it found wrong, by seq. */
export function problemsBySeq(report: VerificationReport | null) {
  return new Map((report?.problems ?? []).map((p) => [p.seq, p.reasons]));
}
