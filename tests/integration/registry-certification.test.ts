import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateInArgentina } from "@/lib/i18n/date-in-argentina";
import { type AppServer, startApp } from "../support/app-server";
import { type FakeCompany, type FakeCompanyMode, startFakeCompany } from "../support/fake-company";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { callApi, freshCuit, listingBody } from "../support/registry-client";
import { expectValid } from "../support/registry-schemas";

// The deployment's own CUIT: its agents.json declares it, so a listing of the app with it can pass.
const APP_CUIT = freshCuit();
const APP_LISTING_NAME = `Aplicacion Certificable ${process.pid}`;
const CRON = "cron-secret-for-tests-0123456789";
// The app's sample audit session (auditSample.sessionId): an incorporation fills it before the tests.
const APP_SAMPLE_SESSION = randomUUID();
const APP_ENV = {
  CERTIFIER_ALLOW_LOOPBACK: "1",
  ISSUER_OPERATOR_CUIT: APP_CUIT,
  ISSUER_AUDIT_SAMPLE_SESSION: APP_SAMPLE_SESSION,
  CRON_SECRET: CRON,
  RATE_LIMIT_REGISTRY: "1000/1m",
  RATE_LIMIT_CERTIFIER: "1000/1m",
  // Half the 8 s default, so that the hanging server below is given up on sooner; still ample for
  // the app's own endpoints over loopback on a busy machine.
  CERTIFIER_TIMEOUT: "4s",
};

let app: AppServer;
// The listing the app's manifest claims (issuer.registryId). Record ids are drawn by the service, so
// as a real operator would, the app is listed first and then restarted naming the id it was given.
let appRegistryId = "aplicacion-sin-listar";
let appOwnerToken = "";
const companies: FakeCompany[] = [];

beforeAll(async () => {
  app = await startApp({ env: { ...APP_ENV, ISSUER_REGISTRY_ID: appRegistryId } });
  const filled = await callApi(app.url, "POST", "/api/auto-incorporate", {
    body: { ...TYPICAL_INCORPORATION, sessionId: APP_SAMPLE_SESSION },
  });
  expect(filled.status).toBe(200);
});

/** Restarts the app on the same port and data, its manifest now naming `registryId`. */
async function restartAppNaming(registryId: string) {
  const { port, dataDir } = app;
  await app.stop();
  app = await startApp({ port, dataDir, env: { ...APP_ENV, ISSUER_REGISTRY_ID: registryId } });
  appRegistryId = registryId;
}
afterAll(async () => {
  await Promise.all(companies.map((c) => c.close()));
  await app?.stop();
});

const call = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
  callApi(app.url, method, path, options);

async function company(mode: FakeCompanyMode, cuit = freshCuit()) {
  const c = await startFakeCompany({ mode, cuit });
  companies.push(c);
  return { company: c, cuit };
}

