// Attack: someone with write access to the store (the Upstash REST token, or the embedded store's
// directory) but none of the service's keys edits registry records, then checks what the live
// service hands out: a record whose stored state was changed is never served or changed (409
// registry_record_corrupt, left out of lists, an alarm in the server log), so a swapped token hash
// takes nothing over. And a company's site cannot borrow what is not its own: another origin's
// manifest, another company's audit session, this service's key. Both store backends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "@/lib/registry/issue-token";
import type { Store } from "@/lib/store/types";
import { publicRecordHash } from "@/lib/tlog/leaf";
import { leafOfItem } from "@/lib/tlog/sealed-leaf";
import { type FakeCompany, startFakeCompany } from "../support/fake-company";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { callApi, freshCuit, listingBody } from "../support/registry-client";
import { embeddedTarget as embedded, type StoreTarget, upstashTarget as upstash } from "../support/store-target";
import { leafItems } from "../support/tlog-layout";

const ENV = {
  CERTIFIER_ALLOW_LOOPBACK: "1",
  RATE_LIMIT_REGISTRY: "1000/1m",
  RATE_LIMIT_CERTIFIER: "1000/1m",
  RATE_LIMIT_INCORPORATE: "1000/1m",
};
// The embedded server restarts to edit its store: generous on a busy machine.
const CASE_TIMEOUT_MS = 180_000;

const embeddedTarget = () => embedded(ENV);
const upstashTarget = () => upstash(ENV);

type Entry = Record<string, unknown> & { record: Record<string, unknown> & { status: string } };

/** Rewrites a stored registry entry in place, its old seal left as it was: all a forger can do. */
async function editEntry(store: Store, id: string, change: (entry: Entry) => void): Promise<void> {
  const stored = await store.getRecord("registry", id);
  expect(stored, id).not.toBeNull();
  const entry = JSON.parse(stored?.value as string) as Entry;
  change(entry);
  const { status, jurisdiction, type } = entry.record as Record<string, string>;
  const written = await store.putRecord({
    collection: "registry",
    id,
    value: JSON.stringify(entry),
    indexes: { status: String(status), jurisdiction: String(jurisdiction), type: String(type) },
    mode: "update",
  });
  expect(written.ok).toBe(true);
}

type Leaf = { kind: string; id: string; seq: number; event: string; status: string; recordHash: string };

