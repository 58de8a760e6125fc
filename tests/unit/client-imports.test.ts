import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Modules that hold both languages' words: the dictionary, the shell's messages and each page's
 * words.ts. Server pages pass the messages of one language down as props instead.
 */
const DICTIONARIES = [path.join(ROOT, "app/_i18n/dictionary.ts"), path.join(ROOT, "lib/i18n/messages")];
const isWords = (file: string) => /[/\\](?:home-)?words\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null; // CSS, JSON
}

/** The modules a file loads at run time, static or on demand; imports of types only are erased. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+([^;]*?)\s*from\s+"([^"]+)"/gms)) {
    const clause = m[1] as string;
    if (/^(?:import\s+)?type\s/.test(clause) || /^type\s/.test(clause)) continue;
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    if (named && (named[1] as string).split(",").every((s) => s.trim() === "" || s.trim().startsWith("type ")))
      continue;
    specifiers.push(m[2] as string);
  }
  for (const m of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) specifiers.push(m[1] as string);
  return specifiers.flatMap((s) => resolve(file, s) ?? []);
}

/** Every module a client component brings into the browser, with the chain that brings it. */
function clientGraph(): Map<string, string[]> {
  const entries = sourceFiles(path.join(ROOT, "app")).filter((file) =>
    /^\s*["']use client["']/.test(readFileSync(file, "utf8")),
  );
  const reached = new Map<string, string[]>(entries.map((file) => [file, [file]]));
  const queue = [...entries];
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const next of runtimeImports(file)) {
      if (reached.has(next)) continue;
      reached.set(next, [...(reached.get(file) ?? []), next]);
      queue.push(next);
    }
  }
  return reached;
}

describe("client components", () => {
  it("load no dictionary: each page hands them the messages of one language", () => {
    const graph = clientGraph();
    // The interactive parts of /play, /verify, /dashboard, /test-vectors, /incorporar, /registro.
    expect([...graph.keys()].filter((f) => f.endsWith("incorporation-result.tsx"))).toHaveLength(1);
    expect(graph.size).toBeGreaterThan(20);
    const offending = [...graph.entries()]
      .filter(([file]) => isWords(file) || DICTIONARIES.some((d) => file === d || file.startsWith(`${d}${path.sep}`)))
      .map(([, chain]) => chain.map((f) => path.relative(ROOT, f)).join(" → "));
    expect(offending).toEqual([]);
  });

  it("call the API only through app/_client/api.ts: one fetch, one mapping of problems to words", () => {
    const api = path.join(ROOT, "app/_client/api.ts");
    const offending = [...clientGraph().keys()]
      .filter((file) => file !== api && file.startsWith(path.join(ROOT, "app")))
      .filter((file) => /\bfetch\(/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(ROOT, file));
    expect(offending).toEqual([]);
  });
});
