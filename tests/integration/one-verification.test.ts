// The certifier and the badge give the one verification's verdict (entries, inclusion, latest entry,
// witness quorum): against a real server whose only witness never answers, a company's incorporation
// session is "not witnessed yet", and a session cut back (an earlier view a site shows, or a store
// cut back) fails, whatever its HMACs say.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createSession } from "@sociedades-ia/incorporate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import { type AppServer, freePort, startApp } from "../support/app-server";
import { type FakeCompany, startFakeCompany } from "../support/fake-company";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { callApi, freshCuit } from "../support/registry-client";
import { witnessKey } from "../support/tlog-keys";

const witness = witnessKey("one.verification.example/witness");
let app: AppServer;
let env: Record<string, string>;
const companies: FakeCompany[] = [];

// biome-ignore lint/suspicious/noExplicitAny: answers are inspected loosely
type Loose = Record<string, any>;

beforeAll(async () => {
  const nobody = await freePort(); // nothing listens there: the witness never answers
  env = {
    TLOG_ORIGIN: "one.verification.example/log",
    TLOG_WITNESSES: `${witness.vkey} http://127.0.0.1:${nobody}/witness`,
    CERTIFIER_ALLOW_LOOPBACK: "1",
    RATE_LIMIT_INCORPORATE: "1000/1m",
    RATE_LIMIT_REGISTRY: "1000/1m",
    RATE_LIMIT_CERTIFIER: "1000/1m",
  };
  app = await startApp({ env });
});

afterAll(async () => {
  await Promise.all(companies.map((c) => c.close()));
  await app?.stop();
});

/** A company incorporated here (one or more writes to its session), its record claimed for its own site. */
async function formedCompany(writes: number) {
  const session = createSession({ baseUrl: app.url });
  let first: Loose | null = null;
  for (let n = 0; n < writes; n++) {
    const result = await session.incorporate({
      ...TYPICAL_INCORPORATION,
      denominacion: `Una Verificacion ${n} ${Date.now()} SOCIEDAD-IA`,
    });
    if (!result.ok) throw new Error(`incorporation refused: ${JSON.stringify(result.validation)}`);
    first ??= result as Loose;
  }
  const cuit = freshCuit();
  const site = await startFakeCompany({ mode: "good", cuit });
  companies.push(site);
  const id = first?.registry.record.id as string;
  const claimed = await callApi(app.url, "POST", `/api/registry/${id}/claim`, {
    token: first?.registry.claimToken as string,
    body: { publicUrl: site.url, operator: "Operadora Una Verificación SA", operatorCuit: cuit },
  });
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
  // Its site claims the record and shows its incorporation session, under the service's key.
  const jwks = await callApi(app.url, "GET", "/.well-known/jwks.json");
  site.registryId = id;
  site.auditService = { url: app.url, sessionId: session.sessionId, publicKey: jwks.body.keys[0] };
  return { id, sessionId: session.sessionId, session, ownerToken: claimed.body.ownerToken as string, site };
}

