import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { connectionCounter } from "../support/connection-counter";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { callApi, freshCuit, listingBody } from "../support/registry-client";
import { expectValid } from "../support/registry-schemas";

const ADMIN = "admin-token-for-tests-0123456789abcdef";
const CRON = "cron-secret-for-tests-0123456789";

let app: AppServer;
beforeAll(async () => {
  app = await startApp({
    env: {
      REGISTRY_ADMIN_TOKEN: ADMIN,
      CRON_SECRET: CRON,
      RATE_LIMIT_REGISTRY: "1000/1m",
      RATE_LIMIT_CERTIFIER: "1000/1m",
    },
  });
});
afterAll(async () => {
  await app?.stop();
});

const call = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
  callApi(app.url, method, path, options);
const listing = listingBody;

async function createListing(over: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/registry", { body: listing(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { record: { id: string; name: string; publicUrl: string }; ownerToken: string };
}

describe("GET /api/registry", () => {
  it("lists the seeds in the SPEC 2.3 envelope, valid against the served schema", async () => {
    const res = await call("GET", "/api/registry");
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expectValid("list", res.body);
    expect(res.body.filters).toEqual({ jurisdiction: null, type: null, status: null });
    const seeds = res.body.records.filter((r: { source: string }) => r.source === "seed");
    expect(seeds.map((r: { id: string }) => r.id)).toEqual([
      "sociedades-ia-referencia",
      "demo-estudio-contable-autonomo",
      "demo-dao-wyoming",
      "borrador-de-ejemplo",
    ]);
    expect(seeds[0]).toMatchObject({ type: "reference-implementation", status: "live" });
    expect(seeds[0].goodStanding.state).toBe("active");
    expect(seeds[3]).toMatchObject({ status: "draft", publicUrl: "-" });

    // The envelope names its schema, and the service serves exactly that file.
    expect(res.body.$schema).toBe(`${app.url}/schemas/registry-list.v1.json`);
    const served = await fetch(res.body.$schema);
    expect(served.status).toBe(200);
    expectValid("list", res.body);
  });

  it("filters by jurisdiction, type and status, echoing them", async () => {
    const live = await call("GET", "/api/registry?status=live");
    expectValid("list", live.body);
    expect(live.body.filters).toEqual({ jurisdiction: null, type: null, status: "live" });
    expect(live.body.records.length).toBeGreaterThan(0);
    for (const r of live.body.records) expect(r.status).toBe("live");

    const wy = await call("GET", "/api/registry?jurisdiction=US-WY&type=demo");
    expectValid("list", wy.body);
    expect(wy.body.filters).toEqual({ jurisdiction: "US-WY", type: "demo", status: null });
    expect(wy.body.records.map((r: { id: string }) => r.id)).toEqual(["demo-dao-wyoming"]);

    const none = await call("GET", "/api/registry?jurisdiction=EE");
    expect(none.body).toMatchObject({ count: 0, records: [], nextCursor: null });
  });

  it("answers 400 naming the parameter and its allowed values for an unknown filter", async () => {
    const bad = await call("GET", "/api/registry?status=deleted");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    expect(bad.body).toMatchObject({
      code: "invalid_query",
      parameter: "status",
      allowed: ["draft", "live", "forming"],
    });
    const jur = await call("GET", "/api/registry?jurisdiction=ar");
    expect(jur.body).toMatchObject({ parameter: "jurisdiction", allowed: ["AR", "EE", "MH", "US-WY"] });
    const type = await call("GET", "/api/registry?type=dao");
    expect(type.body.allowed).toEqual(["reference-implementation", "demo", "productive-sociedad-ia"]);
    const unknown = await call("GET", "/api/registry?colour=red");
    expect(unknown.body).toMatchObject({ code: "invalid_query", parameter: "colour" });
    const cursorOf = (json: string) => `cursor=${Buffer.from(json).toString("base64url")}`;
    const cursors = ["null", "7", '"a"', "[]", '{"a":-1}'].map(cursorOf);
    for (const query of ["limit=0", "limit=101", "limit=x", "cursor=abc", ...cursors, "status=live&status=draft"]) {
      const res = await call("GET", `/api/registry?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe("invalid_query");
    }
  });

  it("pages with limit and an opaque cursor, never skipping or repeating a record", async () => {
    for (let i = 0; i < 3; i++) await createListing();
    const all = (await call("GET", "/api/registry?limit=100")).body.records.map((r: { id: string }) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call("GET", `/api/registry?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expectValid("list", res.body);
      expect(res.body.count).toBe(res.body.records.length);
      seen.push(...res.body.records.map((r: { id: string }) => r.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));

    const first = await call("GET", "/api/registry?limit=1");
    const otherFilters = await call("GET", `/api/registry?limit=1&status=draft&cursor=${first.body.nextCursor}`);
    expect(otherFilters.status).toBe(400);
    expect(otherFilters.body.parameter).toBe("cursor");
  });

  it("GET /api/registry/{id} returns one record or 404", async () => {
    const res = await call("GET", "/api/registry/demo-dao-wyoming");
    expect(res.status).toBe(200);
    expectValid("record", res.body);
    for (const id of ["nope", "UPPER", "..%2Fsecrets", "x".repeat(200)]) {
      const missing = await call("GET", `/api/registry/${id}`);
      expect(missing.status, id).toBe(404);
      expect(missing.body.code).toBe("not_found");
    }
  });
});

describe("POST /api/registry (self-listing)", () => {
  it("creates a draft, shows the owner token once and never again", async () => {
    const input = listing({ publicUrl: `https://Acme-${Date.now()}.example/about` });
    const res = await call("POST", "/api/registry", { body: input });
    expect(res.status).toBe(201);
    expectValid("record", res.body.record);
    expect(res.body.ownerToken).toMatch(/^sia_own_[A-Za-z0-9_-]{43}$/);
    expect(res.headers.get("location")).toBe(`/api/registry/${res.body.record.id}`);
    expect(res.body.record).toMatchObject({
      name: input.name,
      status: "draft",
      source: "self-listed",
      listedSince: "-",
      publicUrl: new URL(input.publicUrl as string).origin,
      goodStanding: { state: "unverified", lastCheckedAt: null, lastScore: null, lastRating: null },
    });
    expect(res.body.record.sessionId).toBeUndefined();
    expect(res.body.findings).toEqual([
      expect.objectContaining({ code: "public_url_origin_only", severity: "warning" }),
    ]);

    const again = await call("GET", res.headers.get("location") as string);
    expectValid("record", again.body);
    expect(JSON.stringify(again.body)).not.toContain(res.body.ownerToken);
    const list = await call("GET", "/api/registry?limit=100");
    expect(JSON.stringify(list.body)).not.toMatch(/sha256:|sia_own_/);
  });

  it("lets drafts share a public URL and an operator CUIT: a draft reserves nothing", async () => {
    const first = await createListing();
    const sameUrl = await call("POST", "/api/registry", {
      body: listing({ publicUrl: `${first.record.publicUrl.toUpperCase()}/other/path` }),
    });
    expect(sameUrl.status).toBe(201);
    expect(sameUrl.body.record.publicUrl).toBe(first.record.publicUrl);
    expect(sameUrl.body.record.id).not.toBe(first.record.id);

    // One operator may run many companies.
    const cuit = freshCuit();
    const a = await createListing({ operatorCuit: cuit, name: "Primera del operador" });
    const b = await createListing({ operatorCuit: cuit, name: "Segunda del operador" });
    const list = await call("GET", "/api/registry?limit=100");
    const ids = list.body.records.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a.record.id, b.record.id]));
  });

  it("answers 422 with every finding and lists nothing", async () => {
    const before = (await call("GET", "/api/registry?limit=100")).body.count;
    const res = await call("POST", "/api/registry", {
      body: listing({
        operatorCuit: "30-71234567-2",
        publicUrl: "http://insecure.example",
        rfcConformance: ["rfc-001-v1", "rfc-777"],
        disclosure: { es: "corta" },
        colour: "red",
      }),
    });
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body.code).toBe("validation_failed");
    const got = res.body.findings.map((f: { code: string; field: string }) => `${f.code}@${f.field}`).sort();
    expect(got).toEqual(
      [
        "cuit_check_digit@operatorCuit",
        "disclosure_length@disclosure.es",
        "disclosure_missing@disclosure.en",
        "field_unknown@colour",
        "public_url_not_https@publicUrl",
        "rfc_unknown@rfcConformance[1]",
      ].sort(),
    );
    for (const f of res.body.findings) {
      expect(f).toEqual({
        code: expect.any(String),
        severity: "error",
        field: expect.any(String),
        message: expect.any(String),
      });
    }
    expect((await call("GET", "/api/registry?limit=100")).body.count).toBe(before);
  });

  it("refuses bodies that are not JSON objects", async () => {
    const text = await fetch(`${app.url}/api/registry`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "x",
    });
    expect(text.status).toBe(415);
    const raw = (body: string) =>
      fetch(`${app.url}/api/registry`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect((await raw("[1,2]")).status).toBe(400);
    expect((await (await raw("{bad")).json()).code).toBe("malformed_json");
  });

  it("20 simultaneous listings of the same URL: 20 drafts under 20 different ids", async () => {
    const url = `https://race-${Date.now()}.example`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("POST", "/api/registry", { body: listing({ name: `Carrera ${i}`, publicUrl: url }) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const list = await call("GET", "/api/registry?limit=100");
    const same = list.body.records.filter((r: { publicUrl: string }) => r.publicUrl === url);
    expect(new Set(same.map((r: { id: string }) => r.id)).size).toBe(20);
  });
});

