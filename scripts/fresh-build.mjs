// `npm start`'s build, made where no running server reads: the install (when the lockfile changed),
// the client package and `next build` write .next-start/build; once complete it is renamed to
// .next-start/run-<pid>, which this server alone serves and removes when it stops. A second `npm start`
// serving beside this one (its own DATA_DIR and PORT) builds its own; a failed build changes no
// running server's files.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { acquireDirLock } from "./dir-lock.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const BASE = ".next-start";
// Its type globs are in tsconfig.json, so that `next build` leaves the file as committed.
const STAGING = ".next-start/build";
// Next's build cache (Turbopack's, about the size of a build) is kept here between builds.
const CACHE = ".next-start/cache";
const RUN = /^run-(\d+)$/;

function run(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
    const stop = () => child.kill(); // the server stopped mid-build: so does the build
    process.once("exit", stop);
    child.once("error", reject);
    child.once("exit", (code) => {
      process.off("exit", stop);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(" ")} failed`));
    });
  });
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

/** One build at a time per clone: a second one waits for the first (both then serve). */
async function buildLock() {
  fs.mkdirSync(path.join(ROOT, BASE), { recursive: true });
  for (let said = false; ; said = true) {
    try {
      return acquireDirLock(path.join(ROOT, BASE, "build.lock"), BASE);
    } catch (err) {
      if (err.code !== "EDIRLOCKED") throw err;
      if (!said) console.log(`== waiting for the build of process ${err.holderPid}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** Builds into a fresh directory and returns it (relative to the clone), for NEXT_DIST_DIR. */
export async function freshBuild() {
  const unlock = await buildLock();
  try {
    // Builds of servers that stopped without removing theirs (killed): no one reads them.
    for (const name of fs.readdirSync(path.join(ROOT, BASE))) {
      const pid = Number(RUN.exec(name)?.[1]);
      if (pid && (pid === process.pid || !isRunning(pid))) fs.rmSync(path.join(ROOT, BASE, name), { recursive: true });
    }
    const staging = path.join(ROOT, STAGING);
    const copy = process.env.START_TEST_COPY_BUILD;
    if (copy) {
      fs.rmSync(staging, { recursive: true, force: true });
      fs.cpSync(path.join(ROOT, copy), staging, { recursive: true });
    } else {
      // `next build` empties its directory itself, but for the cache (put back here).
      if (fs.existsSync(path.join(ROOT, CACHE))) {
        fs.mkdirSync(staging, { recursive: true });
        fs.rmSync(path.join(staging, "cache"), { recursive: true, force: true });
        fs.renameSync(path.join(ROOT, CACHE), path.join(staging, "cache"));
      }
      await run("bash", ["-c", "source scripts/ensure-deps.sh"]);
      console.log("== client package (served until it is on npm)");
      await run(process.execPath, ["scripts/pack-client.mjs"]);
      console.log(`== next build (${STAGING})`);
      await run("./node_modules/.bin/next", ["build"], { NEXT_DIST_DIR: STAGING });
      if (fs.existsSync(path.join(staging, "cache")))
        fs.renameSync(path.join(staging, "cache"), path.join(ROOT, CACHE));
    }
    const served = `${BASE}/run-${process.pid}`;
    fs.renameSync(staging, path.join(ROOT, served));
    process.once("exit", () => fs.rmSync(path.join(ROOT, served), { recursive: true, force: true }));
    return served;
  } finally {
    unlock();
  }
}
