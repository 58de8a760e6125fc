import type { DeclaredEndpoint } from "../../lib/api";

/** A route file under app/ and the text `npm run routes` writes in it. */
export interface RouteFile {
  file: string;
  text: string;
}

/** The route group of every declared endpoint: it keeps them apart from the pages without a URL segment. */
export const PROTOCOL_GROUP = "app/(protocol)";

/** Where the route file of a path lives: `/api/registry/{id}` is app/(protocol)/api/registry/[id]/route.ts. */
export function routeFileOf(d: DeclaredEndpoint): string {
  const dir = d.spec.routeDir ?? `${PROTOCOL_GROUP}${d.spec.path.replace(/\{(\w+)\}/g, "[$1]")}`;
  return `${dir}/route.ts`;
}

/**
 * The route files of every declared endpoint: one per path, serving the declarations of that path.
 * They are generated rather than written because Next reads a route's exports (and a literal
 * `maxDuration`) from the file itself; a unit test fails when one is missing or stale.
 */
export function routeFiles(declared: readonly DeclaredEndpoint[]): RouteFile[] {
  const byFile = new Map<string, DeclaredEndpoint[]>();
  for (const d of declared) byFile.set(routeFileOf(d), [...(byFile.get(routeFileOf(d)) ?? []), d]);
  return [...byFile].map(([file, group]) => ({ file, text: routeText(group) }));
}

/** Areas whose declarations a surface serves, as it adds their handlers (they read every declaration). */
const SERVED_BY: Partial<Record<DeclaredEndpoint["area"], string>> = {
  discovery: "@/lib/discovery/handlers",
  mcp: "@/lib/mcp/handlers",
};

function routeText(group: DeclaredEndpoint[]): string {
  const areas = [...new Set(group.map((d) => d.area))].sort();
  const imports = areas.map((area) => {
    const names = group
      .filter((d) => d.area === area)
      .map((d) => d.name)
      .sort();
    return `import { ${names.join(", ")} } from "${SERVED_BY[area] ?? `@/lib/api/${area}`}";`;
  });
  const durations = group.map((d) => d.spec.maxDuration).filter((s): s is number => s !== undefined);
  const lines = [
    `// Written by \`npm run routes\` from lib/api/${areas.join(", lib/api/")}: change the declarations there.`,
    ...areas.flatMap((a) => (SERVED_BY[a] ? [`// Handlers: ${SERVED_BY[a].replace("@/", "")}.ts`] : [])),
    // Sorted by module, as the linter wants them.
    ...[...imports, `import { serve } from "@/lib/endpoint/endpoint";`].sort((a, b) =>
      a.slice(a.indexOf('"')) < b.slice(b.indexOf('"')) ? -1 : 1,
    ),
    "",
    `export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(${group.map((d) => d.name).join(", ")});`,
    ...(durations.length > 0 ? [`export const maxDuration = ${Math.max(...durations)};`] : []),
  ];
  return `${lines.join("\n")}\n`;
}
