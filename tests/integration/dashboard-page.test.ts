import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION as TYPICAL } from "../support/fixtures";

let app: AppServer;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const page = async (path: string, lang = "es") => {
  const res = await fetch(`${app.url}${path}`, { headers: { cookie: `lang=${lang}` } });
  return { res, html: await res.text() };
};

describe("/dashboard/{sessionId}", () => {
  // Next answers a page's notFound() with its recovery shell: the status and the page's content
  // (the site's layout with the dashboard's not-found page) travel in the answer, and the browser
  // renders them; tests/e2e/dashboard.spec.ts checks what a reader sees.
  it("answers 404 with the site's page for a session that has no entries", async () => {
    const { res, html } = await page(`/dashboard/no-such-session-${Date.now()}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html).toContain("No hay ninguna sesión con ese identificador");
    expect(html).toContain('\\"href\\":\\"/verify\\"');
  });

  it("answers 404 for an id that cannot be a session, in the reader's language", async () => {
    const { res, html } = await page("/dashboard/no%20vale!", "en");
    expect(res.status).toBe(404);
    expect(html).toContain("There is no session with that id");
  });

  it("answers 200 with the timeline once the session has an entry", async () => {
    const sessionId = randomUUID();
    const refused = await fetch(`${app.url}/api/auto-incorporate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...TYPICAL, sessionId, capitalSocial: 1 }),
    });
    expect(refused.status).toBe(422);
    const { res, html } = await page(`/dashboard/${sessionId}`);
    expect(res.status).toBe(200);
    expect(html).toContain(`<h1>Panel de la sesión</h1>`);
    expect(html).toContain(sessionId);
  });
});
