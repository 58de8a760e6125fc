import { auditPaths } from "@/lib/audit/paths";

/** The id of an entry's row on its session's dashboard, and the fragment of links to that row. */
export const entryAnchorId = (seq: number): string => `entry-${seq}`;

/** A session's dashboard, opened on one entry: the browser scrolls to its row, focuses and marks it. */
export const entryHref = (sessionId: string, seq: number): string =>
  `${auditPaths(sessionId).dashboard}#${entryAnchorId(seq)}`;
