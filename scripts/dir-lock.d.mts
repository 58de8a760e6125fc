/** Types for dir-lock.mjs (plain JS, loaded by scripts/server.mjs without a build). */

/** Takes the lock at `lockPath` for this process, or throws naming the process that holds it. */
export function acquireDirLock(lockPath: string, dir: string): () => void;

/** Takes the lock now and keeps it for this process's next acquireDirLock of the same path. */
export function reserveDirLock(lockPath: string, dir: string): void;
