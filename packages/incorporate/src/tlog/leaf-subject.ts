import type { IndexValue } from "./log-index.ts";

/**
 * Which subject a log leaf speaks of, and at which position in that subject's history: the rule the
 * service applies when it integrates a leaf into the index, and that a monitor applies to recompute
 * the index from the entry bundles. An audit entry or a registry record states its own position
 * (`seq`), which must follow the subject's previous one; a key event counts on.
 */
export interface LeafSubject {
  subject: string;
  /** The position the leaf states; null when it states none (the next one is taken). */
  seq: number | null;
  hash: string;
}

const isCount = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;

/** The subject of a leaf's bytes, or why the leaf is not one the index knows. */
export function leafSubject(bytes: string): LeafSubject | string {
  let leaf: Record<string, unknown>;
  try {
    leaf = JSON.parse(bytes) as Record<string, unknown>;
  } catch {
    return "the leaf is not JSON";
  }
  if (typeof leaf !== "object" || leaf === null) return "the leaf is not an object";
  switch (leaf.kind) {
    case "audit.entry":
      if (typeof leaf.sessionId !== "string" || !isCount(leaf.seq) || typeof leaf.entryHash !== "string") {
        return "an audit.entry leaf needs sessionId, seq and entryHash";
      }
      return { subject: `session:${leaf.sessionId}`, seq: leaf.seq, hash: leaf.entryHash };
    case "registry.record":
      if (typeof leaf.id !== "string" || typeof leaf.recordHash !== "string") {
        return "a registry.record leaf needs id and recordHash";
      }
      if (leaf.seq !== undefined && !isCount(leaf.seq)) return "a registry.record leaf's seq is not a count";
      return { subject: `record:${leaf.id}`, seq: (leaf.seq as number | undefined) ?? null, hash: leaf.recordHash };
    case "key.event":
      if (typeof leaf.purpose !== "string" || typeof leaf.kid !== "string")
        return "a key.event leaf needs purpose and kid";
      return { subject: `key:${leaf.purpose}:${leaf.kid}`, seq: null, hash: leaf.kid };
    default:
      return `unknown leaf kind ${JSON.stringify(String(leaf.kind)).slice(0, 40)}`;
  }
}

/**
 * The index value a leaf at log index `index` makes, given its subject's current value; or why the
 * log must not take it (a seq that repeats or skips one: two leaves for one position of a session).
 */
export function nextIndexValue(found: LeafSubject, index: number, previous: IndexValue | null): IndexValue | string {
  const expected = previous === null ? 0 : previous.seq + 1;
  if (found.seq !== null && found.seq !== expected) {
    return found.seq <= (previous?.seq ?? -1)
      ? `${found.subject} already has a leaf at seq ${found.seq} (its latest is seq ${previous?.seq}, leaf ${previous?.index})`
      : `${found.subject} skips from seq ${previous?.seq ?? "none"} to ${found.seq}`;
  }
  return { subject: found.subject, seq: expected, index, hash: found.hash };
}
