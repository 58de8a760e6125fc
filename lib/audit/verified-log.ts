import { hmacKeys } from "../signing/keys";
import {
  reportOf,
  startVerification,
  type VerificationReport,
  type VerificationState,
  verifyStoredItem,
} from "./verify";

/**
 * Verification reports kept per session, so a badge or an audit read re-verifies only what was
 * appended since the last read. The caller reads the log from the store on every call and the saved
 * state is reused only when the stored items it covered are still there, byte for byte, in the same places:
 * any edit, deletion or reordering of stored items (through any server process) is a miss, and the
 * whole log is verified again. So the cache can make a read cheaper but never change its verdict.
 */
interface Saved {
  /** The HMAC keys the state was computed with (the configuration's object: reloaded config is a miss). */
  keys: Record<string, string>;
  items: string[];
  /** Characters of `items`. */
  chars: number;
  /** Positions whose item is not JSON. */
  unparseable: number[];
  state: VerificationState;
  /** What readers get while nothing is appended: shared between them, hence frozen. */
  view: Omit<VerifiedLog, "items">;
}

/** Characters of saved items per process; least recently read sessions go first. */
const MAX_SAVED_CHARS = 8_000_000;

interface Cache {
  sessions: Map<string, Saved>;
  chars: number;
}

// On globalThis: route handlers and pages may get separate copies of this module in one process.
const CACHE = Symbol.for("sia.audit.verified");
type CacheGlobal = typeof globalThis & { [CACHE]?: Cache };

function cache(): Cache {
  const g = globalThis as CacheGlobal;
  g[CACHE] ??= { sessions: new Map(), chars: 0 };
  return g[CACHE];
}

/** Keeps `saved` as the most recently read session, dropping the least recently read beyond the limit. */
function save(sessionId: string, saved: Saved): void {
  const c = cache();
  const old = c.sessions.get(sessionId);
  if (old) {
    c.sessions.delete(sessionId);
    c.chars -= old.chars;
  }
  if (saved.chars > MAX_SAVED_CHARS) return;
  c.sessions.set(sessionId, saved);
  c.chars += saved.chars;
  for (const [id, oldest] of c.sessions) {
    if (c.chars <= MAX_SAVED_CHARS) break;
    c.sessions.delete(id);
    c.chars -= oldest.chars;
  }
}

/** True when `items` starts with exactly the saved items. */
function extendsSaved(saved: Saved, items: string[], keys: Record<string, string>): boolean {
  if (saved.keys !== keys || saved.items.length > items.length) return false;
  for (let i = 0; i < saved.items.length; i++) if (saved.items[i] !== items[i]) return false;
  return true;
}

export interface VerifiedLog {
  /** The stored items in order: each entry's full canonical form as stored. */
  items: string[];
  /** Positions of items that are not JSON (verification counts them as malformed). */
  unparseable: ReadonlySet<number>;
  report: VerificationReport;
}

/** The verification report of a session's stored items (just read), re-verifying only new items. */
export function verifyItems(sessionId: string, items: string[]): VerifiedLog {
  const keys = hmacKeys();
  const saved = cache().sessions.get(sessionId);
  const reuse = saved !== undefined && extendsSaved(saved, items, keys);
  if (reuse && items.length === saved.items.length) {
    save(sessionId, saved);
    return { items, ...saved.view };
  }
  const state: VerificationState = reuse
    ? { tally: { ...saved.state.tally, problems: saved.state.tally.problems.slice() }, prevHash: saved.state.prevHash }
    : startVerification();
  const unparseable = reuse ? saved.unparseable.slice() : [];
  let chars = reuse ? saved.chars : 0;
  for (let i = state.tally.total; i < items.length; i++) {
    chars += (items[i] as string).length;
    if (!verifyStoredItem(state, sessionId, items[i] as string, keys)) unparseable.push(i);
  }
  const report = reportOf(state);
  Object.freeze(report.problems);
  Object.freeze(report.head);
  const view = { unparseable: new Set(unparseable), report: Object.freeze(report) };
  save(sessionId, { keys, items, chars, unparseable, state, view });
  return { items, ...view };
}
