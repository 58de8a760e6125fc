import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildInventory } from "@/lib/discovery/build-inventory";
import { buildLlmsTxt } from "@/lib/discovery/build-llms-txt";
import { loadCatalogue } from "@/lib/discovery/catalogue";
import { serviceInfo } from "@/lib/discovery/service-info";
import { validateIncorporation } from "@/lib/incorporation/validate";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (p: string) => fs.readFileSync(path.join(ROOT, p), "utf8");
const PKG = JSON.parse(read("packages/incorporate/package.json")) as { name: string; version: string };
const BASE = "https://registro.example";

function files(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : files(rel, ext);
    return ext.test(e.name) ? [rel] : [];
  });
}

/** Every `@scope/incorporate` a text names. */
const namesIn = (text: string) => [...text.matchAll(/@[a-z0-9-]+\/incorporate\b/g)].map((m) => m[0]);

describe("the client package's name", () => {
  const llms = buildLlmsTxt({ baseUrl: BASE, service: serviceInfo() });
  const inventory = buildInventory({ baseUrl: BASE, service: serviceInfo(), catalogue: loadCatalogue() });

  it("is the one in packages/incorporate/package.json in llms.txt, the inventory, the README and the home page", () => {
    expect(namesIn(llms)).toContain(PKG.name);
    const entry = inventory.packages.find((p) => p.name.endsWith("/incorporate"));
    expect(entry).toMatchObject({ name: PKG.name, version: PKG.version, served: `${BASE}/api/packages/incorporate` });
    expect(namesIn(read("README.md"))).toContain(PKG.name);
    expect(namesIn(read("packages/incorporate/README.md"))).toContain(PKG.name);
  });

  it("is never another one, anywhere in the repository's docs, code, data or generated documents", () => {
    const sources = [
      "README.md",
      "CONTRIBUTING.md",
      ...files("docs", /\.md$/),
      "packages/incorporate/README.md",
      ...files("app", /\.tsx?$/),
      ...files("lib", /\.(ts|tsx|json)$/),
    ];
    const others = sources.flatMap((f) =>
      namesIn(read(f))
        .filter((n) => n !== PKG.name)
        .map((n) => `${f}: ${n}`),
    );
    others.push(...namesIn(llms + JSON.stringify(inventory)).filter((n) => n !== PKG.name));
    expect(others).toEqual([]);
  });
});

describe("the client README's quickstart", () => {
  it("sends a body the service accepts (no error finding)", () => {
    const readme = read("packages/incorporate/README.md");
    const block = /## Incorporate\s+```js\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const literal = /incorporate\(\s*(\{[\s\S]*?\n {2}\}),\s*\{ baseUrl/.exec(block)?.[1];
    expect(literal, "the quickstart passes an object literal to incorporate()").toBeDefined();
    const body = new Function(`return (${literal});`)() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["capitalSocial", "denominacion", "objeto", "tipo"]);
    const { findings, request } = validateIncorporation(body);
    expect(findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(request).not.toBeNull();
  });
});
