// Writes public/test-vectors/audit-v1.json from the implementation: npm run vectors
// tests/unit/test-vectors.test.ts fails when the committed file and the implementation disagree.
import fs from "node:fs";
import path from "node:path";
import { buildTestVectors } from "../lib/audit/test-vectors";

const file = path.resolve(import.meta.dirname, "../public/test-vectors/audit-v1.json");
fs.writeFileSync(file, `${JSON.stringify(await buildTestVectors(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), file)}`);
