// The lock that keeps a second process off an embedded store's directory. Plain JS: scripts/server.mjs
// takes it before it builds (so a second `npm start` stops at once), then the store adopts it.
//
// The file names its holder as "<pid> <start time>": the start time (Linux, /proc) tells a live holder
// from a new process that got the same pid after a restart, as a container's server always does. The
// file is created whole (written aside, then hard-linked into place), so no reader ever sees it empty;
// a stale lock is moved aside before it is removed, so two processes taking over one stale lock cannot
// both win. The lock is released when the process exits, however it exits short of being killed.
import fs from "node:fs";
import path from "node:path";

/** Clock ticks since boot at which the process started (/proc/<pid>/stat field 22); null if unknown. */
function startTimeOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 2, the command name, is in parentheses and may hold spaces: count from the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** The holder named by a lock file's text: { pid, startTime }, or null. */
function parseHolder(text) {
  const [pid = "", startTime] = text.trim().split(" ");
  return /^\d+$/.test(pid) ? { pid: Number(pid), startTime: startTime ?? null } : null;
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

/** "self" when the holder is this very process, "other" when it is another live one, else "gone". */
function holderState(holder) {
  const samePid = holder.pid === process.pid;
  const current = startTimeOf(samePid ? "self" : holder.pid);
  // A start time that differs means the pid was reused: the holder is gone.
  if (holder.startTime !== null && current !== null && holder.startTime !== current) return "gone";
  if (samePid) return "self";
  return isRunning(holder.pid) ? "other" : "gone";
}

// Kept on globalThis: route bundles may hold copies of this module. HELD: one exit handler for every
// lock of the process; RESERVED: locks taken ahead for the store to adopt, by their resolved path.
const HELD = Symbol.for("sia.store.heldLocks");
const RESERVED = Symbol.for("sia.store.reservedLocks");

function heldLocks() {
  if (!globalThis[HELD]) {
    const held = new Set();
    globalThis[HELD] = held;
    process.once("exit", () => {
      for (const release of held) release();
    });
  }
  return globalThis[HELD];
}

function reservedLocks() {
  globalThis[RESERVED] ??= new Map();
  return globalThis[RESERVED];
}

const ownText = () => `${process.pid} ${startTimeOf("self") ?? ""}`.trim();

/** Takes the lock at `lockPath` for this process, or throws naming the process that holds it. */
export function acquireDirLock(lockPath, dir) {
  const reserved = reservedLocks().get(path.resolve(lockPath));
  if (reserved) {
    reservedLocks().delete(path.resolve(lockPath));
    return reserved;
  }
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
      if (err.code !== "EEXIST") throw err;
    }
    let text;
    try {
      text = fs.readFileSync(lockPath, "utf8");
    } catch {
      continue; // released meanwhile
    }
    const holder = parseHolder(text);
    const state = holder ? holderState(holder) : "gone";
    if (state === "self") throw new Error(`DATA_DIR ${dir} is already open in this process`);
    if (state === "other") {
      throw Object.assign(
        new Error(
          `DATA_DIR ${dir} is in use by process ${holder.pid}. The embedded store allows one process per ` +
            "directory: stop that process, or set DATA_DIR to another directory.",
        ),
        { code: "EDIRLOCKED", holderPid: holder.pid },
      );
    }
    removeStaleLock(lockPath, text);
  }
  throw new Error(`could not lock DATA_DIR ${dir}`);
}

/**
 * Takes the lock now and keeps it for this process's next acquireDirLock of the same path, which gets
 * it without a second take (the store, opened after the build).
 */
export function reserveDirLock(lockPath, dir) {
  reservedLocks().set(path.resolve(lockPath), acquireDirLock(lockPath, dir));
}

/** Removes the lock if it still holds `staleText`; puts back a lock another process took meanwhile. */
function removeStaleLock(lockPath, staleText) {
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
function releaseDirLock(lockPath, mine) {
  try {
    if (fs.readFileSync(lockPath, "utf8") === mine) fs.rmSync(lockPath, { force: true });
  } catch {
    /* already gone */
  }
}
