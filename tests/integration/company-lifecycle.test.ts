/**
 * A company's whole life on loopback, with no step done by hand: incorporated through the client
 * library, its generated files dropped into a copy of the starter that is built and started, its
 * forming record claimed and certified live, its agent's action appended, and the whole history
 * verified by the dashboard, the badge and verifyAuditLog. Then the same with manifests that lie.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { createSession, type IncorporationSuccess, verifyAuditLog } from "@sociedades-ia/incorporate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STARTER_ENV } from "@/packages/starter/lib/contract";
import { type AppServer, freePort, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { startLyingAuditService } from "../support/lying-audit-service";
import { callApi, freshCuit } from "../support/registry-client";
import { buildStarterCopy, type StarterServer, startStarter } from "../support/starter-app";

let app: AppServer;
let starterDir: string;
const running: { stop(): Promise<void> }[] = [];
const ROOT = path.resolve(import.meta.dirname, "../..");

// biome-ignore lint/suspicious/noExplicitAny: answers are inspected loosely
type Loose = Record<string, any>;

/** One company incorporated through the client library, as an agent would. */
async function incorporateCompany(name: string): Promise<IncorporationSuccess & { sessionToken: string }> {
  const session = createSession({ baseUrl: app.url });
  const result = await session.incorporate({ ...TYPICAL_INCORPORATION, denominacion: `${name} SOCIEDAD-IA` });
  if (!result.ok) throw new Error(`incorporation refused: ${JSON.stringify(result.validation)}`);
  expect(session.sessionToken).toBeTruthy();
  expect(result.registry?.claimToken).toBeTruthy();
  return { ...result, sessionToken: session.sessionToken as string };
}

/** The starter's environment, as .env.example asks, from the incorporation's answer. */
function starterEnv(company: IncorporationSuccess & { sessionToken: string }, cuit: string): Record<string, string> {
  return {
    [STARTER_ENV.registryId]: company.registry?.record.id as string,
    [STARTER_ENV.auditBaseUrl]: app.url,
    [STARTER_ENV.auditSessionId]: company.audit.sessionId,
    [STARTER_ENV.auditSessionToken]: company.sessionToken,
    [STARTER_ENV.operatorCuit]: cuit,
  };
}

async function start(env: Record<string, string>, port?: number): Promise<StarterServer> {
  const server = await startStarter(starterDir, env, port);
  running.push(server);
  return server;
}

async function claim(company: IncorporationSuccess, publicUrl: string, cuit: string) {
  const id = company.registry?.record.id as string;
  const res = await callApi(app.url, "POST", `/api/registry/${id}/claim`, {
    token: company.registry?.claimToken as string,
    body: { publicUrl, operator: "Operadora de Prueba SA", operatorCuit: cuit },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.record.status).toBe("draft");
  return res.body as { record: Loose; ownerToken: string };
}

async function certify(id: string, ownerToken: string) {
  const res = await callApi(app.url, "POST", `/api/registry/${id}/certify`, { token: ownerToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { record: Loose; report: Loose };
}

const check = (report: Loose, id: string): { passed: boolean; detail: string } =>
  report.checks.find((c: { id: string }) => c.id === id);

beforeAll(async () => {
  app = await startApp({
    env: {
      CERTIFIER_ALLOW_LOOPBACK: "1",
      RATE_LIMIT_INCORPORATE: "1000/1m",
      RATE_LIMIT_PLAY: "1000/1m",
      RATE_LIMIT_REGISTRY: "1000/1m",
      RATE_LIMIT_CERTIFIER: "1000/1m",
    },
  });
  // Built once for the file: each company below runs the same build with its own environment.
  const first = await incorporateCompany(`Ciclo Completo ${process.pid}`);
  starterDir = await buildStarterCopy("lifecycle", first.config);
  lifecycleCompany = first;
  // As a clone would be after its first build: the committed tsconfig.json, untouched by Next.
  starterTsconfig = fs.readFileSync(path.join(starterDir, "tsconfig.json"), "utf8");
  // A production build of the starter: under a minute on a quiet machine, several on a loaded one.
}, 600_000);

// Each company starts a server of its own and is certified more than once: seconds on a quiet
// machine, well past vitest's default 30 s on a loaded one.
const CASE_BUDGET_MS = 120_000;

let lifecycleCompany: IncorporationSuccess & { sessionToken: string };
let starterTsconfig = "";

/** `npm run act -- <instruction>` in the starter copy, under this machine's Node and nothing else. */
function act(env: Record<string, string>, instruction: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", "act", "--", instruction],
      {
        cwd: starterDir,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env },
      },
      (err, stdout, stderr) => resolve({ code: err ? (err.code as number) : 0, stdout, stderr }),
    );
  });
}