describe.each([
  ["embedded", embeddedTarget],
  ["upstash", upstashTarget],
])("registry records in the %s store edited by hand", (_name, makeTarget) => {
  let target: StoreTarget;
  const companies: FakeCompany[] = [];
  // Written by the live service before the edits.
  let stub: { id: string; claimToken: string; sessionId: string };
  let owned: { id: string; ownerToken: string };
  let promoted: { id: string };
  const ATTACKER = "sia_own_attacker-token-0123456789abcdef";
  const ATTACKER_CLAIM = "sia_claim_attacker-token-0123456789abcdef";

  const call = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    callApi(target.url(), method, path, options);

  async function list(publicUrl: string, operatorCuit = freshCuit()) {
    const res = await call("POST", "/api/registry", { body: listingBody({ publicUrl, operatorCuit }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { record: { id: string }; ownerToken: string };
  }

  async function company(options: Parameters<typeof startFakeCompany>[0]) {
    const c = await startFakeCompany(options);
    companies.push(c);
    return c;
  }

  async function readLeaves(): Promise<Leaf[]> {
    let raw: string[] = [];
    await target.edit(async (store) => {
      raw = await leafItems(store);
    });
    return raw.map((leaf) => JSON.parse(leafOfItem(leaf)) as Leaf).filter((leaf) => leaf.kind === "registry.record");
  }

  beforeAll(async () => {
    target = await makeTarget();
    const formed = await call("POST", "/api/auto-incorporate", { body: TYPICAL_INCORPORATION });
    expect(formed.status, JSON.stringify(formed.body)).toBe(200);
    stub = {
      id: formed.body.registry.record.id,
      claimToken: formed.body.registry.claimToken,
      sessionId: formed.body.audit.sessionId,
    };
    const a = await list(`https://owned-${Date.now()}.example`);
    owned = { id: a.record.id, ownerToken: a.ownerToken };
    promoted = { id: (await list(`https://promoted-${Date.now()}.example`)).record.id };

    await target.edit(async (store) => {
      // The forger's own tokens, hashed as the service hashes them, in place of the genuine ones.
      await editEntry(store, stub.id, (e) => {
        e.claimTokenHash = hashToken(ATTACKER_CLAIM);
      });
      await editEntry(store, owned.id, (e) => {
        e.ownerTokenHash = hashToken(ATTACKER);
      });
      // A draft made to read "live, rating A (95/100)", with its status index to match.
      await editEntry(store, promoted.id, (e) => {
        e.record.status = "live";
        e.record.listedSince = "2026-01-01";
        e.record.goodStanding = {
          state: "active",
          lastCheckedAt: "2026-01-01T00:00:00.000Z",
          lastScore: 95,
          lastRating: "A",
        };
      });
    });
  }, CASE_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(companies.map((c) => c.close()));
    await target?.close();
  });

  it("a swapped claim-token hash takes nothing over: the claim is refused and the record is not served", async () => {
    const claimBody = { publicUrl: "https://mallory.example", operator: "Mallory SRL", operatorCuit: freshCuit() };
    const taken = await call("POST", `/api/registry/${stub.id}/claim`, { body: claimBody, token: ATTACKER_CLAIM });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("registry_record_corrupt");
    // The genuine token opens nothing either: the record is frozen until the operator restores it.
    const genuine = await call("POST", `/api/registry/${stub.id}/claim`, { body: claimBody, token: stub.claimToken });
    expect(genuine.body.code).toBe("registry_record_corrupt");
    const read = await call("GET", `/api/registry/${stub.id}`);
    expect(read.status).toBe(409);
    expect(read.body).toMatchObject({ code: "registry_record_corrupt" });
    expect(JSON.stringify(read.body)).not.toContain("mallory");
    expect(target.output()).toContain(`ALARM: stored record ${stub.id} is not the service's`);
  });

  it("a swapped owner-token hash changes and certifies nothing", async () => {
    const patch = await call("PATCH", `/api/registry/${owned.id}`, {
      body: { publicUrl: "https://mallory.example" },
      token: ATTACKER,
    });
    expect(patch.status).toBe(409);
    expect(patch.body.code).toBe("registry_record_corrupt");
    const certify = await call("POST", `/api/registry/${owned.id}/certify`, { token: ATTACKER });
    expect(certify.body.code).toBe("registry_record_corrupt");
    const listed = await call("GET", "/api/registry?limit=100");
    expect(listed.status).toBe(200);
    expect(listed.body.records.map((r: { id: string }) => r.id)).not.toContain(owned.id);
  });

  it("a draft edited to read live with rating A is served nowhere as live", async () => {
    const read = await call("GET", `/api/registry/${promoted.id}`);
    expect(read.status).toBe(409);
    expect(read.body.code).toBe("registry_record_corrupt");
    for (const query of ["?status=live&limit=100", "?limit=100"]) {
      const listed = await call("GET", `/api/registry${query}`);
      expect(listed.status).toBe(200);
      expect(
        listed.body.records.map((r: { id: string }) => r.id),
        query,
      ).not.toContain(promoted.id);
    }
    const page = await fetch(`${target.url()}/registro?id=${promoted.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("no llevan el sello del servicio");
    expect(html).not.toContain("95/100");
    expect((await call("GET", `/api/registry/${promoted.id}/report`)).body.code).toBe("registry_record_corrupt");
    expect(target.output()).toContain(`ALARM: stored record ${promoted.id} is not the service's`);
  });

  it("refuses a manifest that redirects to another origin, even one naming the record", async () => {
    const elsewhere = await company({ mode: "good", cuit: freshCuit() });
    const site = await company({ mode: "redirect-elsewhere" });
    // Another origin on the same machine: the certifier may connect to it, but not take its word.
    site.redirectTo = `${elsewhere.url.replace("127.0.0.1", "localhost")}/.well-known/agents.json`;
    const listed = await list(site.url, freshCuit());
    elsewhere.registryId = listed.record.id;
    const res = await call("POST", `/api/registry/${listed.record.id}/certify`, { token: listed.ownerToken });
    expect(res.status).toBe(200);
    const reachable = res.body.report.checks.find((c: { id: string }) => c.id === "manifest.reachable");
    expect(reachable).toMatchObject({ passed: false });
    expect(reachable.detail).toMatch(/redirects to another origin/);
    expect(res.body.record.status).toBe("draft");
    expect(elsewhere.hits).not.toContain("/.well-known/agents.json");
  });

  it("refuses another company's session shown under this service's own key", async () => {
    const jwks = await call("GET", "/.well-known/jwks.json");
    const cuit = freshCuit();
    const site = await company({ mode: "good", cuit });
    // The incorporation's session is genuine and verifies under the service's key, but it is not this record's.
    site.auditService = { url: target.url(), sessionId: stub.sessionId, publicKey: jwks.body.keys[0] };
    const listed = await list(site.url, cuit);
    site.registryId = listed.record.id;
    const res = await call("POST", `/api/registry/${listed.record.id}/certify`, { token: listed.ownerToken });
    expect(res.status).toBe(200);
    const read = res.body.report.checks.find((c: { id: string }) => c.id === "audit.read");
    expect(read.passed).toBe(false);
    expect(read.detail).toContain("this service's own checkpoint key");
    expect(res.body.report.passed).toBe(false);
    expect(res.body.record.status).toBe("draft");
  });

  it("gives the origin to the record the site names now, displacing the old holder, both in the log", async () => {
    const cuit = freshCuit();
    const site = await company({ mode: "good", cuit });
    const first = await list(site.url, cuit);
    site.registryId = first.record.id;
    const went = await call("POST", `/api/registry/${first.record.id}/certify`, { token: first.ownerToken });
    expect(went.body.record?.status, JSON.stringify(went.body)).toBe("live");

    // The site's owner lists again and names the new listing: it takes the origin from the first.
    const second = await list(site.url, cuit);
    site.registryId = second.record.id;
    const took = await call("POST", `/api/registry/${second.record.id}/certify`, { token: second.ownerToken });
    expect(took.status, JSON.stringify(took.body)).toBe(200);
    expect(took.body.record.status).toBe("live");
    const displaced = await call("GET", `/api/registry/${first.record.id}`);
    expect(displaced.body).toMatchObject({ status: "draft", listedSince: "-", goodStanding: { state: "unverified" } });

    // Each record's leaves count its versions from 0, and the newest hashes the record as served.
    const leaves = await readLeaves();
    const of = (id: string) => leaves.filter((l) => l.id === id);
    expect(of(first.record.id).map((l) => [l.seq, l.event, l.status])).toEqual([
      [0, "created", "draft"],
      [1, "certified", "live"],
      [2, "displaced", "draft"],
    ]);
    expect(of(second.record.id).map((l) => [l.seq, l.event, l.status])).toEqual([
      [0, "created", "draft"],
      [1, "certified", "live"],
    ]);
    for (const id of [first.record.id, second.record.id]) {
      const served = await call("GET", `/api/registry/${id}`);
      expect(of(id).at(-1)?.recordHash).toBe(publicRecordHash(served.body));
    }
    // No leaf hashes anything private: only the public record's hash is in it.
    const text = JSON.stringify(leaves);
    expect(text).not.toContain("TokenHash");
  });

  it("an older sealed state put back is not served: the log's index holds the record's latest version", async () => {
    const listed = await list("https://rollback.example");
    const path = `/api/registry/${listed.record.id}`;
    let older: { value: string; indexes: Record<string, string> } | null = null;
    await target.edit(async (store) => {
      const stored = await store.getRecord("registry", listed.record.id);
      older = { value: stored?.value as string, indexes: { status: "draft", jurisdiction: "AR" } };
    });
    const change = { disclosure: { es: "Declaración nueva del dueño.", en: "The owner's new disclosure." } };
    expect((await call("PATCH", path, { body: change, token: listed.ownerToken })).status).toBe(200);
    // Wait until the change's leaf is in the log's index (the write integrates it before answering).
    expect((await call("GET", `/log/index/record/${listed.record.id}`)).body).toMatchObject({ value: { seq: 1 } });
    await target.edit(async (store) => {
      const stored = await store.getRecord("registry", listed.record.id);
      const type = (JSON.parse(stored?.value as string) as Entry).record.type as string;
      const put = await store.putRecord({
        collection: "registry",
        id: listed.record.id,
        value: (older as { value: string }).value,
        indexes: { ...(older as { indexes: Record<string, string> }).indexes, type },
        mode: "update",
      });
      expect(put.ok).toBe(true);
    });
    const read = await call("GET", path);
    expect(read.status).toBe(409);
    expect((read.body as { code: string }).code).toBe("registry_record_corrupt");
    expect(target.output()).toMatch(/is not the log's latest: the log holds its version 1, the store version 0/);
  });

  it("a kept certification report edited in the store is refused, the record still served", async () => {
    const cuit = freshCuit();
    const site = await company({ mode: "manifest-only", cuit });
    const listed = await list(site.url, cuit);
    site.registryId = listed.record.id;
    const certified = await call("POST", `/api/registry/${listed.record.id}/certify`, { token: listed.ownerToken });
    expect(certified.body.report.rating).not.toBe("A");
    expect((await call("GET", `/api/registry/${listed.record.id}/report`)).status).toBe(200);
    await target.edit(async (store) => {
      const key = `registry:report:${listed.record.id}`;
      const report = JSON.parse((await store.get(key)) as string);
      await store.set(key, JSON.stringify({ ...report, score: 100, rating: "A", passed: true, capped: null }));
    });
    const read = await call("GET", `/api/registry/${listed.record.id}/report`);
    expect(read.status).toBe(409);
    expect(read.body.code).toBe("registry_record_corrupt");
    expect(JSON.stringify(read.body)).not.toContain('"rating":"A"');
    expect((await call("GET", `/api/registry/${listed.record.id}`)).status).toBe(200);
    expect(target.output()).toContain(`ALARM: the stored report of record ${listed.record.id}`);
  });
});