async function certify(id: string, ownerToken: string): Promise<Loose> {
  const res = await callApi(app.url, "POST", `/api/registry/${id}/certify`, { token: ownerToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const checkOf = (report: Loose, id: string) => report.checks.find((c: { id: string }) => c.id === id);
const badge = async (sessionId: string, lang = "en") =>
  (await fetch(`${app.url}/api/badge/${sessionId}?lang=${lang}`)).text();

describe("a session whose witness has not cosigned", () => {
  it("is not verified by the certifier, which keeps the record a draft, nor by the badge", async () => {
    const company = await formedCompany(1);
    const { report, record } = await certify(company.id, company.ownerToken);
    // The entries and their signature verify; the log does not witness them yet.
    expect(checkOf(report, "audit.chain").passed).toBe(true);
    const checkpoint = checkOf(report, "audit.checkpoint");
    expect(checkpoint.passed).toBe(false);
    expect(checkpoint.reason.en).toContain("NOT WITNESSED YET: nothing contradicts it");
    expect(checkpoint.reason.en).toContain("Witnesses: not witnessed yet, 0 of the 1 cosignatures");
    expect(checkpoint.reason.es).toContain("TODAVÍA NO ATESTIGUADO: nada lo contradice");
    expect(checkpoint.reason.es).toContain("Testigos: todavía no atestiguado, 0 de las 1 cosignaturas");
    expect(report.capped).toMatch(/audit\.checkpoint/);
    expect(report.passed).toBe(false);
    expect(record.status).toBe("draft");

    expect(await badge(company.sessionId)).toContain("not witnessed yet");
    expect(await badge(company.sessionId, "es")).toContain("sin atestiguar aún");
    expect(await badge(company.sessionId)).not.toContain("verified");
  });
});

describe("a session cut back", () => {
  it("fails the certifier's check when a site shows an earlier view, and the badge once the store is cut", async () => {
    const company = await formedCompany(1);
    // The company keeps the view of its session after the first entry, then the session grows.
    const earlier = await company.session.fetchAudit();
    const more = await company.session.incorporate({
      ...TYPICAL_INCORPORATION,
      denominacion: `Una Verificacion Segunda ${Date.now()} SOCIEDAD-IA`,
    });
    expect(more.ok).toBe(true);
    const size = (await company.session.fetchAudit()).entries.length;
    expect(size).toBe(2);

    // Its site serves that earlier view as its audit log: whole in itself, one entry under a
    // checkpoint this service signed.
    const view = await serveView({
      sessionId: company.sessionId,
      entries: earlier.entries,
      checkpoint: earlier.checkpoint,
    });
    const service = company.site.auditService as NonNullable<FakeCompany["auditService"]>;
    company.site.auditService = { ...service, url: view.url };
    const { report } = await certify(company.id, company.ownerToken);
    expect(checkOf(report, "audit.read").passed).toBe(true);
    expect(checkOf(report, "audit.chain").passed).toBe(true);
    const checkpoint = checkOf(report, "audit.checkpoint");
    expect(checkpoint.passed).toBe(false);
    expect(checkpoint.reason.en).toContain("FAILED: something contradicts this audit log.");
    expect(checkpoint.reason.en).toContain("the log's index holds a later entry of this session (seq 1");
    expect(checkpoint.reason.es).toContain("FALLÓ: algo contradice esta bitácora.");
    expect(checkpoint.reason.es).toContain(
      "el índice del registro de transparencia tiene una entrada posterior de esta sesión (seq 1",
    );
    expect(report.passed).toBe(false);

    // With store access and no key: drop the newest entry and put the kept checkpoint back.
    const sessionSize = (await company.session.fetchAudit()).entries.length;
    await app.stop();
    const store = EmbeddedStore.open(app.dataDir);
    try {
      const key = `audit:${company.sessionId}:log`;
      const items = await store.range(key, 0, -1);
      // The list holds the session's header, then its entries: keep the header and the first entry.
      expect(items).toHaveLength(sessionSize + 1);
      await store.del(key);
      for (const [i, item] of items.slice(0, 2).entries()) await store.append(key, i, item, { expiry: 86_400_000 });
      await store.set(`audit:${company.sessionId}:checkpoint`, earlier.checkpoint as string);
    } finally {
      await store.close();
    }
    app = await startApp({ dataDir: app.dataDir, env });
    expect((await callApi(app.url, "GET", `/api/play/audit/${company.sessionId}`)).body.entries).toHaveLength(1);
    expect(await badge(company.sessionId)).toContain("tampered head");
    expect(await badge(company.sessionId, "es")).toContain("cabeza adulterada");
  });
});

/** A site's own audit endpoint serving one fixed view of a session (and a clean report of it). */
async function serveView(log: { sessionId: string; entries: unknown[]; checkpoint: string | null }) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://view");
    if (url.pathname !== `/api/play/audit/${log.sessionId}`) return res.writeHead(404).end();
    const verification = { total: log.entries.length, tampered: 0 };
    const body = { ...log, count: log.entries.length, ...(url.searchParams.has("verify") ? { verification } : {}) };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  companies.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) } as FakeCompany);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
