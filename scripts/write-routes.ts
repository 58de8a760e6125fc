// npm run routes – writes app/**/route.ts for every endpoint declared in lib/api (see lib/api/route-files.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { declaredEndpoints } from "../lib/api";
import { routeFiles } from "../lib/api/route-files";

let written = 0;
for (const { file, text } of routeFiles(declaredEndpoints())) {
  let current: string | null = null;
  try {
    current = readFileSync(file, "utf8");
  } catch {}
  if (current === text) continue;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
  written += 1;
}
console.log(written === 0 ? "route files are up to date" : `${written} route file(s) written`);