/** Whether something accepts TCP connections at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await app?.stop();
});

describe("a company from incorporation to live", () => {
  it(
    "incorporates, deploys the starter, claims, certifies live, acts, and verifies its whole history",
    async () => {
      const company = lifecycleCompany;
      const id = company.registry?.record.id as string;
      const cuit = freshCuit();
      // A service on loopback says its answer works on this machine only, and names the library by version.
      expect(company.warnings?.map((w) => w.code)).toEqual(["local_origin", "client_package_by_name"]);
      expect(JSON.parse(company.config["package.json"]).dependencies["@sociedades-ia/incorporate"]).toBe("0.1.0");
      const starter = await start(starterEnv(company, cuit));

      // The deployed starter publishes what certification needs.
      const manifest = (await (await fetch(`${starter.url}/.well-known/agents.json`)).json()) as Loose;
      const jwks = (await (await fetch(`${app.url}/.well-known/jwks.json`)).json()) as { keys: Loose[] };
      expect(manifest.issuer).toMatchObject({
        jurisdiction: "AR",
        type: "sociedad-ia",
        operatorCuit: cuit,
        registryId: id,
        publicKey: jwks.keys[0],
      });
      expect(manifest.auditSample).toEqual({ sessionId: company.audit.sessionId });
      const page = await (await fetch(`${starter.url}/`)).text();
      expect(page).toContain(company.sociedad.denominacion);

      // `npm start` listens on loopback's 127.0.0.1 only: not even 127.0.0.2, the same machine, reaches it.
      expect(await accepts("127.0.0.1", starter.port)).toBe(true);
      expect(await accepts("127.0.0.2", starter.port)).toBe(false);
      // Its first build left the committed tsconfig.json as it was.
      expect(starterTsconfig).toBe(fs.readFileSync(path.join(ROOT, "packages/starter/tsconfig.json"), "utf8"));

      const { ownerToken } = await claim(company, starter.url, cuit);
      const { record, report } = await certify(id, ownerToken);
      expect(report.capped).toBeNull();
      expect(["A", "B", "C"]).toContain(report.rating);
      for (const checkId of ["issuer.registryId", "audit.read", "audit.chain", "audit.checkpoint", "audit.verify"]) {
        expect(check(report, checkId).passed, `${checkId}: ${check(report, checkId).detail}`).toBe(true);
      }
      expect(record).toMatchObject({ status: "live", publicUrl: starter.url, goodStanding: { state: "active" } });

      // The company's agent records an action in its own session: `npm run act`, as its README says.
      const run = await act(starterEnv(company, cuit), "Validá el CUIT 20-17254359-7");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`Recorded \\d+ entr(y|ies) in session ${company.audit.sessionId}:`));
      expect(run.stdout).toMatch(/ {2}seq \d+ {2}ok {2}\S+/);
      expect(run.stdout).toContain(`Timeline: ${app.url}/dashboard/${company.audit.sessionId}`);

      // The whole history: the incorporation, the certification and the agent's action.
      const log = (await (await fetch(`${app.url}/api/play/audit/${company.audit.sessionId}`)).json()) as Loose;
      const kinds = log.entries.map((e: { kind: string }) => e.kind);
      expect(kinds[0]).toBe("incorporation");
      expect(kinds).toContain("registry");
      expect(kinds.at(-1)).toBe("tool-call");
      const verified = await verifyAuditLog(log as never, { jwks: jwks as never });
      expect(verified).toMatchObject({ ok: true, total: log.entries.length, tampered: 0 });
      expect(verified.checkpoint?.matchesLog).toBe(true);

      const badge = await (await fetch(`${app.url}/api/badge/${company.audit.sessionId}`)).text();
      expect(badge).toContain(`verified ${log.entries.length}/${log.entries.length}`);
      const dashboard = await fetch(`${app.url}/dashboard/${company.audit.sessionId}`);
      expect(dashboard.status).toBe(200);
      const html = await dashboard.text();
      // The server's verdict card: every entry of the session verifies.
      const n = log.entries.length;
      expect(html).toMatch(
        new RegExp(
          `data-testid="server-verification">.*?<span class="pill pill-ok">VERIFICADO</span><p>${n} de ${n} entradas verifican`,
        ),
      );
    },
    CASE_BUDGET_MS,
  );

  it(
    "keeps a company whose manifest lies out of the live registry, each time for the documented reason",
    async () => {
      const company = await incorporateCompany(`Sociedad Mentirosa ${process.pid}`);
      const id = company.registry?.record.id as string;
      const cuit = freshCuit();
      const honest = starterEnv(company, cuit);
      const port = await freePort();
      const { ownerToken } = await claim(company, `http://127.0.0.1:${port}`, cuit);

      const attempt = async (env: Record<string, string>) => {
        const starter = await start(env, port);
        try {
          const { record, report } = await certify(id, ownerToken);
          expect(record.status).toBe("draft");
          expect(report.passed).toBe(false);
          return report;
        } finally {
          await starter.stop();
        }
      };

      // Another listing's id: the site does not claim this record.
      const otherId = await attempt({
        ...honest,
        [STARTER_ENV.registryId]: lifecycleCompany.registry?.record.id as string,
      });
      expect(check(otherId, "issuer.registryId").detail).toMatch(/not this record/);
      expect(otherId.capped).toMatch(/issuer\.registryId/);

      // Audit endpoints that echo an empty log for every session.
      const echo = await startLyingAuditService({ serviceUrl: app.url, mode: "echo-empty" });
      running.push({ stop: echo.close });
      const empty = await attempt({ ...honest, [STARTER_ENV.auditBaseUrl]: echo.url });
      expect(check(empty, "audit.read").detail).toMatch(/has no entries: an empty log proves nothing/);
      expect(check(empty, "audit.chain").passed).toBe(false);
      expect(check(empty, "audit.verify").detail).toMatch(/verifies no entries/);

      // A key that did not sign the checkpoints: the real log, read through a proxy that publishes it.
      const proxy = await startLyingAuditService({ serviceUrl: app.url, mode: "other-key" });
      running.push({ stop: proxy.close });
      const wrongKey = await attempt({ ...honest, [STARTER_ENV.auditBaseUrl]: proxy.url });
      expect(check(wrongKey, "audit.chain").passed).toBe(true);
      expect(check(wrongKey, "audit.checkpoint").detail).toMatch(/does not verify under issuer.publicKey/);
      expect(wrongKey.capped).toMatch(/audit\.checkpoint/);

      // The record never went live, and the registry says why.
      const kept = await callApi(app.url, "GET", `/api/registry/${id}`);
      expect(kept.body).toMatchObject({ status: "draft", goodStanding: { state: "unverified" } });
    },
    CASE_BUDGET_MS,
  );
});
