import { getConfig } from "../config/config";
import { type LogNoteKey, noteKeyFrom, parseSignerKey } from "../identity/note-key";

const CACHE = Symbol.for("sia.tlog.key");
type KeyGlobal = typeof globalThis & { [CACHE]?: { skey: string; key: LogNoteKey } };

/** The log's note key from the configuration (validated there), built once per process. */
export function logNoteKey(): LogNoteKey {
  const g = globalThis as KeyGlobal;
  const { signerKey } = getConfig().tlog;
  if (g[CACHE]?.skey !== signerKey) {
    const parsed = parseSignerKey(signerKey);
    if (typeof parsed === "string") throw new Error(`TLOG_SIGNING_KEY: ${parsed}`);
    g[CACHE] = { skey: signerKey, key: noteKeyFrom(parsed.name, parsed.seed) };
  }
  return g[CACHE].key;
}
