import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, freePort, startApp } from "../../../tests/support/app-server";
import { TYPICAL_INCORPORATION as TYPICAL } from "../../../tests/support/fixtures";
import {
  createSession,
  describe as describeEndpoint,
  fetchAudit,
  IncorporateError,
  IncorporateValidationError,
  incorporate,
  incorporateOrThrow,
  isIncorporateError,
  verifyAudit,
} from "../src/index";

const PKG = path.resolve(import.meta.dirname, "..");
// Session ids and idempotency keys: incorporations take UUID session ids.
const unique = () => randomUUID();

let app: AppServer;
let odd: Server; // a real HTTP server for answers the app never gives (500, a hang)
let oddUrl: string;
beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMIT_INCORPORATE: "10000/1m" } });
  odd = createServer((req, res) => {
    if (req.url?.startsWith("/slow")) return; // never answers: the client's time-out must fire
    res.writeHead(500, { "content-type": "application/problem+json" });
    res.end(JSON.stringify({ code: "internal_error", detail: "boom", status: 500 }));
  });
  await new Promise<void>((r) => odd.listen(0, "127.0.0.1", r));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});
afterAll(async () => {
  odd?.closeAllConnections();
  odd?.close();
  await app?.stop();
});

describe("incorporate", () => {
  it("returns the success result", async () => {
    const result = await incorporate({ ...TYPICAL, sessionId: unique() }, { baseUrl: app.url });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sociedad.slug).toBe("acme-agentes-automatizada-sociedad-ia");
    expect(result.audit.sessionToken).toBeTruthy();
  });

  it("returns a 422 as a value, and incorporateOrThrow throws it with findings", async () => {
    const bad = { ...TYPICAL, capitalSocial: 1 };
    const value = await incorporate(bad, { baseUrl: app.url });
    expect(value.ok).toBe(false);
    if (value.ok) return;
    expect(value.validation.findings.map((f) => f.code)).toContain("capital_below_minimum");
    const err = await incorporateOrThrow(bad, { baseUrl: app.url }).catch((e) => e);
    expect(err).toBeInstanceOf(IncorporateValidationError);
    expect(err).toBeInstanceOf(IncorporateError);
    expect(err.status).toBe(422);
    expect(err.findings.find((f: { code: string }) => f.code === "capital_below_minimum")).toBeDefined();
    expect(err.response.status).toBe(422);
  });

  it("raises a 500 as IncorporateError with status, response and body, from both calls", async () => {
    for (const call of [incorporate, incorporateOrThrow]) {
      const err = await call(TYPICAL, { baseUrl: oddUrl }).catch((e) => e);
      expect(isIncorporateError(err)).toBe(true);
      expect(err.status).toBe(500);
      expect(err.response.status).toBe(500);
      expect(err.code).toBe("internal_error");
      expect(err.message).toMatch(/HTTP 500.*boom/);
    }
  });

  it("raises a network failure and a time-out as IncorporateError with the cause", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const down = await incorporate(TYPICAL, { baseUrl: closed }).catch((e) => e);
    expect(down).toBeInstanceOf(IncorporateError);
    // No answer arrived: no status and no response, and a code that says it was the network.
    expect(down.status).toBe(0);
    expect(down.response).toBeNull();
    expect(down.code).toBe("network_error");
    expect(down.message).toMatch(/failed before any answer \(network\)/);
    expect(down.cause).toBeDefined();
    const slow = await incorporateOrThrow(TYPICAL, { baseUrl: `${oddUrl}/slow`, timeoutMs: 200 }).catch((e) => e);
    expect(slow).toBeInstanceOf(IncorporateError);
    expect(slow.message).toMatch(/timed out after 200 ms/);
    expect(slow.code).toBe("timeout");
    const cancel = new AbortController();
    cancel.abort(new Error("the user left"));
    const cancelled = await incorporate(TYPICAL, { baseUrl: oddUrl, signal: cancel.signal }).catch((e) => e);
    expect(cancelled).toMatchObject({ status: 0, response: null, code: "cancelled" });
  });

  it("sends again after a 503 or a 409 in progress, as Retry-After says, and stops after `retries`", async () => {
    // A real server in front of the app that first answers what an outage and a twin request would.
    let refusals: number[] = [];
    let seen = 0;
    const front = createServer(async (req, res) => {
      seen += 1;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const status = refusals.shift();
      if (status) {
        const code = status === 503 ? "store_unavailable" : "idempotency_in_progress";
        res.writeHead(status, { "content-type": "application/problem+json", "retry-after": "0" });
        res.end(JSON.stringify({ status, code, detail: code }));
        return;
      }
      const upstream = await fetch(`${app.url}${req.url}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: Buffer.concat(chunks),
      });
      res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
      res.end(await upstream.text());
    });
    await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
    const baseUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    try {
      refusals = [503, 409];
      const result = await incorporateOrThrow({ ...TYPICAL, sessionId: unique() }, { baseUrl });
      expect(result.ok).toBe(true);
      expect(seen).toBe(3);

      refusals = [503, 503, 503];
      seen = 0;
      const err = await incorporate({ ...TYPICAL, sessionId: unique() }, { baseUrl }).catch((e) => e);
      expect(err.status).toBe(503);
      expect(seen).toBe(3);

      refusals = [503];
      seen = 0;
      const once = await incorporate({ ...TYPICAL, sessionId: unique() }, { baseUrl, retries: 0 }).catch((e) => e);
      expect(once.code).toBe("store_unavailable");
      expect(seen).toBe(1);
    } finally {
      front.closeAllConnections();
      front.close();
    }
  });

  it("sends the idempotency key: a retry gets the first answer", async () => {
    const key = unique();
    const a = await incorporateOrThrow(TYPICAL, { baseUrl: app.url, idempotencyKey: key });
    const b = await incorporateOrThrow(TYPICAL, { baseUrl: app.url, idempotencyKey: key });
    expect(b.audit.entry.hmac).toBe(a.audit.entry.hmac);
    const reused = await incorporate(
      { ...TYPICAL, capitalSocial: 2500000 },
      { baseUrl: app.url, idempotencyKey: key },
    ).catch((e) => e);
    expect(reused.code).toBe("idempotency_key_reused");
  });

  it("describes the endpoint", async () => {
    const d = await describeEndpoint({ baseUrl: app.url });
    expect(d.method).toBe("POST");
  });
});

describe("sessions and verification", () => {
  it("chain calls into one timeline with the token, and verify it offline", async () => {
    const session = createSession({ baseUrl: app.url });
    await session.incorporate(TYPICAL);
    expect(session.sessionToken).toBeTruthy();
    const second = await session.incorporate({ ...TYPICAL, denominacion: "Beta Agentes SOCIEDAD-IA" });
    expect(second.ok && second.audit.entry.seq).toBe(1);
    const log = await session.fetchAudit({ verify: true });
    expect(log.verification).toMatchObject({ total: 2, tampered: 0 });
    const report = await session.verify();
    expect(report).toMatchObject({ ok: true, total: 2, tampered: 0 });
    expect(report.checkpoint?.signatureValid).toBe(true);
  });

  it("verifyAudit rejects a tampered copy and a forged checkpoint", async () => {
    const session = createSession({ baseUrl: app.url });
    await session.incorporate(TYPICAL);
    await session.incorporate({ ...TYPICAL, denominacion: "Gamma Agentes SOCIEDAD-IA" });
    const log = await fetchAudit(session.sessionId as string, { baseUrl: app.url });
    expect((await verifyAudit(log, { baseUrl: app.url })).ok).toBe(true);

    const tampered = structuredClone(log);
    (tampered.entries[0] as { output: unknown }).output = { ok: true, slug: "someone-else" };
    const t = await verifyAudit(tampered, { baseUrl: app.url });
    expect(t.ok).toBe(false);
    expect(t.firstBadSeq).toBe(1);
    expect(t.problems[0]?.reasons).toContain("chain_broken");

    const [h, p, s] = log.checkpoint.split(".") as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, size: 99 })).toString("base64url");
    const forged = await verifyAudit({ ...log, checkpoint: `${h}.${forgedPayload}.${s}` }, { baseUrl: app.url });
    expect(forged.ok).toBe(false);
    expect(forged.checkpoint?.signatureValid).toBe(false);
  });
});

describe("the published package", () => {
  it("packs only the build, the command, the readme, the licence and package.json, and publint finds nothing", () => {
    // The build is the one the test command packed (scripts/pack-client.mjs): running prepack here
    // would empty dist/ under the test files that import the package meanwhile.
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: PKG,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const files = (JSON.parse(out)[0].files as { path: string }[]).map((f) => f.path).sort();
    expect(files.filter((f) => !f.startsWith("dist/"))).toEqual([
      "LICENSE",
      "README.md",
      "bin/incorporate.js",
      "package.json",
    ]);
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files.some((f) => f.startsWith("src/") || f.startsWith("test/"))).toBe(false);
    const lint = execFileSync(path.resolve(PKG, "../../node_modules/.bin/publint"), [], { cwd: PKG, encoding: "utf8" });
    expect(lint).toMatch(/All good!/);
  });

  // Installing the tarball and importing it from plain Node ESM: tests/integration/client-package.test.ts.
});
