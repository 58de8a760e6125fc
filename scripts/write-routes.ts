// npm run routes – writes app/**/route.ts for every endpoint declared in lib/api (routes/route-files.ts),
// the README's API table (routes/readme-table.ts) and the endpoint and tool tables of docs/ (routes/docs-tables.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { declaredEndpoints } from "../lib/api";
import { openApiOperations, TAGS } from "../lib/discovery/openapi/operations";
import { TOOLS } from "../lib/mcp/tool-table";
import { docsWithTables } from "./routes/docs-tables";
import { readmeTable, withReadmeTable } from "./routes/readme-table";
import { routeFiles } from "./routes/route-files";

const readme = readFileSync("README.md", "utf8");
const files = [
  ...routeFiles(declaredEndpoints()),
  { file: "README.md", text: withReadmeTable(readme, readmeTable(openApiOperations())) },
  ...docsWithTables((file) => readFileSync(file, "utf8"), TAGS, openApiOperations(), TOOLS),
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
console.log(
  written === 0 ? "route files and the README's and docs' tables are up to date" : `${written} file(s) written`,
);
