import { prettyJson } from "@/app/_components/log-entry/format";
import type { AuditMessages } from "@/app/_i18n/audit-words";

/** The audit messages the demonstration uses, in the page's language. */
export type TamperDemoMessages = Pick<AuditMessages, "entry" | "verdict" | "reasons" | "request" | "tamper">;

/** An entry's seq as the visitor may type it; empty means the server picks one. */
export const SEQ_INPUT = /^\d{1,6}$/;

/** The top-level members whose values differ between an entry and its altered copy. */
export function changedMembers(original: unknown, altered: unknown): string[] {
  if (!original || !altered || typeof original !== "object" || typeof altered !== "object") return [];
  const a = original as Record<string, unknown>;
  const b = altered as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/** The members to compare: those that changed, or the identifying ones when nearly all did (a swap). */
export function membersToShow(changed: string[]): string[] {
  return changed.length > 4 ? changed.filter((k) => ["id", "seq", "action", "outcome"].includes(k)) : changed;
}

/** Only `keys` of an entry, as indented JSON. */
export function pick(entry: unknown, keys: string[]): string {
  const record = (entry ?? {}) as Record<string, unknown>;
  return prettyJson(Object.fromEntries(keys.map((k) => [k, record[k]])));
}
