import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as registryApi from "@/lib/api/registry";
import { serve } from "@/lib/endpoint/endpoint";
import { createListing } from "@/lib/registry/create-listing";
import { foldName } from "@/lib/registry/registry-query";
import { listingBody } from "../support/registry-client";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

let restore: () => void;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-name-filter-") });
});
afterAll(() => restore?.());

// GET /api/registry as its route serves it: the declared query parsed by serve(), then the listing.
// biome-ignore lint/suspicious/noExplicitAny: JSON answers read back freely.
async function answer(query: string): Promise<{ status: number; body: any }> {
  const res = await serve(registryApi.listRegistry).GET(
    new Request(`http://t/api/registry?${query}`, { headers: { host: "sia.example" } }),
    {
      params: Promise.resolve({}),
    },
  );
  return { status: res.status, body: await res.json() };
}

async function search(query: string) {
  const res = await answer(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { records: { id: string }[]; filters: unknown; count: number; nextCursor: string | null };
}

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
    expect((await answer(`q=otra&limit=3&cursor=${first.nextCursor}`)).body).toMatchObject({
      code: "invalid_query",
      parameter: "cursor",
    });
  });

  it("refuses a filter longer than any name, or with nothing to look for", async () => {
    for (const q of ["x".repeat(121), "\u0301\u0301"]) {
      const res = await answer(`q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "invalid_query", parameter: "q" });
    }
    // Blank is no filter at all, as a form's empty field sends it.
    const blank = (await search("q=%20%20&status=")).filters as Record<string, unknown>;
    expect([blank.q ?? null, blank.status]).toEqual([null, null]);
  });
});
