import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { type AppServer, startApp } from "../support/app-server";
import { alterCopyAndVerify, expectLandedOnEntry, tamperDemo, timelineRows } from "../support/audit-ui";
import { CLEAN_SESSION_EVENTS, E2E_SESSIONS } from "../support/e2e-sessions";
import {
  expectNoSevereAxeViolations,
  expectNoSevereAxeViolationsInBothSchemes,
  preparePage,
  watchConsole,
} from "../support/page-checks";
import type { UpstashStack } from "../support/upstash-stack";

const N = CLEAN_SESSION_EVENTS.length;

test.describe("session dashboard", () => {
  test("shows the session's entries, each verified, and the verification state", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
    await expect(page).toHaveTitle("Panel de la sesión · sociedades-IA");
    await expect(page.getByTestId("session-id")).toHaveText(E2E_SESSIONS.clean);

    const rows = timelineRows(page);
    await expect(rows).toHaveCount(N);
    for (const [seq, event] of CLEAN_SESSION_EVENTS.entries()) {
      const row = rows.nth(seq);
      await expect(row.locator("td").first()).toHaveText(String(seq));
      await expect(row).toContainText(event.action);
      await expect(row.locator(".pill")).toHaveText("VERIFICADA");
      await expect(row.locator("time")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    }
    await expect(rows.first()).toContainText("constitución");

    const server = page.getByTestId("server-verification");
    await expect(server.locator(".pill")).toHaveText("VERIFICADO");
    await expect(server).toContainText(`${N} de ${N} entradas verifican.`);
    await expect(server).toContainText("Almacenamiento: embedded.");
    // The browser recomputes the chain and checks the signed checkpoint with the published keys.
    const browser = page.getByTestId("browser-verification");
    await expect(browser.locator(".pill")).toHaveText("VERIFICADO");
    await expect(browser).toContainText("el checkpoint firmado coincide");
    await expect(page.locator("[data-connection]")).toHaveAttribute("data-connection", "live");
    expect(problems).toEqual([]);
  });

  test("shows the live badge with copy-ready Markdown and HTML snippets using absolute URLs", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
    const badge = page.getByTestId("badge");
    await expect(badge).toHaveAttribute("alt", `Insignia de la bitácora: VERIFICADO ${N}/${N}`);
    await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The snippet's badge speaks the page's language.
    const badgeUrl = `${baseURL}/api/badge/${E2E_SESSIONS.clean}?lang=es`;
    const dashboardUrl = `${baseURL}/dashboard/${E2E_SESSIONS.clean}`;
    const markdown = `[![Insignia de la bitácora](${badgeUrl})](${dashboardUrl})`;
    const html = `<a href="${dashboardUrl}"><img src="${badgeUrl}" alt="Insignia de la bitácora" height="24"></a>`;
    await expect(page.locator(".snippet pre").first()).toHaveText(markdown);
    await expect(page.locator(".snippet pre").nth(1)).toHaveText(html);

    await page.getByRole("button", { name: "Copiar (Markdown)" }).click();
    await expect(page.locator(".snippet").first().getByRole("status")).toHaveText("Copiado al portapapeles.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown);

    const svg = await page.request.get(badgeUrl);
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    const drawn = await svg.text();
    expect(drawn).toContain(`verificado ${N}/${N}`);
    expect(drawn).toContain(">bitácora<");
    // A README's plain badge stays English; a language the badge does not speak is refused in words.
    const plain = await page.request.get(`${baseURL}/api/badge/${E2E_SESSIONS.clean}`);
    expect(await plain.text()).toContain(`verified ${N}/${N}`);
    const unknown = await page.request.get(`${baseURL}/api/badge/${E2E_SESSIONS.clean}?lang=fr`);
    expect(unknown.status()).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "invalid_query", parameter: "lang" });
  });

  test("each entry's row has an anchor, and opening the page on one lands on its row", async ({ page }) => {
    const last = N - 1;
    // On a phone the timeline starts below the fold, so landing on the row means scrolling to it.
    await preparePage(page, { narrow: true });
    const problems = watchConsole(page);
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}#entry-${last}`);
    const rows = timelineRows(page);
    await expect(rows).toHaveCount(N);
    for (const seq of CLEAN_SESSION_EVENTS.keys()) {
      await expect(rows.nth(seq)).toHaveAttribute("id", `entry-${seq}`);
    }
    const row = await expectLandedOnEntry(page, last);
    await expect(row).toContainText(CLEAN_SESSION_EVENTS[last]?.action ?? "");
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The marked row keeps its contrast in both schemes.
    await expectNoSevereAxeViolationsInBothSchemes(page, (colorScheme) => `row #entry-${last} marked, ${colorScheme}`);
    expect(problems).toEqual([]);
  });

  test("offers the log as JSON and CSV downloads", async ({ page }) => {
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
    const json = page.getByRole("link", { name: "Descargar la bitácora (JSON)" });
    await expect(json).toHaveAttribute("download", `audit-${E2E_SESSIONS.clean}.json`);
    const jsonBody = await (await page.request.get((await json.getAttribute("href")) as string)).json();
    expect(jsonBody).toMatchObject({ sessionId: E2E_SESSIONS.clean, count: N });

    const csv = page.getByRole("link", { name: "Descargar la bitácora (CSV)" });
    const csvText = await (await page.request.get((await csv.getAttribute("href")) as string)).text();
    expect(csvText.trim().split("\r\n")).toHaveLength(N + 1);
    await expect(page.getByRole("link", { name: "Verificar esta sesión" })).toHaveAttribute(
      "href",
      `/verify?session=${E2E_SESSIONS.clean}`,
    );
  });

  test("runs the tamper demonstration on this session: VERIFIED next to TAMPERED", async ({ page }) => {
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
    const demo = tamperDemo(page);
    await expect(demo.getByLabel(`Esta sesión (${E2E_SESSIONS.clean})`)).toBeChecked();
    await demo.getByLabel("Alteración").selectOption("change-outcome");

    const { result, altered } = await alterCopyAndVerify(demo);
    await expect(result).toContainText(`Copia de la sesión ${E2E_SESSIONS.clean}.`);
    await expect(altered).toContainText("Su firma HMAC no coincide con su contenido");
    await expect(altered).toContainText("Campos cambiados: outcome.");
    // The changed line is marked in both copies, and only that line.
    const original = result.locator(".tamper-card").first();
    await expect(altered.locator("figure [data-changed-line]")).toHaveCount(1);
    await expect(altered.locator("figure [data-changed-line]")).toContainText('"outcome":');
    await expect(original.locator("figure [data-changed-line]")).toContainText('"outcome":');
    // The real log is untouched.
    await expect(timelineRows(page).locator(".pill-ok")).toHaveCount(N);
    await expectNoSevereAxeViolations(page);
  });

  test("a check that could not run offers to run it again, and does", async ({ page }) => {
    // Neither the published keys nor the server's report arrive (console errors are expected here).
    await page.route("**/.well-known/jwks.json", (route) => route.abort());
    await page.route(/\/api\/play\/audit\/[^/?]+\?verify=1$/, (route) => route.abort());
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
    const browser = page.getByTestId("browser-verification");
    const server = page.getByTestId("server-verification");
    await expect(browser).toContainText("No se pudo actualizar la verificación.");
    await browser.getByRole("button", { name: "Reintentar" }).click();
    // The server's report is fetched again too, and its failure is said where it belongs.
    await expect(server).toContainText("No se pudo actualizar la verificación.");
    await expect(server.locator(".pill")).toHaveText("VERIFICADO");
    // The transparency log's check could not run either, and says so. Waiting for it here, before
    // the keys come back, matters: its code loads on its own, and on a busy machine it could
    // otherwise first ask for the keys after they are reachable again.
    const inLog = page.getByRole("region", { name: "Registro de transparencia" });
    const inLogRetry = inLog.getByRole("button", { name: "Reintentar" });
    await expect(inLogRetry).toBeVisible();

    await page.unrouteAll();
    await server.getByRole("button", { name: "Reintentar" }).click();
    await expect(browser.locator(".pill")).toHaveText("VERIFICADO");
    // It offers its own retry, and runs.
    await inLogRetry.click();
    await expect(inLog.locator("[data-full-verdict]")).toHaveAttribute("data-full-verdict", "verified");
    await expect(page.getByRole("button", { name: "Reintentar" })).toHaveCount(0);
    await expect(page.getByText("No se pudo actualizar la verificación.")).toHaveCount(0);
    await expectNoSevereAxeViolations(page);
  });

  test("an invalid session id is a 404 with the site's page and a clear message", async ({ page }) => {
    const problems = watchConsole(page);
    const response = await page.goto("/dashboard/no%20vale!");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No hay ninguna sesión con ese identificador");
    await expect(page.getByRole("main")).toContainText("tiene que tener de 8 a 64 caracteres");
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Ir a Verificar" })).toHaveAttribute(
      "href",
      "/verify",
    );
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });

  test("an unknown session is a 404 that says why it may have no entries", async ({ page }) => {
    const response = await page.goto(`/dashboard/${E2E_SESSIONS.unknown}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No hay ninguna sesión con ese identificador");
    await expect(page.getByRole("main")).toContainText("Esta sesión no tiene entradas");
    await expect(page.getByRole("main")).toContainText("las sesiones de demostración se borran");
    await expectNoSevereAxeViolations(page);
  });
  // The verified page's quality (axe in both schemes, console, overflow at 375 px, both languages)
  // is every-page.spec.ts's.
});

// The embedded store is one process, so entries appended while the page is open come from a second
// server on the Upstash backend (a private redis-server behind the REST bridge), written to by this
// test process through the same store and keys.
test.describe("session dashboard, live", () => {
  let stack: UpstashStack;
  let app: AppServer;
  let restoreEnv: (() => void) | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Loaded here, not at the top, so the store modules load only when these tests run.
    const { applyEnv, startUpstashStack } = await import("../support/upstash-stack");
    stack = await startUpstashStack();
    // This process signs with the server's keys: the same environment, read afresh.
    restoreEnv = applyEnv(stack.env);
    app = await startApp({ env: stack.env });
  });

  test.afterAll(async () => {
    await app?.stop();
    await stack?.close();
    // Later spec files in this worker get the configuration they started with.
    restoreEnv?.();
  });

  test("updates while open when an entry is appended", async ({ page }) => {
    const { appendAuditEvent } = await import("../../lib/audit/log");
    const sessionId = `e2e-live-${randomUUID()}`;
    const event = { kind: "tool-call", actor: "system", input: {}, output: { ok: true }, outcome: "ok" } as const;
    const first = await appendAuditEvent(
      { sessionId, sessionToken: null, event: { ...event, action: "primera_llamada" } },
      stack.store,
    );

    const problems = watchConsole(page);
    await page.goto(`${app.url}/dashboard/${sessionId}`);
    const rows = timelineRows(page);
    await expect(rows).toHaveCount(1);
    await expect(page.locator("[data-connection]")).toHaveAttribute("data-connection", "live");
    await expect(page.getByTestId("server-verification")).toContainText("Almacenamiento: upstash.");
    const badge = page.getByTestId("badge");
    const badgeSrc = await badge.getAttribute("src");

    await appendAuditEvent(
      { sessionId, sessionToken: first.sessionToken, event: { ...event, action: "segunda_llamada" } },
      stack.store,
    );

    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText("segunda_llamada");
    await expect(rows.nth(1).locator(".pill")).toHaveText("VERIFICADA");
    await expect(page.getByTestId("server-verification")).toContainText("2 de 2 entradas verifican.");
    await expect(page.getByTestId("browser-verification").locator(".pill")).toHaveText("VERIFICADO");
    await expect(badge).not.toHaveAttribute("src", badgeSrc as string);
    await expect(badge).toHaveAttribute("alt", /VERIFICADO 2\/2/);
    expect(problems).toEqual([]);
  });
});
