import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createListing } from "@/lib/registry/create-listing";
import { getRegistryRecord } from "@/lib/registry/get-registry-record";
import { resealLegacyEntries } from "@/lib/registry/reseal-legacy-entries";
import { REGISTRY_COLLECTION } from "@/lib/registry/stored-record";
import { getStore } from "@/lib/store";
import { publicRecordHash } from "@/lib/tlog/leaf";
import { leafOfItem } from "@/lib/tlog/sealed-leaf";
import { listingBody } from "../support/registry-client";
import { tempDir } from "../support/temp-dir";
import { leafItems } from "../support/tlog-layout";
import { applyEnv } from "../support/upstash-stack";

// The operator's step for a store written before entries were sealed: nothing happens by itself, a
// dry run lists the unsealed entries, and --write seals them with a leaf continuing their seq.
let restore: () => void;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-reseal-") });
});
afterAll(() => restore?.());

/** Rewrites a record's stored value as the old code wrote it: v1, no seal, no seq. */
async function asLegacy(id: string, extra: Record<string, unknown> = {}) {
  const store = getStore();
  const stored = await store.getRecord(REGISTRY_COLLECTION, id);
  const { kid, mac, seq, reportHash, ...rest } = JSON.parse(stored?.value as string);
  const value = JSON.stringify({ ...rest, v: 1, ...extra });
  const { status, jurisdiction, type } = rest.record;
  await store.putRecord({
    collection: REGISTRY_COLLECTION,
    id,
    value,
    indexes: { status, jurisdiction, type },
    mode: "update",
  });
}

describe("resealing entries written before sealing", () => {
  it("lists them without --write, then seals them as they stand with a new leaf; a forged seal is never resealed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const legacy = (await createListing(listingBody())).record;
    const forged = (await createListing(listingBody())).record;
    await asLegacy(legacy.id);
    await asLegacy(forged.id, { kid: "k", mac: "sha256:00" });
    await expect(getRegistryRecord(legacy.id)).rejects.toMatchObject({ code: "registry_record_corrupt" });

    const dry = await resealLegacyEntries({ write: false });
    expect(dry.legacy).toEqual([legacy.id]);
    expect(dry.sealed).toEqual([]);
    await expect(getRegistryRecord(legacy.id)).rejects.toMatchObject({ code: "registry_record_corrupt" });

    const done = await resealLegacyEntries({ write: true });
    expect(done.sealed).toEqual([legacy.id]);
    const record = await getRegistryRecord(legacy.id);
    expect(record).toEqual(legacy);
    const leaves = (await leafItems(getStore()))
      .map((raw) => JSON.parse(leafOfItem(raw)))
      .filter((leaf) => leaf.id === legacy.id);
    expect(leaves.map((l) => [l.seq, l.event])).toEqual([
      [0, "created"],
      [1, "updated"],
    ]);
    expect(leaves.at(-1).recordHash).toBe(publicRecordHash(record));
    await expect(getRegistryRecord(forged.id)).rejects.toMatchObject({ code: "registry_record_corrupt" });
    expect((await resealLegacyEntries({ write: true })).legacy).toEqual([]);
  });
});
