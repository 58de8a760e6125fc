import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { declaredEndpoints } from "@/lib/api";
import { openApiOperations, TAGS } from "@/lib/discovery/openapi/operations";
import { TOOLS } from "@/lib/mcp/tool-table";
import { docsWithTables, endpointTable } from "@/scripts/routes/docs-tables";
import { readmeTable, withReadmeTable } from "@/scripts/routes/readme-table";
import { routeFiles } from "@/scripts/routes/route-files";

/** Route files that stay written by hand, each with why no declaration can write it. */
const HAND_WRITTEN: readonly { file: string; reason: string }[] = [
  {
    file: "app/(protocol)/api/badge/route.ts",
    reason:
      "scripts/server.mjs hands a well-formed GET /api/badge/{sessionId} here in a header: a static route spares the badge Next's matching of a dynamic one",
  },
  { file: "app/(protocol)/api/[...path]/route.ts", reason: "any other /api path: a 404 problem, not an endpoint" },
  {
    file: "app/(pages)/lang/route.ts",
    reason: "the pages' language switch (a redirect with a cookie), not part of the API",
  },
];

const allRouteFiles = (): string[] =>
  readdirSync("app", { recursive: true, encoding: "utf8" })
    .filter((f) => f === "route.ts" || f.endsWith("/route.ts"))
    .map((f) => `app/${f}`)
    .sort();

/** The OpenAPI path a route file serves: app/(protocol)/log/tile/[...path]/route.ts is /log/tile/{path}. */
const pathOf = (file: string): string =>
  file
    .replace(/^app/, "")
    // A route group names no URL segment.
    .replace(/\/\([\w-]+\)/g, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");

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

  it("and each docs page's endpoint table (docs/mcp.md's tool table too) is the one the declarations give", () => {
    const pages = docsWithTables((file) => readFileSync(file, "utf8"), TAGS, openApiOperations(), TOOLS);
    expect(pages.map((p) => p.file)).toContain("docs/mcp.md");
    for (const { file, text } of pages) {
      expect(readFileSync(file, "utf8"), `${file}'s generated table is stale: run npm run routes`).toBe(text);
    }
    // Every documented operation is a row of its tag's page, and each table is one block (no blank line).
    for (const op of openApiOperations()) {
      const tag = TAGS.find((t) => t.name === op.tags[0]);
      if (!tag?.docs.startsWith("docs/")) continue;
      const table = endpointTable(tag.name, openApiOperations());
      expect(table).toContain(`| ${op.method} | \`${op.path}\` |`);
      expect(table).not.toMatch(/\n\s*\n/);
    }
  });

  it("refuses to write a page whose table markers are missing or in the wrong order", () => {
    const read = (file: string) => readFileSync(file, "utf8").replace("<!-- endpoints: end -->", "");
    expect(() => docsWithTables(read, TAGS, openApiOperations(), TOOLS)).toThrow(/no markers/);
  });

  it("are all written from declarations, but the few listed with their reasons", () => {
    const generated = new Set(routeFiles(declaredEndpoints()).map((r) => r.file));
    const declared = new Set<object>(declaredEndpoints().map((d) => d.spec));
    // Operations not yet declared in lib/api keep their hand-written route files until they move.
    const notYetDeclared = new Set(openApiOperations().flatMap((op) => (declared.has(op) ? [] : [op.path])));
    const listed = new Set(HAND_WRITTEN.map((h) => h.file));
    for (const file of allRouteFiles()) {
      if (generated.has(file) || notYetDeclared.has(pathOf(file))) continue;
      expect(listed.has(file), `${file} is hand-written: declare its endpoint in lib/api, or list it here`).toBe(true);
    }
    for (const { file, reason } of HAND_WRITTEN) {
      expect(allRouteFiles(), `${file} is listed but missing`).toContain(file);
      expect(generated.has(file), `${file} is listed but generated`).toBe(false);
      expect(reason.length, file).toBeGreaterThan(0);
    }
  });

  it("sit in the protocol route group, and the pages in theirs, neither naming a URL segment", () => {
    const pages = readdirSync("app", { recursive: true, encoding: "utf8" }).filter((f) => /(^|\/)page\.tsx$/.test(f));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page, "a page outside app/(pages)/").toMatch(/^\(pages\)\//);
    for (const { file } of routeFiles(declaredEndpoints())) expect(file).toMatch(/^app\/\(protocol\)\//);
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
