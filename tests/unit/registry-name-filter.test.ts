import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isApiError } from "@/lib/http/problem";
import { createListing } from "@/lib/registry/create-listing";
import { listRegistry } from "@/lib/registry/list-registry";
import { foldName, parseRegistryQuery } from "@/lib/registry/parse-registry-query";
import { listingBody } from "../support/registry-client";
import { applyEnv } from "../support/upstash-stack";

let restore: () => void;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "sia-name-filter-")) });
});
afterAll(() => restore?.());

const search = async (query: string) => listRegistry(parseRegistryQuery(new URLSearchParams(query)));

describe("the registry's name filter q", () => {
  it("folds accents, case and spaces the same way on both sides", () => {
    expect(foldName("  Agéntes   del LITORAL ")).toBe("agentes del litoral");
    expect(foldName("ÑANDÚ Ｓｏｃｉｅｄａｄ")).toBe("nandu sociedad");
  });

  it("finds a company by part of its name, whatever the accents and case, and nothing else", async () => {
    const stamp = Date.now().toString(36);
    const made = await createListing(listingBody({ name: `Agéntes del Litoral ${stamp} SOCIEDAD-IA` }));
    await createListing(listingBody({ name: `Otra Compañía ${stamp}` }));
    const found = await search(`q=${encodeURIComponent(`agentes DEL litoral ${stamp}`)}`);
    expect(found.records.map((r) => r.id)).toEqual([made.record.id]);
    expect(found.filters).toMatchObject({ q: `agentes del litoral ${stamp}` });
    expect((await search(`q=${stamp}&limit=100`)).count).toBe(2);
    expect((await search(`q=no-such-company-${stamp}`)).records).toEqual([]);
  });

  it("fills a page from as many store pages as it takes, and its cursor leads on to the rest", async () => {
    const stamp = `pages${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await createListing(listingBody({ name: `Búsqueda ${stamp} ${i}` }))).record.id);
      await createListing(listingBody());
    }
    const first = await search(`q=busqueda+${stamp}&limit=3`);
    expect(first.records.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await search(`q=busqueda+${stamp}&limit=3&cursor=${first.nextCursor}`);
    expect(rest.records.map((r) => r.id)).toEqual(ids.slice(3));
    // A cursor is bound to its name filter as to the others.
    await expect(search(`q=otra&limit=3&cursor=${first.nextCursor}`)).rejects.toSatisfy(
      (err) => isApiError(err) && err.code === "invalid_query",
    );
  });

  it("refuses a filter longer than any name, or with nothing to look for", async () => {
    for (const q of ["x".repeat(121), "\u0301\u0301"]) {
      await expect(search(`q=${encodeURIComponent(q)}`)).rejects.toSatisfy(
        (err) => isApiError(err) && err.code === "invalid_query" && err.extensions.parameter === "q",
      );
    }
  });
});
