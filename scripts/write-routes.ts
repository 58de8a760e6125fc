// npm run routes – writes app/**/route.ts for every endpoint declared in lib/api (lib/api/route-files.ts)
// and the README's API table (lib/api/readme-table.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { declaredEndpoints } from "../lib/api";
import { openApiOperations } from "../lib/discovery/openapi/operations";
import { readmeTable, withReadmeTable } from "./routes/readme-table";
import { routeFiles } from "./routes/route-files";

const readme = readFileSync("README.md", "utf8");
const files = [
  ...routeFiles(declaredEndpoints()),
  { file: "README.md", text: withReadmeTable(readme, readmeTable(openApiOperations())) },
];
let written = 0;
for (const { file, text } of files) {
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
console.log(written === 0 ? "route files and the README table are up to date" : `${written} file(s) written`);
