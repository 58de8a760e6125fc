/**
 * The reference deployment on its own certifier, configured as README.md says for production
 * ("Deployment", "Certifying the deployment itself"): fresh keys from `npm run keys`, its public
 * URL, its operator, and a sample session filled by one incorporation. Only CERTIFIER_ALLOW_LOOPBACK
 * is the test's own: here the public URL is loopback.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEPLOYMENT_RECORD_ID } from "@/lib/identity/deployment-record-id";
import { type AppServer, freePort, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { callApi, freshCuit } from "../support/registry-client";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ADMIN = "admin-token-for-the-self-certification-0123456789";
const SAMPLE = randomUUID(); // incorporations take UUID session ids
const CUIT = freshCuit();

/** `npm run keys -- <origin>` as the docs say, its KEY=value lines read as an environment. */
function productionKeys(origin: string): Record<string, string> {
  const out = execFileSync(process.execPath, [path.join(ROOT, "scripts/generate-keys.mjs"), origin], {
    encoding: "utf8",
  });
  const env: Record<string, string> = {};
  for (const line of out.split("\n")) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m) env[m[1] as string] = (m[2] as string).replace(/^'(.*)'$/, "$1");
  }
  return env;
}

let app: AppServer;
beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const keys = productionKeys(`127.0.0.1:${port}/log`);
  expect(Object.keys(keys)).toEqual(
    expect.arrayContaining(["AUDIT_HMAC_SECRET", "AUDIT_HMAC_KID", "AUDIT_SIGNING_KEY", "TLOG_SIGNING_KEY"]),
  );
  app = await startApp({
    port,
    env: {
      ...keys,
      PUBLIC_BASE_URL: base,
      REGISTRY_ADMIN_TOKEN: ADMIN,
      ISSUER_OPERATOR_NAME: "Operadora de Referencia SA",
      ISSUER_OPERATOR_CUIT: CUIT,
      ISSUER_AUDIT_SAMPLE_SESSION: SAMPLE,
      // The test's own: its public URL is loopback, which the certifier refuses in production.
      CERTIFIER_ALLOW_LOOPBACK: "1",
    },
  });
  // The one-time step: one incorporation fills the sample session.
  const filled = await callApi(app.url, "POST", "/api/auto-incorporate", {
    body: {
      ...TYPICAL_INCORPORATION,
      denominacion: "Muestra de Referencia Automatizada SOCIEDAD-IA",
      sessionId: SAMPLE,
    },
  });
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
}, 120_000);
afterAll(() => app?.stop());

describe("the reference deployment certified by its own certifier", () => {
  it("scores A with every check passed when run as the production docs say", async () => {
    const res = await callApi(app.url, "POST", `/api/registry/${DEPLOYMENT_RECORD_ID}/certify`, { token: ADMIN });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { report, record } = res.body as {
      report: { rating: string; score: number; checks: { id: string; passed: boolean; detail: string }[] };
      record: { status: string; publicUrl: string; operatorCuit: string; goodStanding: { state: string } };
    };
    const failed = report.checks.filter((c) => !c.passed).map((c) => `${c.id}: ${c.detail}`);
    expect(failed).toEqual([]);
    expect(report).toMatchObject({ rating: "A", score: 100 });
    expect(record).toMatchObject({
      status: "live",
      publicUrl: app.url,
      operatorCuit: CUIT,
      goodStanding: { state: "active" },
    });
  });
});
