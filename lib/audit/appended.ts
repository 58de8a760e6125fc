import { EventEmitter } from "node:events";

/**
 * Tells the open streams of a session, in this process, that a new checkpoint was stored for it, so
 * they read the store when something changed instead of every second. Appends made by other
 * processes (other instances on Upstash) are not heard here: streams there also poll, cheaply.
 */
// On globalThis: route handlers get separate copies of this module in one process.
const EMITTER = Symbol.for("sia.audit.appended");
type EmitterGlobal = typeof globalThis & { [EMITTER]?: EventEmitter };

function emitter(): EventEmitter {
  const g = globalThis as EmitterGlobal;
  if (!g[EMITTER]) {
    g[EMITTER] = new EventEmitter();
    // One listener per open stream: STREAM_MAX bounds them, not this.
    g[EMITTER].setMaxListeners(0);
  }
  return g[EMITTER];
}

/** A checkpoint was stored for the session: wake its streams. */
export function announceCheckpoint(sessionId: string): void {
  emitter().emit(sessionId);
}

/** Calls `listener` on each checkpoint stored for the session in this process; returns the unsubscribe. */
export function onCheckpoint(sessionId: string, listener: () => void): () => void {
  emitter().on(sessionId, listener);
  return () => emitter().off(sessionId, listener);
}
