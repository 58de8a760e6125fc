import { randomUUID } from "node:crypto";
// Pages that read the store count against the same per-address read budget as the API reads
// (RATE_LIMIT_READ), at what a render costs (lib/http/read-cost.ts: a dashboard 10 units, another
// page 5, an API read 1): past it a view is a short 429 page in the visitor's language, answered
// before any store read or rendering.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_VIEW_UNITS, PAGE_VIEW_UNITS } from "@/lib/http/read-cost";
import { type AppServer, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION as TYPICAL } from "../support/fixtures";

const READS = 30;
/** Views the budget allows: 3 of a dashboard, 6 of another page. */
const DASHBOARD_VIEWS = READS / DASHBOARD_VIEW_UNITS;
const PAGE_VIEWS = READS / PAGE_VIEW_UNITS;
let app: AppServer;
const SESSION = randomUUID();

beforeAll(async () => {
  // One trusted proxy hop: the app takes the address left of it, so each test picks its own client.
  app = await startApp({ env: { RATE_LIMIT_READ: `${READS}/1m`, TRUSTED_PROXY_HOPS: "1" } });
  // A refused incorporation (capital too low) still writes the session's first audit entry.
  const refused = await fetch(`${app.url}/api/auto-incorporate`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.200" },
    body: JSON.stringify({ ...TYPICAL, sessionId: SESSION, capitalSocial: 1 }),
  });
  expect(refused.status).toBe(422);
});
afterAll(async () => {
  await app?.stop();
});

let nextClient = 0;
const newClient = () => `198.51.100.${++nextClient}`;
const get = async (client: string, path: string, lang?: string) => {
  const headers: Record<string, string> = { "x-forwarded-for": client };
  if (lang) headers.cookie = `lang=${lang}`;
  const res = await fetch(`${app.url}${path}`, { headers });
  return { res, body: await res.text() };
};

const DASHBOARD = `/dashboard/${SESSION}`;
const API_READ = `/api/play/audit/${SESSION}`;

describe("page views against RATE_LIMIT_READ", () => {
  it("answers dashboard views past the limit with a 429 page in Spanish, with Retry-After", async () => {
    const client = newClient();
    for (let i = 1; i <= DASHBOARD_VIEWS; i++) {
      const { res, body } = await get(client, DASHBOARD);
      expect(res.status, `view #${i}`).toBe(200);
      expect(body).toContain(SESSION);
    }
    const { res, body } = await get(client, DASHBOARD);
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.headers.get("ratelimit-remaining")).toBe("0");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(body).toContain('<html lang="es">');
    expect(body).toContain("<h1>Demasiadas consultas</h1>");
    expect(body).toContain(`como mucho ${READS} unidades cada 1 m`);
    expect(body).toContain("un panel de sesión, 10");
    expect(body).toMatch(/Probá de nuevo en \d+ s\./);
    expect(body).toContain(`<a href="${DASHBOARD}">Reintentar</a>`);
    // Nothing of the session was read or rendered.
    expect(body).not.toContain("Panel de la sesión");
    expect(body).not.toContain("<script");

    // Another address still sees the page.
    expect((await get(newClient(), DASHBOARD)).res.status).toBe(200);
  });

  it("speaks English to a visitor who chose it", async () => {
    const client = newClient();
    for (let i = 0; i < DASHBOARD_VIEWS; i++) await get(client, DASHBOARD, "en");
    const { res, body } = await get(client, DASHBOARD, "en");
    expect(res.status).toBe(429);
    expect(body).toContain('<html lang="en">');
    expect(body).toContain("<h1>Too many requests</h1>");
    expect(body).toContain(`at most ${READS} units per 1 m`);
    expect(body).toMatch(/Try again in \d+ s\./);
  });

  it("shares one budget with the API reads, both ways", async () => {
    const pagesFirst = newClient();
    expect((await get(pagesFirst, DASHBOARD)).res.status).toBe(200);
    expect((await get(pagesFirst, API_READ)).res.status).toBe(200);
    expect((await get(pagesFirst, DASHBOARD)).res.status).toBe(200);
    // 21 of 30 units spent: a third view is let through and takes the 9 left.
    expect((await get(pagesFirst, DASHBOARD)).res.status).toBe(200);
    const api = await get(pagesFirst, API_READ);
    expect(api.res.status).toBe(429);
    expect(JSON.parse(api.body)).toMatchObject({ code: "rate_limited", limit: READS });
    expect((await get(pagesFirst, DASHBOARD)).res.status).toBe(429);

    const apiFirst = newClient();
    for (let i = 0; i < READS; i++) expect((await get(apiFirst, `/api/badge/${SESSION}`)).res.status).toBe(200);
    expect((await get(apiFirst, DASHBOARD)).res.status).toBe(429);
    expect((await get(apiFirst, "/registro")).res.status).toBe(429);
  });

  it.each(["/registro", "/log", "/verify?session=no-such-session"])("counts views of %s", async (path) => {
    const client = newClient();
    for (let i = 1; i <= PAGE_VIEWS; i++) expect((await get(client, path)).res.status, `${path} #${i}`).toBe(200);
    const { res, body } = await get(client, path);
    expect(res.status).toBe(429);
    expect(body).toContain("<h1>Demasiadas consultas</h1>");
  });

  it("leaves pages that read nothing out of the budget", async () => {
    const client = newClient();
    for (const path of ["/", "/verify", "/glosario", "/verify", "/", "/play"]) {
      expect((await get(client, path)).res.status, path).toBe(200);
    }
    expect((await get(client, DASHBOARD)).res.status).toBe(200);
  });

  it("does not count a dashboard id that cannot exist: 404, and the budget is intact", async () => {
    const client = newClient();
    for (let i = 0; i < READS + 2; i++) expect((await get(client, "/dashboard/no%20vale!")).res.status).toBe(404);
    for (let i = 1; i <= DASHBOARD_VIEWS; i++)
      expect((await get(client, DASHBOARD)).res.status, `view #${i}`).toBe(200);
    expect((await get(client, DASHBOARD)).res.status).toBe(429);
  });

  it("writes the refused page's address as text, never as markup", async () => {
    const client = newClient();
    const path = `/registro?status="><script>alert(1)</script>`;
    for (let i = 0; i < PAGE_VIEWS; i++) await get(client, "/log");
    const { res, body } = await get(client, path);
    expect(res.status).toBe(429);
    expect(body).not.toContain("<script>");
    expect(body).toContain('<a href="/registro?status=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E">');
    // The page is the site's: its security headers (CSP, no framing) come with the refusal too.
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});