/** Lists `publicUrl`; with `claimedBy`, that company's manifest then claims the new listing. */
async function list(publicUrl: string, operatorCuit: string, claimedBy?: FakeCompany, name?: string) {
  const res = await call("POST", "/api/registry", {
    body: listingBody({ publicUrl, operatorCuit, ...(name ? { name } : {}) }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const listed = res.body as { record: { id: string }; ownerToken: string };
  if (claimedBy) claimedBy.registryId = listed.record.id;
  return listed;
}

async function certify(id: string, token: string) {
  const res = await call("POST", `/api/registry/${id}/certify`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectValid("record", res.body.record);
  expectValid("report", res.body.report);
  return res.body as { record: Loose; report: Loose };
}

// biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected loosely
type Loose = Record<string, any>;

const check = (
  report: Loose,
  id: string,
): { passed: boolean; detail: string; points: number; reason?: { es: string; en: string } } =>
  report.checks.find((c: { id: string }) => c.id === id);

describe("certification end to end", () => {
  it("certifies the running app itself: C or better, live, and one audit entry per certification", async () => {
    const { record, ownerToken } = await list(app.url, APP_CUIT, undefined, APP_LISTING_NAME);
    appOwnerToken = ownerToken;
    await restartAppNaming(record.id);
    const manifest = await call("GET", "/.well-known/agents.json");
    expect(manifest.status, "issue 5's agents.json must be served").toBe(200);
    expect(manifest.body.issuer.operatorCuit).toBe(APP_CUIT);
    expect(manifest.body.issuer.registryId).toBe(record.id);

    const { record: live, report } = await certify(record.id, ownerToken);
    expect(report.passed).toBe(true);
    expect(["A", "B", "C"]).toContain(report.rating);
    expect(report.score).toBeGreaterThanOrEqual(65);
    expect(report.capped).toBeNull();
    expect(report.checks).toHaveLength(12);
    for (const id of [
      "manifest.schema",
      "issuer.jurisdiction",
      "issuer.cuit",
      "issuer.registryId",
      "audit.read",
      "audit.chain",
      "audit.checkpoint",
      "audit.verify",
    ]) {
      expect(check(report, id).passed, `${id}: ${check(report, id).detail}`).toBe(true);
    }
    expect(live).toMatchObject({
      status: "live",
      listedSince: dateInArgentina(report.checkedAt),
      goodStanding: {
        state: "active",
        lastScore: report.score,
        lastRating: report.rating,
        lastCheckedAt: report.checkedAt,
      },
    });
    expect(live.sessionId).toEqual(expect.any(String));
    expect(report.audit).toEqual({ sessionId: live.sessionId, entryId: `${live.sessionId}:0` });

    const log = await call("GET", `/api/play/audit/${live.sessionId}?verify=1`);
    expect(log.body.verification.tampered).toBe(0);
    expect(log.body.entries).toHaveLength(1);
    expect(log.body.entries[0]).toMatchObject({
      kind: "registry",
      action: "registry_certify",
      actor: "key:owner",
      outcome: "ok",
      input: { recordId: record.id, target: app.url },
      output: { rating: report.rating, score: report.score, from: { status: "draft" }, to: { status: "live" } },
    });

    const stored = await call("GET", `/api/registry/${record.id}/report`);
    expectValid("report", stored.body);
    expect(stored.body).toEqual(report);

    // A second certification appends a second entry to the same session.
    const again = await certify(record.id, ownerToken);
    expect(again.record.goodStanding.state).toBe("active");
    expect(again.report.audit.entryId).toBe(`${live.sessionId}:1`);
    expect((await call("GET", `/api/play/audit/${live.sessionId}`)).body.entries).toHaveLength(2);
  });

  it("gives the origin to the record its manifest names now: the holder it no longer names returns to draft", async () => {
    // The app is live under the listing of the test above; its operator lists it again.
    const first = appRegistryId;
    expect((await call("GET", `/api/registry/${first}`)).body.status).toBe("live");
    const second = await list(app.url, APP_CUIT, undefined, `${APP_LISTING_NAME} bis`);
    // While the site still names the first, the second cannot pass, so it takes nothing.
    const early = await certify(second.record.id, second.ownerToken);
    expect(early.record.status).toBe("draft");
    expect(check(early.report, "issuer.registryId").passed).toBe(false);
    expect((await call("GET", `/api/registry/${first}`)).body.status).toBe("live");

    // The site names the second now: its passing certification displaces the first.
    await restartAppNaming(second.record.id);
    const { record: live } = await certify(second.record.id, second.ownerToken);
    expect(live.status).toBe("live");
    expect((await call("GET", `/api/registry/${first}`)).body).toMatchObject({
      status: "draft",
      listedSince: "-",
      goodStanding: { state: "unverified" },
    });
    // The displaced record can go live again only where a site names it.
    const back = await call("POST", `/api/registry/${first}/certify`, { token: appOwnerToken });
    expect(back.status).toBe(200);
    expect(back.body.record.status).toBe("draft");
  });

  it("rates a company serving an invalid manifest below C, keeps it draft, and says why", async () => {
    const { company: c, cuit } = await company("invalid-manifest");
    const { record, ownerToken } = await list(c.url, cuit);
    const { record: after, report } = await certify(record.id, ownerToken);
    expect(report.passed).toBe(false);
    expect(["D", "E", "F"]).toContain(report.rating);
    expect(after.status).toBe("draft");
    expect(after.goodStanding).toMatchObject({
      state: "unverified",
      lastScore: report.score,
      lastRating: report.rating,
    });
    expect(check(report, "manifest.reachable").passed).toBe(true);
    expect(check(report, "manifest.schema").detail).toMatch(/^Invalid: .*(jurisdiction|rfcConformance)/);
    expect(check(report, "audit.read").detail).toMatch(/declares no auditRead/);
    // Each reason in both languages, the English one as in detail.
    expect(check(report, "audit.read").reason).toEqual({
      en: check(report, "audit.read").detail,
      es: "No se pudo revisar: el manifiesto no declara auditRead.",
    });
    // Checks that could not run still count, with 0 points.
    expect(report.checks.reduce((sum: number, c: { maxPoints: number }) => sum + c.maxPoints, 0)).toBe(100);
    const log = await call("GET", `/api/play/audit/${after.sessionId}`);
    expect(log.body.entries[0]).toMatchObject({
      outcome: "rejected",
      output: { passed: false, to: { status: "draft" } },
    });
  });

  it("rates a company whose declared endpoints are broken below C and names each failure", async () => {
    const { company: c, cuit } = await company("broken-endpoints");
    const { record, ownerToken } = await list(c.url, cuit);
    const { record: after, report } = await certify(record.id, ownerToken);
    expect(report.passed).toBe(false);
    expect(after.status).toBe("draft");
    expect(check(report, "manifest.schema").passed).toBe(true);
    for (const id of ["audit.read", "audit.verify", "audit.csv", "audit.badge"]) {
      expect(check(report, id).detail, id).toBe("HTTP 500.");
    }
    expect(check(report, "discovery").detail).toMatch(/machineReadable: HTTP 500/);
    // Manifest and issuer only (the listing not claimed): 35 points, E.
    expect(report).toMatchObject({ score: 35, rating: "E" });
  });

  it("does not let a manifest alone, a tampered log or someone else's manifest reach C", async () => {
    const manifestOnly = await company("manifest-only");
    const a = await list(manifestOnly.company.url, manifestOnly.cuit);
    const onlyManifest = (await certify(a.record.id, a.ownerToken)).report;
    expect(onlyManifest.passed).toBe(false);
    expect(onlyManifest.score).toBeLessThanOrEqual(50);

    const tampered = await company("tampered");
    const b = await list(tampered.company.url, tampered.cuit);
    const tamperedReport = (await certify(b.record.id, b.ownerToken)).report;
    expect(tamperedReport.passed).toBe(false);
    expect(check(tamperedReport, "audit.verify").detail).toMatch(/2 tampered entries/);

    // A working company listed by someone whose CUIT is not the manifest's issuer.
    const good = await company("good");
    const c = await list(good.company.url, freshCuit());
    const impostor = (await certify(c.record.id, c.ownerToken)).report;
    expect(impostor.score).toBe(85);
    expect(impostor.rating).toBe("D");
    expect(impostor.capped).toMatch(/issuer\.cuit/);
  });

  it("scores nothing for a sample log that is empty or signed under another key than the declared one", async () => {
    const empty = await company("empty-log");
    const a = await list(empty.company.url, empty.cuit, empty.company);
    const { record: emptyAfter, report: emptyReport } = await certify(a.record.id, a.ownerToken);
    expect(emptyAfter.status).toBe("draft");
    expect(check(emptyReport, "audit.read").detail).toMatch(/has no entries: an empty log proves nothing/);
    expect(check(emptyReport, "audit.chain").detail).toMatch(/gave no sample log to verify/);
    expect(check(emptyReport, "audit.verify").detail).toMatch(/verifies no entries/);
    expect(emptyReport).toMatchObject({ score: 60, rating: "D", passed: false });

    const wrongKey = await company("wrong-key");
    const b = await list(wrongKey.company.url, wrongKey.cuit, wrongKey.company);
    const { record: keyAfter, report: keyReport } = await certify(b.record.id, b.ownerToken);
    expect(keyAfter.status).toBe("draft");
    expect(check(keyReport, "audit.chain").passed).toBe(true);
    expect(check(keyReport, "audit.checkpoint").detail).toMatch(/does not verify under issuer.publicKey/);
    expect(keyReport).toMatchObject({ score: 90, rating: "D", passed: false });

    // The same company, its key put right, goes live.
    wrongKey.company.mode = "good";
    const { record: fixed, report: fixedReport } = await certify(b.record.id, b.ownerToken);
    expect(fixedReport).toMatchObject({ score: 100, rating: "A", passed: true });
    expect(fixed.status).toBe("live");
  });

  it("does not let anyone take someone else's site live by copying its public jurisdiction and CUIT", async () => {
    // Someone lists a working company's site with its public jurisdiction and CUIT: not live.
    const { company: unlisted, cuit: unlistedCuit } = await company("good");
    const first = await list(unlisted.url, unlistedCuit);
    const attempt = await certify(first.record.id, first.ownerToken);
    expect(attempt.report).toMatchObject({ score: 95, rating: "D", passed: false });
    expect(attempt.report.capped).toMatch(/issuer\.registryId/);
    expect(check(attempt.report, "issuer.registryId").detail).toMatch(/does not claim this listing/);
    expect(attempt.record.status).toBe("draft");
    // A manifest that claims another listing does not vouch for this one either.
    unlisted.registryId = "otra-sociedad-listada";
    const elsewhere = await certify(first.record.id, first.ownerToken);
    expect(check(elsewhere.report, "issuer.registryId").detail).toMatch(/the site claims another listing/);
    expect(elsewhere.record.status).toBe("draft");
    // Once the site's manifest names that listing (its owner published it), it can.
    unlisted.registryId = first.record.id;
    expect((await certify(first.record.id, first.ownerToken)).record.status).toBe("live");
  });

  it("refuses a redirect to a private or metadata address and reports it", async () => {
    for (const [mode, pattern] of [
      ["redirect-private", /Refused \(private\): 10\.0\.0\.7/],
      ["redirect-metadata", /Refused \(metadata\): 169\.254\.169\.254/],
      ["redirect-loop", /More than 3 redirects/],
      ["huge", /larger than 524288 bytes/],
    ] as const) {
      const { company: c, cuit } = await company(mode);
      const { record, ownerToken } = await list(c.url, cuit);
      const { record: after, report } = await certify(record.id, ownerToken);
      expect(check(report, "manifest.reachable").detail, mode).toMatch(pattern);
      expect(report.rating, mode).toBe("F");
      expect(after.status, mode).toBe("draft");
      if (mode === "redirect-loop") expect(c.hits.length).toBe(4); // the first request and 3 redirects
    }
  });

  it("gives up on a server that never answers within the time-out", async () => {
    const { company: c } = await company("slow");
    const res = await call("GET", `/api/certifier?url=${encodeURIComponent(c.url)}`);
    expect(res.status).toBe(200);
    expectValid("report", res.body);
    // The configured time-out, not the 8 s default, named in the report.
    expect(check(res.body, "manifest.reachable").detail).toMatch(/No complete answer within 4000 ms/);
  }, 30_000);
});

describe("good standing of live records", () => {
  it("a re-check below C suspends a live record and a passing one reinstates it; only with the cron secret", async () => {
    const { company: c, cuit } = await company("good");
    const { record, ownerToken } = await list(c.url, cuit, c);
    const first = await certify(record.id, ownerToken);
    expect(first.record).toMatchObject({ status: "live", goodStanding: { state: "active" } });

    c.mode = "broken-endpoints";
    expect((await call("GET", "/api/cron/registry-recheck")).status).toBe(401);
    const run = await call("GET", "/api/cron/registry-recheck", { token: CRON });
    expect(run.status).toBe(200);
    expect(run.body.checked).toContainEqual(expect.objectContaining({ id: record.id, goodStanding: "suspended" }));
    const suspended = (await call("GET", `/api/registry/${record.id}`)).body;
    expectValid("record", suspended);
    expect(suspended).toMatchObject({ status: "live", goodStanding: { state: "suspended" } });
    expect(suspended.goodStanding.lastCheckedAt > first.record.goodStanding.lastCheckedAt).toBe(true);
    expect(suspended.listedSince).toBe(first.record.listedSince);

    c.mode = "good";
    await call("GET", "/api/cron/registry-recheck", { token: CRON });
    const back = (await call("GET", `/api/registry/${record.id}`)).body;
    expect(back.goodStanding.state).toBe("active");

    const log = await call("GET", `/api/play/audit/${back.sessionId}?verify=1`);
    expect(log.body.entries.map((e: { actor: string }) => e.actor)).toEqual(["key:owner", "system", "system"]);
    expect(log.body.verification.tampered).toBe(0);
  });

  it("changing the public URL of a live record drops it back to draft until certified again", async () => {
    const { company: c, cuit } = await company("good");
    const { record, ownerToken } = await list(c.url, cuit, c);
    await certify(record.id, ownerToken);
    const other = await company("good", cuit);
    other.company.registryId = record.id;
    const moved = await call("PATCH", `/api/registry/${record.id}`, {
      body: { publicUrl: other.company.url },
      token: ownerToken,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.record).toMatchObject({
      status: "draft",
      listedSince: "-",
      publicUrl: other.company.url,
      goodStanding: { state: "unverified", lastScore: null },
    });
    const again = await certify(record.id, ownerToken);
    expect(again.record.status).toBe("live");
  });

  it("has no admin access when REGISTRY_ADMIN_TOKEN is not configured", async () => {
    const res = await call("PATCH", "/api/registry/borrador-de-ejemplo", {
      body: { name: "x" },
      token: "admin-token-for-tests-0123456789abcdef",
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("registry_token_invalid");
  });
});

describe("dry run", () => {
  it("reports on any origin without listing or logging anything", async () => {
    const before = (await call("GET", "/api/registry?limit=100")).body.count;
    const withIssuer = await call(
      "GET",
      `/api/certifier?url=${encodeURIComponent(`${app.url}/whatever`)}&jurisdiction=AR&operatorCuit=${APP_CUIT}&registryId=${appRegistryId}`,
    );
    expect(withIssuer.status).toBe(200);
    expectValid("report", withIssuer.body);
    expect(withIssuer.body).toMatchObject({ passed: true, recordId: null, audit: null, target: app.url });

    const anonymous = await call("GET", `/api/certifier?url=${encodeURIComponent(app.url)}`);
    expect(check(anonymous.body, "issuer.cuit").detail).toMatch(/Cannot run/);
    // Without the record it would be, the service's own sample session is nobody's to show.
    expect(check(anonymous.body, "audit.read").detail).toMatch(/this service's own checkpoint key/);
    expect(anonymous.body.passed).toBe(false);
    expect((await call("GET", "/api/registry?limit=100")).body.count).toBe(before);
  });
});