describe("PATCH /api/registry/{id}", () => {
  it("needs the owner token: 401 without, 403 with another", async () => {
    const a = await createListing();
    const b = await createListing();
    const path = `/api/registry/${a.record.id}`;
    const change = { disclosure: { es: "Otra declaración en castellano.", en: "Another disclosure in English." } };
    const none = await call("PATCH", path, { body: change });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe("registry_token_required");
    const wrong = await call("PATCH", path, { body: change, token: b.ownerToken });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("registry_token_invalid");
    const forged = await call("PATCH", path, { body: change, token: "sia_own_forged" });
    expect(forged.status).toBe(403);
    const seed = await call("PATCH", "/api/registry/demo-dao-wyoming", { body: change, token: a.ownerToken });
    expect(seed.status).toBe(403);
  });

  it("lets the owner change the disclosure and the public URL, and nothing else", async () => {
    const { record, ownerToken } = await createListing();
    const path = `/api/registry/${record.id}`;
    const disclosure = { es: "Declaración actualizada por su dueño.", en: "Disclosure updated by its owner." };
    const ok = await call("PATCH", path, { body: { disclosure }, token: ownerToken });
    expect(ok.status).toBe(200);
    expectValid("record", ok.body.record);
    expect(ok.body.record).toMatchObject({ disclosure, status: "draft", name: record.name });

    const name = await call("PATCH", path, { body: { name: "Otro nombre" }, token: ownerToken });
    expect(name.status).toBe(422);
    expect(name.body.findings[0]).toMatchObject({ code: "field_not_editable", field: "name" });

    const moved = await call("PATCH", path, {
      body: { publicUrl: `https://moved-${Date.now()}.example` },
      token: ownerToken,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.record.status).toBe("draft");

    // Another draft's URL is no obstacle: drafts claim nothing.
    const other = await createListing();
    const shared = await call("PATCH", path, { body: { publicUrl: other.record.publicUrl }, token: ownerToken });
    expect(shared.status).toBe(200);
    expect((await call("GET", path)).body.publicUrl).toBe(other.record.publicUrl);
  });

  it("lets the operator's admin token change any member of any record", async () => {
    const res = await call("PATCH", "/api/registry/borrador-de-ejemplo", {
      body: { name: "Borrador de ejemplo (editado)", operator: "Operador del servicio" },
      token: ADMIN,
    });
    expect(res.status).toBe(200);
    expectValid("record", res.body.record);
    expect(res.body.record).toMatchObject({ name: "Borrador de ejemplo (editado)", operator: "Operador del servicio" });
  });
});

describe("certification requests", () => {
  it("needs a token, refuses a record without URL, and 404s a report that does not exist", async () => {
    const { record, ownerToken } = await createListing();
    expect((await call("POST", `/api/registry/${record.id}/certify`)).status).toBe(401);
    expect((await call("POST", `/api/registry/${record.id}/certify`, { token: "nope" })).status).toBe(403);
    const noUrl = await call("POST", "/api/registry/borrador-de-ejemplo/certify", { token: ADMIN });
    expect(noUrl.status).toBe(409);
    expect(noUrl.body.code).toBe("invalid_transition");
    expect((await call("POST", "/api/registry/nope/certify", { token: ownerToken })).status).toBe(404);
    const report = await call("GET", `/api/registry/${record.id}/report`);
    expect(report.status).toBe(404);
  });

  it("a claim needs a forming record and its claim token", async () => {
    const { record, ownerToken } = await createListing();
    const body = { publicUrl: "https://claimed.example", operator: "X", operatorCuit: freshCuit() };
    expect((await call("POST", `/api/registry/${record.id}/claim`, { body })).status).toBe(401);
    const notForming = await call("POST", `/api/registry/${record.id}/claim`, { body, token: ownerToken });
    expect(notForming.status).toBe(409);
    expect(notForming.body).toMatchObject({ code: "invalid_transition", from: "draft", event: "claim" });
  });
});

describe("a company incorporated here", () => {
  it("has its representative on the forming record, and listing it again points to that record", async () => {
    const denominacion = `Representada Por Http ${process.pid} ${Date.now()} SOCIEDAD-IA`;
    const representante = { nombre: "Ana Gómez", cuit: "20-12345678-6" };
    const incorporated = await call("POST", "/api/auto-incorporate", {
      body: { ...TYPICAL_INCORPORATION, denominacion, representante },
    });
    expect(incorporated.status, JSON.stringify(incorporated.body)).toBe(200);
    const id = incorporated.body.registry.record.id as string;
    const record = await call("GET", `/api/registry/${id}`);
    expect(record.body).toMatchObject({ status: "forming", operator: "Ana Gómez", operatorCuit: "20-12345678-6" });
    expectValid("record", record.body);

    const before = (await call("GET", `/api/registry?q=${encodeURIComponent("Representada Por Http")}`)).body;
    const again = await call("POST", "/api/registry", { body: listing({ name: denominacion.toUpperCase() }) });
    expect(again.status).toBe(409);
    expect(again.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(again.body).toMatchObject({ code: "registry_duplicate", field: "name", recordId: id });
    expect(again.body.detail).toContain(`/api/registry/${id}/claim`);
    expect((await call("GET", `/api/registry?q=${encodeURIComponent("Representada Por Http")}`)).body.records).toEqual(
      before.records,
    );

    // The claim keeps the representative when it gives only the deployed address.
    const claimed = await call("POST", `/api/registry/${id}/claim`, {
      token: incorporated.body.registry.claimToken,
      body: { publicUrl: "https://representada.example" },
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.record).toMatchObject({
      status: "draft",
      operator: "Ana Gómez",
      operatorCuit: "20-12345678-6",
    });
  });
});

describe("network safety of the certifier (loopback not allowed)", () => {
  const dryRun = (target: string) => call("GET", `/api/certifier?url=${encodeURIComponent(target)}`);

  it("refuses every private class with a 422 naming the reason, before any connection", async () => {
    const counter = await connectionCounter();
    try {
      const cases: [string, string][] = [
        [`http://127.0.0.1:${counter.port}`, "loopback"],
        [`http://localhost:${counter.port}`, "loopback"], // a name that resolves to loopback
        [`http://[::1]:${counter.port}`, "loopback"],
        [`http://0x7f.1:${counter.port}`, "loopback"],
        ["http://10.0.0.1", "private"],
        ["https://172.20.1.1", "private"],
        ["http://192.168.1.10", "private"],
        ["http://[fd00::1]", "private"],
        ["http://169.254.10.10", "link-local"],
        ["http://[fe80::1]", "link-local"],
        ["http://224.0.0.1", "multicast"],
        ["http://[ff02::1]", "multicast"],
        // IPv4 inside IPv6: classified by the IPv4 it carries.
        [`http://[::ffff:127.0.0.1]:${counter.port}`, "loopback"],
        ["http://[::ffff:10.0.0.1]", "private"],
        ["http://[::ffff:8.8.8.8]", "ipv4-mapped"],
        ["http://[3fff::1]", "reserved"],
        ["http://169.254.169.254", "metadata"],
        ["http://metadata.google.internal", "metadata"],
        ["http://0.0.0.0", "unspecified"],
        ["ftp://example.com", "scheme"],
        ["file:///etc/passwd", "scheme"],
        ["https://user:secret@example.com", "credentials"],
      ];
      for (const [target, reason] of cases) {
        const res = await dryRun(target);
        expect(res.status, target).toBe(422);
        expect(res.body.code, target).toBe("target_refused");
        expect(res.body.reason, target).toBe(reason);
        expect(res.body.detail, target).toMatch(/Nothing was fetched/);
      }
      expect(counter.count()).toBe(0);
    } finally {
      await counter.close();
    }
  });

  it("refuses a listed record whose URL resolves to loopback when asked to certify it", async () => {
    const counter = await connectionCounter();
    try {
      const { record, ownerToken } = await createListing({ publicUrl: `https://localhost:${counter.port}` });
      const res = await call("POST", `/api/registry/${record.id}/certify`, { token: ownerToken });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "target_refused", reason: "loopback", address: expect.any(String) });
      expect((await call("GET", `/api/registry/${record.id}`)).body.status).toBe("draft");
      expect(counter.count()).toBe(0);
    } finally {
      await counter.close();
    }
  });

  it("needs ?url= and refuses unknown parameters", async () => {
    expect((await call("GET", "/api/certifier")).body).toMatchObject({ code: "invalid_query", parameter: "url" });
    expect((await call("GET", "/api/certifier?url=https://x.example&x=1")).body.parameter).toBe("x");
    expect((await call("GET", "/api/certifier?url=https://x.example&jurisdiction=XX")).status).toBe(400);
  });
});

describe("scheduled re-check", () => {
  it("is refused without the cron secret and runs with it", async () => {
    expect((await call("GET", "/api/cron/registry-recheck")).status).toBe(401);
    expect((await call("GET", "/api/cron/registry-recheck", { token: "wrong" })).status).toBe(401);
    const res = await call("GET", "/api/cron/registry-recheck", { token: CRON });
    expect(res.status).toBe(200);
    expect(res.body.skipped).toContainEqual({ id: "sociedades-ia-referencia", reason: "no public URL" });
  });
});

describe("rate limits on writes", () => {
  it("answers 429 with Retry-After once the per-IP limit is used", async () => {
    const limited = await startApp({ env: { RATE_LIMIT_REGISTRY: "2/1m", RATE_LIMIT_CERTIFIER: "1/1m" } });
    try {
      const post = () =>
        fetch(`${limited.url}/api/registry`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(listing()),
        });
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(201);
      const third = await post();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
      const dry = () => fetch(`${limited.url}/api/certifier?url=${encodeURIComponent("http://10.0.0.1")}`);
      expect((await dry()).status).toBe(422);
      expect((await dry()).status).toBe(429);
      // Reads are not limited.
      expect((await fetch(`${limited.url}/api/registry`)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
