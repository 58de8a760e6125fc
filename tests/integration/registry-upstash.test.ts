import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendAuditEvent } from "@/lib/audit/log";
import { createFormingStub } from "@/lib/registry/create-forming-stub";
import { type AppServer, startApp } from "../support/app-server";
import { type FakeCompany, startFakeCompany } from "../support/fake-company";
import { callApi, freshCuit, listingBody } from "../support/registry-client";
import { expectValid } from "../support/registry-schemas";
import { applyEnv, startUpstashStack, type UpstashStack } from "../support/upstash-stack";

// Two app instances on one Redis (behind the Upstash REST bridge), as on Vercel; this test process
// shares it too and plays the incorporation endpoint, which creates forming stubs through lib/.
let stack: UpstashStack;
let apps: AppServer[] = [];
let company: FakeCompany;
const cuit = freshCuit();

beforeAll(async () => {
  stack = await startUpstashStack();
  const env = {
    ...stack.env,
    CERTIFIER_ALLOW_LOOPBACK: "1",
    RATE_LIMIT_REGISTRY: "1000/1m",
    RATE_LIMIT_CERTIFIER: "1000/1m",
  };
  applyEnv(env);
  // Both start at once and load the seeds concurrently on first use.
  apps = await Promise.all([startApp({ env }), startApp({ env })]);
  company = await startFakeCompany({ mode: "good", cuit });
});
afterAll(async () => {
  await company?.close();
  await Promise.all(apps.map((a) => a.stop()));
  await stack?.close();
});

const call = (i: number, method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
  callApi((apps[i % apps.length] as AppServer).url, method, path, options);

describe("registry on the Upstash backend, two instances", () => {
  it("loads the seeds once even when instances race on first use", async () => {
    const [a, b] = await Promise.all([call(0, "GET", "/api/registry"), call(1, "GET", "/api/registry")]);
    expectValid("list", a.body);
    expectValid("list", b.body);
    const ids = (r: typeof a) => r.body.records.map((x: { id: string }) => x.id);
    expect(ids(a)).toEqual(ids(b));
    expect(ids(a).filter((id: string) => id === "sociedades-ia-referencia")).toHaveLength(1);
    expect(a.body.count).toBe(4);
  });

  it("20 simultaneous listings of one name and URL across both instances: 20 drafts, 20 ids", async () => {
    const url = `https://race-${Date.now()}.example`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i, "POST", "/api/registry", { body: listingBody({ name: "Carrera", publicUrl: url }) }),
      ),
    );
    // A draft reserves nothing, and ids are drawn by the service: nobody's listing blocks another's.
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const list = await call(0, "GET", "/api/registry?limit=100");
    const same = list.body.records.filter((r: { publicUrl: string }) => r.publicUrl === url);
    expect(new Set(same.map((r: { id: string }) => r.id)).size).toBe(20);
    for (const r of same) expect(r.id).toMatch(/^carrera-[0-9a-f]{8}$/);
  });

  it("a forming stub from incorporation is claimed with its claim token, certified and logged in the incorporation's session", async () => {
    const sessionId = randomUUID();
    const incorporation = await appendAuditEvent({
      sessionId,
      sessionToken: null,
      event: {
        kind: "incorporation",
        action: "auto_incorporate",
        actor: "ip:test",
        input: {},
        output: {},
        outcome: "ok",
      },
    });
    expect(incorporation.sessionToken).toBeTruthy();
    const stub = await createFormingStub({ sessionId, denominacion: "Robótica Pampeana SIA" });
    expect(stub.created).toBe(true);
    expect(stub.claimToken).toMatch(/^sia_claim_/);
    expect(stub.record).toMatchObject({ status: "forming", source: "formed", sessionId, publicUrl: "-" });

    // Idempotent per session and company; another session with the same name gets its own stub.
    const replay = await createFormingStub({ sessionId, denominacion: " robótica  pampeana sia " });
    expect(replay).toMatchObject({ created: false, claimToken: null, record: { id: stub.record.id } });
    const other = await createFormingStub({ sessionId: randomUUID(), denominacion: "Robótica Pampeana SIA" });
    expect(other.record.id).not.toBe(stub.record.id);

    const path = `/api/registry/${stub.record.id}`;
    const seen = await call(1, "GET", path);
    expectValid("record", seen.body);
    expect(seen.body.goodStanding.state).toBe("unverified");

    const early = await call(0, "POST", `${path}/certify`, { token: stub.claimToken as string });
    expect(early.status).toBe(403); // a claim token is not an owner token; there is none yet
    const claimBody = { publicUrl: company.url, operator: "Robótica Pampeana SRL", operatorCuit: cuit };
    expect((await call(0, "POST", `${path}/claim`, { body: claimBody })).status).toBe(401);
    expect(
      (await call(0, "POST", `${path}/claim`, { body: claimBody, token: other.claimToken as string })).status,
    ).toBe(403);
    const incomplete = await call(0, "POST", `${path}/claim`, {
      body: { publicUrl: company.url },
      token: stub.claimToken as string,
    });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.findings.map((f: { code: string }) => f.code).sort()).toEqual([
      "cuit_required",
      "operator_invalid",
    ]);

    const claimed = await call(1, "POST", `${path}/claim`, { body: claimBody, token: stub.claimToken as string });
    expect(claimed.status).toBe(200);
    expectValid("record", claimed.body.record);
    expect(claimed.body.record).toMatchObject({ status: "draft", publicUrl: company.url, source: "formed", sessionId });
    expect(claimed.body.ownerToken).toMatch(/^sia_own_/);
    const twice = await call(0, "POST", `${path}/claim`, { body: claimBody, token: stub.claimToken as string });
    expect(twice.status).toBe(409);

    company.registryId = stub.record.id; // the company's manifest claims its record
    // ...and shows its incorporation session, on the service, under the service's checkpoint key.
    const jwks = await call(0, "GET", "/.well-known/jwks.json");
    company.auditService = { url: (apps[0] as AppServer).url, sessionId, publicKey: jwks.body.keys[0] };
    const certified = await call(0, "POST", `${path}/certify`, { token: claimed.body.ownerToken });
    expect(certified.status).toBe(200);
    expectValid("report", certified.body.report);
    expect(certified.body.record).toMatchObject({ status: "live", sessionId, goodStanding: { state: "active" } });

    // The certification lands in the company's own timeline, right after its incorporation.
    const log = await call(1, "GET", `/api/play/audit/${sessionId}?verify=1`);
    expect(log.body.entries.map((e: { kind: string }) => e.kind)).toEqual(["incorporation", "registry"]);
    expect(log.body.verification.tampered).toBe(0);
    expect(certified.body.report.audit).toEqual({ sessionId, entryId: `${sessionId}:1` });
  });
});
