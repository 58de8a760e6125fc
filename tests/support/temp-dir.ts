import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Directories the tests made, removed once their file is done (vitest-setup.ts), whatever the tests
// did with them: a server's DATA_DIR outlives the server, which a restart test starts again on it.
// Not at the process's exit: vitest ends its workers without running exit handlers. Playwright's
// workers do run them, and its specs have no file hook in common.
const made = new Set<string>();
let exitHook = false;

/** A new empty directory under the system's temporary directory, removed after the test file. */
export function tempDir(prefix: string): string {
  if (!exitHook && !process.env.VITEST) {
    exitHook = true;
    process.once("exit", removeTempDirs);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every directory tempDir made so far. */
export function removeTempDirs(): void {
  for (const dir of made) {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // A process the test started may still be writing there: a directory left behind must not
      // fail a file whose tests passed.
    }
  }
  made.clear();
}
