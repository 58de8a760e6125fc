import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dir";

/*
 * The layers of lib/ (docs/architecture.md) hold only if value imports never go round in a circle:
 * neither between files nor between folders. Type-only imports are left out: they vanish at build.
 */

const LIB = path.resolve("lib");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

const IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s*["']([^"']+)["']|^\s*import\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

/** True when every name of an `import { ... }` clause is `type X`: nothing of it exists at run time. */
function typeOnly(clause: string): boolean {
  const names = clause.match(/^\{([\s\S]*)\}$/)?.[1];
  if (names === undefined) return false;
  const list = names
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((n) => n.startsWith("type "));
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? path.resolve(spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** file -> the files under root it imports values from. */
function valueImports(root: string, files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (m[1] || (m[2] !== undefined && typeOnly(m[2].trim()))) continue;
      const target = resolve(file, m[3] ?? m[4] ?? m[5] ?? "");
      if (target?.startsWith(`${root}${path.sep}`)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan): each is an import cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const rel = (file: string) => path.relative(process.cwd(), file);

/** Pairs of folders (first level under root) that import values from each other, with one import each way. */
function mutualFolders(root: string, graph: Map<string, string[]>): string[] {
  // A file directly under root belongs to no folder.
  const folderOf = (file: string) => {
    const parts = path.relative(root, file).split(path.sep);
    return parts.length > 1 ? parts[0] : "";
  };
  const edge = new Map<string, string>();
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const pair = `${folderOf(from)} -> ${folderOf(to)}`;
      if (folderOf(from) && folderOf(to) && folderOf(from) !== folderOf(to) && !edge.has(pair))
        edge.set(pair, `${rel(from)} -> ${rel(to)}`);
    }
  }
  return [...edge.keys()]
    .filter((pair) => {
      const [a = "", b = ""] = pair.split(" -> ");
      return a < b && edge.has(`${b} -> ${a}`);
    })
    .map((pair) => {
      const [a = "", b = ""] = pair.split(" -> ");
      return `${edge.get(pair)} and ${edge.get(`${b} -> ${a}`)}`;
    });
}

describe("lib/ import graph", () => {
  const graph = valueImports(LIB, sourceFiles(LIB));

  it("has no cycle of value imports between files", () => {
    expect(cycles(graph).map((group) => group.map(rel).sort())).toEqual([]);
  });

  it("has no two folders importing values from each other", () => {
    expect(mutualFolders(LIB, graph)).toEqual([]);
  });

  it("sees a cycle and a folder pair when there are some", () => {
    // The checks themselves must be able to fail: a scratch tree with one file cycle and one folder pair.
    const dir = tempDir("graph-check-");
    try {
      fs.writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b";\nexport const a = b;\n');
      fs.writeFileSync(
        path.join(dir, "b.ts"),
        'import type { x } from "./c";\nimport { a } from "./a";\nexport const b = a;\n',
      );
      fs.writeFileSync(path.join(dir, "c.ts"), 'import { type y } from "./a";\nexport type x = number;\n');
      const found = cycles(valueImports(dir, sourceFiles(dir)));
      expect(found.map((g) => g.map((f) => path.basename(f)).sort())).toEqual([["a.ts", "b.ts"]]);
      fs.mkdirSync(path.join(dir, "x"));
      fs.mkdirSync(path.join(dir, "y"));
      fs.writeFileSync(path.join(dir, "x", "a.ts"), 'import { b } from "../y/b";\nexport const a = b;\n');
      fs.writeFileSync(path.join(dir, "y", "b.ts"), "export const b = 1;\n");
      fs.writeFileSync(path.join(dir, "y", "c.ts"), 'import { d } from "../x/d";\nexport const c = d;\n');
      fs.writeFileSync(path.join(dir, "x", "d.ts"), "export const d = 2;\n");
      const sub = valueImports(dir, sourceFiles(dir));
      expect(cycles(sub)).toHaveLength(1);
      expect(mutualFolders(dir, sub)).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
