import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { declaredEndpoints } from "@/lib/api";
import { readmeTable, withReadmeTable } from "@/lib/api/readme-table";
import { routeFiles } from "@/lib/api/route-files";
import { openApiOperations } from "@/lib/discovery/openapi/operations";

describe("route files and the README", () => {
  it("serve exactly the declarations of their path, as `npm run routes` writes them", () => {
    for (const { file, text } of routeFiles(declaredEndpoints())) {
      let onDisk = "";
      try {
        onDisk = readFileSync(file, "utf8");
      } catch {}
      expect(onDisk, `${file} is missing or stale: run npm run routes`).toBe(text);
    }
  });

  it("and the README's API table lists every operation of the OpenAPI description", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readme, "README.md's API table is stale: run npm run routes").toBe(
      withReadmeTable(readme, readmeTable(openApiOperations())),
    );
    for (const op of openApiOperations()) expect(readme).toContain(`| ${op.method} | \`${op.path}\` |`);
  });

  it("declare each method and path once, each with a listing or a reason to have none", () => {
    const seen = new Set<string>();
    for (const { spec } of declaredEndpoints()) {
      const key = `${spec.method} ${spec.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });
});
