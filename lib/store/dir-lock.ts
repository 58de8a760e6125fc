import fs from "node:fs";
import path from "node:path";

/**
 * The lock that keeps a second process off an embedded store's directory. The file names its holder
 * as "<pid> <start time>": the start time (Linux, /proc) tells a live holder from a new process that
 * got the same pid after a restart, as a container's server always does. The file is created whole
 * (written aside, then hard-linked into place), so no reader ever sees it empty; a stale lock is
 * moved aside before it is removed, so two processes taking over one stale lock cannot both win.
 * The lock is released when the process exits, however it exits short of being killed.
 */

/** The holder named by a lock file's text. */
interface Holder {
  pid: number;
  /** Clock ticks since boot at which the process started (/proc/<pid>/stat field 22); null if unknown. */
  startTime: string | null;
}

function startTimeOf(pid: number | "self"): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 2, the command name, is in parentheses and may hold spaces: count from the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function parseHolder(text: string): Holder | null {
  const [pid = "", startTime] = text.trim().split(" ");
  return /^\d+$/.test(pid) ? { pid: Number(pid), startTime: startTime ?? null } : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** "self" when the holder is this very process, "other" when it is another live one, else "gone". */
function holderState(holder: Holder): "self" | "other" | "gone" {
  const samePid = holder.pid === process.pid;
  const current = startTimeOf(samePid ? "self" : holder.pid);
  // A start time that differs means the pid was reused: the holder is gone.
  if (holder.startTime !== null && current !== null && holder.startTime !== current) return "gone";
  if (samePid) return "self";
  return isRunning(holder.pid) ? "other" : "gone";
}

// One exit handler for every lock of the process (route bundles may hold copies of this module).
const HELD = Symbol.for("sia.store.heldLocks");
type LockGlobal = typeof globalThis & { [HELD]?: Set<() => void> };

function heldLocks(): Set<() => void> {
  const g = globalThis as LockGlobal;
  if (!g[HELD]) {
    const held = new Set<() => void>();
    g[HELD] = held;
    process.once("exit", () => {
      for (const release of held) release();
    });
  }
  return g[HELD];
}

const ownText = () => `${process.pid} ${startTimeOf("self") ?? ""}`.trim();

/** Takes the lock at `lockPath` for this process, or throws naming the process that holds it. */
export function acquireDirLock(lockPath: string, dir: string): () => void {
  const mine = ownText();
  const aside = `${lockPath}.${process.pid}.${Date.now()}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    fs.writeFileSync(aside, mine, { mode: 0o600 });
    try {
      fs.linkSync(aside, lockPath);
      fs.rmSync(aside, { force: true });
      const release = () => releaseDirLock(lockPath, mine);
      heldLocks().add(release);
      return () => {
        heldLocks().delete(release);
        release();
      };
    } catch (err) {
      fs.rmSync(aside, { force: true });
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    let text: string;
    try {
      text = fs.readFileSync(lockPath, "utf8");
    } catch {
      continue; // released meanwhile
    }
    const holder = parseHolder(text);
    const state = holder ? holderState(holder) : "gone";
    if (state === "self") throw new Error(`DATA_DIR ${dir} is already open in this process`);
    if (state === "other") {
      throw new Error(
        `DATA_DIR ${dir} is in use by process ${holder?.pid}. The embedded store allows one process per ` +
          "directory: stop that process, or set DATA_DIR to another directory.",
      );
    }
    removeStaleLock(lockPath, text);
  }
  throw new Error(`could not lock DATA_DIR ${dir}`);
}

/** Removes the lock if it still holds `staleText`; puts back a lock another process took meanwhile. */
function removeStaleLock(lockPath: string, staleText: string) {
  const moved = path.join(path.dirname(lockPath), `.stale-${process.pid}-${Date.now()}`);
  try {
    fs.renameSync(lockPath, moved);
  } catch {
    return; // gone already
  }
  if (fs.readFileSync(moved, "utf8") !== staleText) {
    try {
      fs.linkSync(moved, lockPath); // a fresh lock: the next attempt finds its holder alive
    } catch {
      /* the directory was locked again meanwhile: that holder stands */
    }
  }
  fs.rmSync(moved, { force: true });
}

/** Removes the lock if it is still this process's (never another's that replaced it). */
function releaseDirLock(lockPath: string, mine: string) {
  try {
    if (fs.readFileSync(lockPath, "utf8") === mine) fs.rmSync(lockPath, { force: true });
  } catch {
    /* already gone */
  }
}
