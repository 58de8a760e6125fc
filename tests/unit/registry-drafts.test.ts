import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isApiError } from "@/lib/http/problem";
import { claimFormingStub } from "@/lib/registry/claim-forming-stub";
import { createFormingStub } from "@/lib/registry/create-forming-stub";
import { createListing } from "@/lib/registry/create-listing";
import { listRegistry } from "@/lib/registry/list-registry";
import { FORMING_STUB_ID, slugify } from "@/lib/registry/make-record-id";
import type { RegistryEntry } from "@/lib/registry/registry-entry";
import { registryQuery } from "@/lib/registry/registry-query";
import { LEGACY_CLAIMS_MARKER, releaseLegacyClaims } from "@/lib/registry/release-legacy-claims";
import { entryWrite, REGISTRY_COLLECTION } from "@/lib/registry/stored-record";
import { updateListing } from "@/lib/registry/update-listing";
import { getStore } from "@/lib/store";
import { freshCuit, listingBody } from "../support/registry-client";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

const DAY = 86_400_000;
let restore: () => void;
beforeAll(() => {
  restore = applyEnv({
    DATA_DIR: tempDir("sia-drafts-"),
    REGISTRY_DRAFT_TTL: "30d",
  });
});
afterAll(() => restore?.());

const listedIds = async (now: Date) =>
  (await listRegistry(registryQuery({ limit: 100 }), undefined, now)).records.map((r) => r.id);

describe("drafts reserve nothing", () => {
  it("lets any number of drafts name the same URL and the same operator CUIT", async () => {
    const publicUrl = `https://shared-${Date.now()}.example`;
    const operatorCuit = freshCuit();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createListing(listingBody({ publicUrl, operatorCuit })));
    expect(new Set(made.map((m) => m.record.id)).size).toBe(3);
    for (const m of made) expect(m.record).toMatchObject({ publicUrl, operatorCuit, status: "draft" });
    const ids = await listedIds(new Date());
    for (const m of made) expect(ids).toContain(m.record.id);
  });

  it("draws ids nobody can compute from the name, never shaped like a forming stub's", async () => {
    const name = `Empresa Predecible ${Date.now()}`;
    const a = await createListing(listingBody({ name }));
    const b = await createListing(listingBody({ name }));
    for (const { record } of [a, b]) {
      expect(record.id).toMatch(new RegExp(`^${slugify(name)}-[0-9a-f]{8}$`));
      expect(record.id).not.toMatch(FORMING_STUB_ID);
    }
    expect(a.record.id).not.toBe(b.record.id);
  });

  it("lets a formed company claim its forming record while a draft names the same URL", async () => {
    const publicUrl = `https://formed-${Date.now()}.example`;
    await createListing(listingBody({ publicUrl, name: "Ocupante" }));
    const stub = await createFormingStub({ sessionId: `claim-session-${Date.now()}`, denominacion: "Formada SA" });
    const claimed = await claimFormingStub(stub.record.id, stub.claimToken as string, {
      publicUrl,
      operator: "Formada SA",
      operatorCuit: freshCuit(),
    });
    expect(claimed.record).toMatchObject({ id: stub.record.id, status: "draft", publicUrl });
  });
});

describe("drafts expire from the public list", () => {
  it("leaves out a draft uncertified for REGISTRY_DRAFT_TTL, but never a seed", async () => {
    const listedAt = new Date("2030-01-01T00:00:00Z");
    const { record } = await createListing(listingBody(), listedAt);
    const daysLater = (days: number) => new Date(listedAt.getTime() + days * DAY);
    expect(await listedIds(daysLater(29))).toContain(record.id);
    const later = await listedIds(daysLater(30));
    expect(later).not.toContain(record.id);
    // The example draft seed and the live seeds stay.
    expect(later).toEqual(expect.arrayContaining(["borrador-de-ejemplo", "sociedades-ia-referencia"]));
  });

  it("counts from the last time the record became a draft: a new URL starts over", async () => {
    const listed = await createListing(listingBody(), new Date(Date.now() - 29 * DAY));
    await updateListing(listed.record.id, listed.ownerToken, { publicUrl: `https://moved-${Date.now()}.example` });
    expect(await listedIds(new Date(Date.now() + 10 * DAY))).toContain(listed.record.id);
    expect(await listedIds(new Date(Date.now() + 31 * DAY))).not.toContain(listed.record.id);
  });

  it("keeps an invalid listing out entirely: a 422 writes nothing", async () => {
    const before = await listedIds(new Date());
    const refused = await createListing(listingBody({ operatorCuit: "30-71234567-2" })).catch((err) => err);
    expect(isApiError(refused) && refused.code).toBe("validation_failed");
    expect(await listedIds(new Date())).toEqual(before);
  });
});

describe("records written under the old rules", () => {
  it("give up the URL and CUIT claims a draft held, once, so the real company can go live", async () => {
    const { record } = await createListing(listingBody());
    const origin = `https://legacy-${Date.now()}.example`;
    const legacy: RegistryEntry = {
      v: 2,
      record: { ...record, id: `legacy-draft-${Date.now()}`, publicUrl: origin },
      ownerTokenHash: null,
      claimTokenHash: null,
      auditSessionId: null,
      seq: 0,
      reportHash: null,
    };
    // As the old rules wrote it: a draft holding its URL and its CUIT.
    const store = getStore();
    const old = {
      ...entryWrite(legacy, { mode: "create" }),
      unique: { publicUrl: origin, operatorCuit: "30000000001" },
    };
    expect((await store.putRecord(old)).ok).toBe(true);

    const real: RegistryEntry = { ...legacy, record: { ...legacy.record, id: `real-${Date.now()}`, status: "live" } };
    const goLive = () => store.putRecord(entryWrite(real, { mode: "create" }));
    expect(await goLive()).toEqual({ ok: false, reason: "unique", field: "publicUrl" });

    // This store ran the release on its first registry use, before the legacy record existed: as an
    // upgraded deployment's store, it has not run it yet.
    await store.del(LEGACY_CLAIMS_MARKER);
    expect(await releaseLegacyClaims()).toBeGreaterThan(0);
    expect((await goLive()).ok).toBe(true);
    // The legacy draft is untouched otherwise, and the release runs once.
    const kept = await store.getRecord(REGISTRY_COLLECTION, legacy.record.id);
    expect(JSON.parse(kept?.value as string).record).toEqual(legacy.record);
    expect(await releaseLegacyClaims()).toBe(0);
  });
});
