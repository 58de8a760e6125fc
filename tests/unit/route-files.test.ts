import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { declaredEndpoints } from "@/lib/api";
import { routeFiles } from "@/lib/api/route-files";

describe("route files", () => {
  it("serve exactly the declarations of their path, as `npm run routes` writes them", () => {
    for (const { file, text } of routeFiles(declaredEndpoints())) {
      let onDisk = "";
      try {
        onDisk = readFileSync(file, "utf8");
      } catch {}
      expect(onDisk, `${file} is missing or stale: run npm run routes`).toBe(text);
    }
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
