#!/usr/bin/env node
// Packs the client library (packages/incorporate) into public/packages/, where the service serves it
// with its SHA-512 integrity and a signed provenance statement (GET /api/packages/incorporate) until
// it is published on npm. Run before `next build` by scripts/serve.sh, scripts/test.sh and
// `npm run build`. The tarball is reproducible: `npm pack` fixes every file's date and mode, and
// the build (tsc) is deterministic, so the same source gives the same bytes and the same digest.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const pkgDir = path.join(root, "packages/incorporate");
const outDir = path.join(root, "public/packages");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

fs.mkdirSync(outDir, { recursive: true });
// `npm pack` runs the package's prepack script (its build) first.
const out = execFileSync(npm, ["pack", "--json", "--pack-destination", outDir], {
  cwd: pkgDir,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
const [{ filename, integrity }] = JSON.parse(out);
const bytes = fs.readFileSync(path.join(outDir, filename));
const sha512 = `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
if (sha512 !== integrity) throw new Error(`pack-client: ${filename} does not match npm's integrity ${integrity}`);
// Older tarballs of other versions would be served too: keep only this one.
for (const name of fs.readdirSync(outDir)) {
  if (name.endsWith(".tgz") && name !== filename) fs.rmSync(path.join(outDir, name));
}
console.log(`packed ${filename} (${bytes.length} bytes, ${integrity})`);
