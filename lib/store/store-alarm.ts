/**
 * One line in the server log when something read from the store fails its seal or signature: the
 * store was edited by someone without the keys (or a key was lost). The operator greps for
 * `[alarm]`. The line names what failed and where, never a value read from the store beyond short
 * ids, and is cut to a fixed length, so that an attacker who writes the store cannot flood or forge
 * log lines through it. A read repeated many times alarms once per subject and minute.
 */
const MAX_LINE = 300;
const REPEAT_MS = 60_000;
const REMEMBERED = 1024;

const RECENT = Symbol.for("sia.store-alarms");
type AlarmGlobal = typeof globalThis & { [RECENT]?: Map<string, number> };

/** Printable ASCII only: whatever an id or reason holds cannot end the line or fake another. */
const clean = (text: string) => text.replace(/[^\x20-\x7e]/g, "?");

/**
 * Logs `[alarm] <area>: <what> (<subject>)`; `subject` says which session, key or line (a short id
 * or a hash, never a secret). Returns the line, or null when the same alarm was logged within a minute.
 */
export function storeAlarm(area: string, what: string, subject: string, now = Date.now()): string | null {
  const g = globalThis as AlarmGlobal;
  g[RECENT] ??= new Map();
  const recent = g[RECENT];
  const key = `${area}\n${what}\n${subject}`;
  const last = recent.get(key);
  if (last !== undefined && now - last < REPEAT_MS) return null;
  if (recent.size >= REMEMBERED) recent.clear();
  recent.set(key, now);
  const line = clean(`[alarm] ${area}: ${what} (${subject})`).slice(0, MAX_LINE);
  console.error(line);
  return line;
}
