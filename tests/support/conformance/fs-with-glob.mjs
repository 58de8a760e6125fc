// node:fs plus a globSync for Node 20. The CLI only globs `**/checks.json` under a results folder,
// which this walks directly; other patterns are not needed by the commands the tests run.
import fs from "node:fs";
import path from "node:path";

export * from "node:fs";
export default fs;

export function globSync(pattern, options = {}) {
  if (fs.globSync) return fs.globSync(pattern, options);
  const cwd = options.cwd ?? process.cwd();
  const name = path.basename(pattern);
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(cwd, dir), { withFileTypes: true })) {
      const rel = dir ? path.join(dir, entry.name) : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name === name) found.push(rel);
    }
  };
  walk("");
  return found;
}
