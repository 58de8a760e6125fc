import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { rateLimitedAnswer, TYPICAL_INCORPORATION } from "../support/fixtures";
import { expectOneWordPerThing } from "../support/one-word-per-thing";
import {
  expectNoHorizontalOverflow,
  expectNoSevereAxeViolationsInBothSchemes,
  LANGS,
  type Lang,
  preparePage,
  switchLang,
  watchConsole,
} from "../support/page-checks";

// The wizard at /incorporar against the real POST /api/auto-incorporate of the e2e server. It sends a
// fresh Idempotency-Key per page load, so each test's incorporation runs (no replay of another test's).
// The e2e server raises RATE_LIMIT_INCORPORATE (playwright.config.ts); these tests make ten real calls.

// The typical request as the visitor types it: the capital as digits.
const TYPICAL = {
  denominacion: TYPICAL_INCORPORATION.denominacion,
  capital: String(TYPICAL_INCORPORATION.capitalSocial),
  objeto: TYPICAL_INCORPORATION.objeto,
};
const VALID_CUIT = "20-12345678-6";
const BAD_CUIT = "20-12345678-0"; // wrong check digit

const UI = {
  es: {
    denominacion: "Denominación",
    capital: "Capital social (en pesos)",
    objeto: "Objeto social",
    repNombre: "Nombre del representante",
    repCuit: "CUIT del representante",
    submit: "Constituir y generar los archivos",
    cuitFinding: "El CUIT del representante no es válido",
  },
  en: {
    denominacion: "Company name (denominación)",
    capital: "Share capital (Argentine pesos)",
    objeto: "Corporate purpose (objeto)",
    repNombre: "Representative's name",
    repCuit: "Representative's CUIT",
    submit: "Incorporate and generate the files",
    cuitFinding: "The representative's CUIT is not valid",
  },
} as const;

const FILES = ["package.json", "lib/agent.ts", ".env.example", "README.md"];

/** POSTs the page makes to the incorporation endpoint. */
function watchIncorporations(page: Page): string[] {
  const bodies: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && req.url().endsWith("/api/auto-incorporate")) bodies.push(req.postData() ?? "");
  });
  return bodies;
}

async function fillTypical(page: Page, lang: Lang = "es", denominacion = TYPICAL.denominacion) {
  const ui = UI[lang];
  await page.getByLabel(ui.denominacion).fill(denominacion);
  await page.getByLabel(ui.capital).fill(TYPICAL.capital);
  await page.getByLabel(ui.objeto).fill(TYPICAL.objeto);
}

test.describe("/incorporar wizard", () => {
  test("a representative's invalid CUIT is reported only once the field is left, and blocks sending", async ({
    page,
  }) => {
    const posts = watchIncorporations(page);
    await page.goto("/incorporar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Constituir una sociedad-IA");
    // Nothing is reported before the visitor typed, nor counted as "to fix".
    await expect(page.locator(".inc-issues")).toHaveCount(0);
    await expect(page.locator(".inc-live-state")).toHaveText("Completá los datos para constituirla.");

    await fillTypical(page);
    const cuit = page.getByLabel(UI.es.repCuit);
    await cuit.fill(BAD_CUIT);
    // Still in the field: the finding exists in the rules but is not shown yet.
    await expect(page.getByText(UI.es.cuitFinding)).toHaveCount(0);
    await expect(cuit).not.toHaveAttribute("aria-invalid", "true");

    await cuit.press("Tab");
    const issues = page.locator("#inc-rep-cuit-issues");
    await expect(issues).toContainText(UI.es.cuitFinding);
    await expect(issues).toContainText("Error:");
    await expect(cuit).toHaveAttribute("aria-invalid", "true");
    await expect(cuit).toHaveAttribute("aria-describedby", /inc-rep-cuit-issues/);
    // The representative's name was never touched: its finding waits for the submission.
    await expect(page.locator("#inc-rep-nombre-issues")).toHaveCount(0);

    await page.getByRole("button", { name: UI.es.submit }).click();
    const summary = page.locator(".inc-summary");
    await expect(summary).toBeVisible();
    await expect(summary).toHaveAttribute("role", "alert");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Antes de constituir, corregí esto:");
    await expect(summary).toContainText(UI.es.cuitFinding);
    await expect(summary).toContainText("El nombre del representante debe tener entre 3 y 120 caracteres.");
    await expect(summary.getByRole("link", { name: new RegExp(UI.es.cuitFinding) })).toHaveAttribute(
      "href",
      "#inc-rep-cuit",
    );
    await expect(page.locator("#inc-rep-nombre-issues")).toBeVisible();
    expect(posts).toEqual([]);

    // Fixing the CUIT clears its finding as the visitor types; the name still blocks.
    await cuit.fill(VALID_CUIT);
    await expect(issues).toHaveCount(0);
    await expect(summary).not.toContainText(UI.es.cuitFinding);
    await page.getByRole("button", { name: UI.es.submit }).click();
    await expect(summary).toContainText("El nombre del representante");
    expect(posts).toEqual([]);
  });

  test("happy path: the typical request shows files, checklist, deploy link, registry stub and audit links", async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/incorporar");
    await fillTypical(page);
    // Eleven digits typed in one go are written with their hyphens when the field is left.
    await page.getByLabel(UI.es.repNombre).fill("María Pérez");
    await page.getByLabel(UI.es.repCuit).fill(VALID_CUIT.replaceAll("-", ""));
    await page.getByLabel(UI.es.repCuit).blur();
    await expect(page.getByLabel(UI.es.repCuit)).toHaveValue(VALID_CUIT);

    const responsePromise = page.waitForResponse(
      (r) => r.url().endsWith("/api/auto-incorporate") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: UI.es.submit }).click();
    const response = await responsePromise;
    expect(response.status()).toBe(200);
    expect(response.request().headers()["accept-language"]).toBe("es");
    expect(response.request().headers()["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);
    const sent = JSON.parse(response.request().postData() ?? "{}");
    expect(sent).toEqual({
      denominacion: TYPICAL.denominacion,
      tipo: "SOCIEDAD-IA",
      capitalSocial: 2_000_000,
      objeto: TYPICAL.objeto,
      representante: { nombre: "María Pérez", cuit: VALID_CUIT },
    });
    const answer = await response.json();

    const heading = page.getByRole("heading", { level: 2, name: `Listo: ${TYPICAL.denominacion}` });
    await expect(heading).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Se constituyó" })).toHaveCount(1);

    // The four files, as tabs, each with copy and download.
    const tabs = page.getByRole("tablist", { name: "Archivos" }).getByRole("tab");
    await expect(tabs).toHaveText(FILES);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    await expect(panel).toHaveCount(1);
    await expect(panel).toContainText('"name": "acme-agentes-automatizada-sociedad-ia"');
    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(page.getByRole("tabpanel")).toContainText("export const COMPANY");
    await tabs.last().click();
    await expect(page.getByRole("tabpanel")).toContainText("## Checklist");
    for (const [i, path] of FILES.entries()) {
      await tabs.nth(i).click();
      await expect(page.getByRole("button", { name: `Copiar ${path}` })).toBeVisible();
      await expect(page.getByRole("button", { name: `Descargar ${path}` })).toBeVisible();
    }
    await tabs.first().click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Descargar package.json" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("package.json");
    const downloaded = await readFile(await download.path(), "utf8");
    expect(downloaded).toBe(answer.config["package.json"]);
    expect(JSON.parse(downloaded).name).toBe("acme-agentes-automatizada-sociedad-ia");
    await page.getByRole("button", { name: "Copiar package.json" }).click();
    await expect(page.getByRole("tabpanel").getByRole("status")).toHaveText("Copiado.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(answer.config["package.json"]);

    // The environment variables, each described in the page's language only.
    await page.getByText(`Variables de entorno (${answer.envVars.length})`).click();
    const envItem = page.locator(".inc-env-item").filter({ hasText: "ARCA_KEY_PEM" });
    await expect(envItem.locator("dd")).toHaveText("Clave privada de ese certificado de ARCA");

    // The 8-step roadmap.
    const checklist = page.getByRole("region", { name: "Hoja de ruta legal y operativa" });
    await expect(checklist.locator("ol > li")).toHaveCount(8);
    await expect(checklist.getByRole("heading", { level: 4 }).first()).toHaveText(
      "Inscribir la sociedad en el registro público",
    );
    await expect(checklist.getByText("Pendiente")).toHaveCount(8);

    // The server runs on loopback: before the deploy button, the page says what that breaks.
    const warnings = page.getByRole("region", { name: "Antes de desplegar" });
    expect(answer.warnings.map((w: { code: string }) => w.code)).toEqual(["local_origin", "client_package_by_name"]);
    await expect(warnings.locator("li")).toHaveText(
      answer.warnings.map((w: { message: { es: string } }) => w.message.es),
    );
    await expect(warnings.locator('[data-warning="local_origin"]')).toContainText("dirección local");

    // Deploy.
    const deploy = page.getByRole("link", { name: /Desplegar en Vercel/ });
    await expect(deploy).toHaveAttribute("href", answer.deploy.oneClickUrl);
    expect(answer.deploy.oneClickUrl).toMatch(/^https:\/\/vercel\.com\/new\/clone\?/);

    // The path to a live record, each step linked.
    const next = page.getByRole("region", { name: "Próximos pasos, hasta que la ficha esté activa en el directorio" });
    await expect(next.locator("ol > li")).toHaveCount(5);
    await expect(next.getByRole("link", { name: "Despliegue en un clic" })).toHaveAttribute(
      "href",
      answer.deploy.oneClickUrl,
    );
    await expect(next.getByRole("link", { name: "Ver el proyecto inicial" })).toHaveAttribute(
      "href",
      answer.deploy.sourceUrl,
    );
    await expect(next).toContainText(`REGISTRY_ID es ${answer.registry.record.id}`);
    // Claim and certification happen on the record's own page, not in JSON.
    const recordPage = `/registro/${answer.registry.record.id}`;
    await expect(next.getByRole("link", { name: "Abrir la ficha", exact: true })).toHaveAttribute("href", recordPage);
    await expect(next).toContainText(`POST ${answer.registry.url}/certify`);
    await expect(next.getByRole("link", { name: "Certificar desde la ficha" })).toHaveAttribute("href", recordPage);
    await expect(next.getByRole("link", { name: "Abrir el panel de la sesión" })).toHaveAttribute(
      "href",
      answer.audit.dashboardUrl,
    );

    // Tokens shown once, with the warning to save them.
    const secrets = page.getByRole("region", { name: "Guardá estos tokens ahora" });
    await expect(secrets).toContainText("Se muestran una sola vez");
    await expect(secrets).toContainText(answer.audit.sessionToken);
    await expect(secrets).toContainText(answer.registry.claimToken);

    // Registry stub.
    const registry = page.getByRole("region", { name: "Ficha en formación" });
    await expect(registry).toContainText("En formación");
    await expect(registry).toContainText("Sin verificar");
    await expect(registry.getByRole("link", { name: "Abrir la ficha para reclamarla" })).toHaveAttribute(
      "href",
      recordPage,
    );
    await expect(registry.getByRole("link", { name: "Datos de la ficha (JSON)" })).toHaveAttribute(
      "href",
      answer.registry.url,
    );

    // The session's audit log: dashboard link and a badge that loaded, in the page's language.
    const audit = page.getByRole("region", { name: "Bitácora" });
    const sessionId: string = answer.audit.sessionId;
    await expect(audit.getByRole("link", { name: "Abrir el panel de la sesión" })).toHaveAttribute(
      "href",
      new RegExp(`/dashboard/${sessionId}$`),
    );
    const badge = audit.getByRole("img", { name: "Insignia de la bitácora" });
    await expect(badge).toHaveAttribute("src", `/api/badge/${sessionId}?lang=es`);
    await expect(audit.locator("pre")).toHaveText(
      `[![Insignia de la bitácora](${answer.audit.badgeUrl}?lang=es)](${answer.audit.dashboardUrl})`,
    );
    // Each thing of the result has one name: ficha, directorio, bitácora; never a bare "registro".
    await expectOneWordPerThing(page, "es");
    await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The wizard really called the server: the session holds exactly this incorporation.
    const log = await (await request.get(`/api/play/audit/${sessionId}?verify=1`)).json();
    expect(log.entries).toHaveLength(1);
    expect(log.verification.tampered).toBe(0);

    // Back to the form and the same request again: the idempotent replay, without the tokens.
    await page.getByRole("button", { name: "Volver al formulario" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Datos de la sociedad" })).toBeFocused();
    await expect(page.getByLabel(UI.es.denominacion)).toHaveValue(TYPICAL.denominacion);
    const replayPromise = page.waitForResponse((r) => r.url().endsWith("/api/auto-incorporate"));
    await page.getByRole("button", { name: UI.es.submit }).click();
    const replay = await replayPromise;
    expect(replay.headers()["idempotent-replayed"]).toBe("true");
    expect(replay.request().headers()["idempotency-key"]).toBe(response.request().headers()["idempotency-key"]);
    await expect(page.getByText("Esta es la misma respuesta que la vez anterior")).toBeVisible();
    await expect(page.getByRole("region", { name: "Guardá estos tokens ahora" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Bitácora" })).toContainText(sessionId);
  });

  test("says what is wrong with a malformed session id in the page's words, not the API's", async ({ page }) => {
    await page.goto("/incorporar");
    await fillTypical(page, "es", "Acme Identificador Automatizada SOCIEDAD-IA");
    await page.getByLabel("Agregar esta constitución a una sesión que ya tengo").check();
    await page.getByLabel("Identificador de la sesión").fill("corto");
    await page.getByRole("button", { name: UI.es.submit }).click();
    const issues = page.locator("#inc-session-id-issues");
    await expect(issues).toContainText("El identificador de sesión no es válido");
    await expect(issues).not.toContainText("sessionId");
  });

  test("chains a second incorporation into an existing session, asking for its token", async ({ page, request }) => {
    await page.goto("/incorporar");
    await fillTypical(page, "es", "Acme Cadena Automatizada SOCIEDAD-IA");
    const firstPromise = page.waitForResponse((r) => r.url().endsWith("/api/auto-incorporate"));
    await page.getByRole("button", { name: UI.es.submit }).click();
    const first = await (await firstPromise).json();
    const sessionId: string = first.audit.sessionId;
    const token: string = first.audit.sessionToken;
    await expect(page.getByRole("region", { name: "Guardá estos tokens ahora" })).toContainText(token);

    await page.getByRole("button", { name: "Volver al formulario" }).click();
    await page.getByLabel(UI.es.denominacion).fill("Acme Cadena Dos Automatizada SOCIEDAD-IA");
    const tokenField = page.getByLabel("Token de escritura de la sesión");
    await expect(tokenField).toBeHidden();
    await page.getByLabel("Agregar esta constitución a una sesión que ya tengo").check();
    await page.getByLabel("Identificador de la sesión").fill(sessionId);

    // Without the token the server refuses (403); the page says so next to the token field.
    const refusedPromise = page.waitForResponse((r) => r.url().endsWith("/api/auto-incorporate"));
    await page.getByRole("button", { name: UI.es.submit }).click();
    expect((await refusedPromise).status()).toBe(403);
    await expect(page.locator("#inc-session-token-issues")).toContainText("Esa sesión ya existe");
    await expect(tokenField).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(".inc-summary")).toBeFocused();

    await tokenField.fill(token);
    await expect(page.locator("#inc-session-token-issues")).toHaveCount(0);
    const chainedPromise = page.waitForResponse((r) => r.url().endsWith("/api/auto-incorporate"));
    await page.getByRole("button", { name: UI.es.submit }).click();
    const chained = await chainedPromise;
    expect(chained.status()).toBe(200);
    expect(chained.request().headers()["x-session-token"]).toBe(token);
    await expect(
      page.getByRole("heading", { level: 2, name: "Listo: Acme Cadena Dos Automatizada SOCIEDAD-IA" }),
    ).toBeVisible();
    // Same session, so no new session token; the new registry record still gets its claim token.
    const secrets = page.getByRole("region", { name: "Guardá estos tokens ahora" });
    await expect(secrets).not.toContainText("Token de escritura de la bitácora");
    await expect(secrets).toContainText("Token para reclamar la ficha en formación");
    await expect(page.getByRole("region", { name: "Bitácora" })).toContainText(sessionId);
    const log = await (await request.get(`/api/play/audit/${sessionId}?verify=1`)).json();
    expect(log.entries).toHaveLength(2);
    expect(log.verification.tampered).toBe(0);
  });

  test("unticking the session after its token was refused sends the form in a new session", async ({ page }) => {
    await page.goto("/incorporar");
    await fillTypical(page, "es", "Acme Arrepentida Automatizada SOCIEDAD-IA");
    const firstPromise = page.waitForResponse((r) => r.url().endsWith("/api/auto-incorporate"));
    await page.getByRole("button", { name: UI.es.submit }).click();
    const { audit } = await (await firstPromise).json();
    await page.getByRole("button", { name: "Volver al formulario" }).click();
    await page.getByLabel(UI.es.denominacion).fill("Acme Arrepentida Dos Automatizada SOCIEDAD-IA");
    const chain = page.getByLabel("Agregar esta constitución a una sesión que ya tengo");
    await chain.check();
    await page.getByLabel("Identificador de la sesión").fill(audit.sessionId);
    const refusedPromise = page.waitForResponse((r) => r.url().endsWith("/api/auto-incorporate"));
    await page.getByRole("button", { name: UI.es.submit }).click();
    expect((await refusedPromise).status()).toBe(403);
    await expect(page.locator(".inc-summary")).toContainText("Esa sesión ya existe");

    // The refusal was about the session: without it, nothing is left to fix.
    await chain.uncheck();
    await expect(page.locator(".inc-summary")).toHaveCount(0);
    const sentPromise = page.waitForResponse((r) => r.url().endsWith("/api/auto-incorporate"));
    await page.getByRole("button", { name: UI.es.submit }).click();
    const sent = await sentPromise;
    expect(sent.status()).toBe(200);
    expect(JSON.parse(sent.request().postData() ?? "{}").sessionId).toBeUndefined();
    expect((await sent.json()).audit.sessionId).not.toBe(audit.sessionId);
  });

  test("a 422 from the server puts its findings next to the fields, and they clear when edited", async ({ page }) => {
    await page.goto("/incorporar");
    await fillTypical(page);
    // The page applies the server's own figures, so a real 422 needs rules that disagree: here the
    // body is changed on its way (as if the minimum had moved since the page loaded).
    await page.route("**/api/auto-incorporate", async (route) => {
      const body = JSON.parse(route.request().postData() ?? "{}");
      await route.continue({ postData: JSON.stringify({ ...body, capitalSocial: 1000 }) });
    });
    const responsePromise = page.waitForResponse((r) => r.url().endsWith("/api/auto-incorporate"));
    await page.getByRole("button", { name: UI.es.submit }).click();
    const response = await responsePromise;
    expect(response.status()).toBe(422);
    expect((await response.json()).validation.findings).toContainEqual(
      expect.objectContaining({ code: "capital_below_minimum", field: "capitalSocial", severity: "error" }),
    );

    const summary = page.locator(".inc-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("El servidor rechazó la solicitud.");
    const capital = page.getByLabel(UI.es.capital);
    await expect(page.locator("#inc-capital-issues")).toContainText("El capital mínimo para SOCIEDAD-IA es $\u00a0");
    await expect(capital).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("heading", { name: /^Listo/ })).toHaveCount(0);

    // Editing the field drops the server's finding; the corrected request goes through.
    await page.unroute("**/api/auto-incorporate");
    await capital.fill("2500000");
    await expect(page.locator("#inc-capital-issues")).toHaveCount(0);
    await expect(summary).toHaveCount(0);
    await page.getByRole("button", { name: UI.es.submit }).click();
    await expect(page.getByRole("heading", { level: 2, name: `Listo: ${TYPICAL.denominacion}` })).toBeVisible();
  });

  test("a rate limit says how long to wait and keeps the form", async ({ page }) => {
    await page.goto("/incorporar");
    await fillTypical(page);
    await page.route("**/api/auto-incorporate", (route) => route.fulfill(rateLimitedAnswer("30 per 1h", 42)));
    await page.getByRole("button", { name: UI.es.submit }).click();
    const alert = page.locator(".notice-error");
    await expect(alert).toHaveAttribute("role", "alert");
    await expect(alert).toContainText("Esperá 42 s y volvé a intentar");
    await expect(alert.getByRole("button", { name: "Reintentar" })).toBeVisible();
    await expect(page.getByLabel(UI.es.denominacion)).toHaveValue(TYPICAL.denominacion);
  });

  test("a lost answer offers a retry that repeats the same request safely", async ({ page }) => {
    const keys: string[] = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/api/auto-incorporate")) keys.push(req.headers()["idempotency-key"] ?? "");
    });
    await page.goto("/incorporar");
    await fillTypical(page, "es", "Acme Reintentos Automatizada SOCIEDAD-IA");
    await page.route("**/api/auto-incorporate", (route) => route.abort("internetdisconnected"), { times: 1 });
    await page.getByRole("button", { name: UI.es.submit }).click();
    const alert = page.locator(".notice-error");
    await expect(alert).toContainText("No hubo respuesta del servidor");
    await alert.getByRole("button", { name: "Reintentar" }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: "Listo: Acme Reintentos Automatizada SOCIEDAD-IA" }),
    ).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  test("a form sent before the page has loaded its rules is checked once they arrive, never sent unchecked", async ({
    page,
  }) => {
    const posts = watchIncorporations(page);
    // The rules load after the page: hold every script the page's HTML does not name.
    const html = await (await page.request.get("/incorporar")).text();
    const initial = new Set(
      [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]?.replaceAll("&amp;", "&")),
    );
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route("**/_next/static/chunks/*.js", (route) => {
      const path = new URL(route.request().url()).pathname;
      if (!holding || initial.has(path)) return route.continue();
      held.push(() => route.continue());
    });
    await page.goto("/incorporar");
    await fillTypical(page);
    await page.getByLabel(UI.es.repNombre).fill("María Pérez");
    await page.getByLabel(UI.es.repCuit).fill(BAD_CUIT);
    await expect(page.locator(".inc-live-state")).toHaveText("Revisando los datos…");
    await page.getByRole("button", { name: UI.es.submit }).click();
    await expect(page.locator(".inc-summary")).toHaveCount(0);
    expect(posts).toEqual([]);

    holding = false;
    for (const release of held.splice(0)) await release();
    const summary = page.locator(".inc-summary");
    await expect(summary).toContainText(UI.es.cuitFinding);
    await expect(summary).toBeFocused();
    await expect(page.locator(".inc-live-state")).toHaveText("Falta corregir 1 dato.");
    expect(posts).toEqual([]);
  });

  test("works in English through the site's language switch, keeping what was typed", async ({ page }) => {
    await page.goto("/incorporar");
    await page.getByLabel(UI.es.denominacion).fill("Acme English Automatizada SOCIEDAD-IA");

    await switchLang(page, "en");
    await expect(page).toHaveURL(/\/incorporar$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Incorporate a sociedad-IA");
    await expect(page).toHaveTitle(/^Incorporate a sociedad-IA · /);
    await expect(page.getByLabel(UI.en.denominacion)).toHaveValue("Acme English Automatizada SOCIEDAD-IA");

    // The shared rules answer in English too.
    const cuit = page.getByLabel(UI.en.repCuit);
    await cuit.fill(BAD_CUIT);
    await cuit.blur();
    await expect(page.locator("#inc-rep-cuit-issues")).toContainText(UI.en.cuitFinding);
    await cuit.fill(VALID_CUIT);
    await page.getByLabel(UI.en.repNombre).fill("Mary Perez");
    await page.getByLabel(UI.en.capital).fill("2,000,000");
    await expect(page.getByText("Read as ARS 2,000,000.")).toBeVisible();
    await page.getByLabel(UI.en.objeto).fill(TYPICAL.objeto);

    const responsePromise = page.waitForResponse((r) => r.url().endsWith("/api/auto-incorporate"));
    await page.getByRole("button", { name: UI.en.submit }).click();
    const response = await responsePromise;
    expect(response.request().headers()["accept-language"]).toBe("en");
    const answer = await response.json();
    await expect(
      page.getByRole("heading", { level: 2, name: "Done: Acme English Automatizada SOCIEDAD-IA" }),
    ).toBeFocused();
    await expect(page.getByRole("tablist", { name: "Files" }).getByRole("tab")).toHaveText(FILES);
    const checklist = page.getByRole("region", { name: "Legal and operational roadmap" });
    await expect(checklist.locator("ol > li")).toHaveCount(8);
    await expect(checklist.getByRole("heading", { level: 4 }).first()).toHaveText(
      "Register the company with the public registry",
    );
    await page.getByText(`Environment variables (${answer.envVars.length})`).click();
    await expect(page.locator(".inc-env-item").filter({ hasText: "ARCA_KEY_PEM" }).locator("dd")).toHaveText(
      "Private key of that ARCA certificate.",
    );
    // The server's notes come back in the page's language.
    await expect(page.getByRole("region", { name: "Notes on the details" })).toContainText(
      "The SOCIEDAD-IA form is pending law",
    );
    await expect(page.getByRole("region", { name: "Save these tokens now" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the session dashboard" })).toBeVisible();
    // An English page shows the English badge (the plain path), with the same alt text as elsewhere.
    const badge = page.getByRole("region", { name: "Audit log" }).getByRole("img", { name: "Audit log badge" });
    await expect(badge).toHaveAttribute("src", `/api/badge/${answer.audit.sessionId}`);
    await expectOneWordPerThing(page, "en");
  });

  for (const lang of LANGS) {
    // The untouched form, in both schemes, is every-page.spec.ts's.
    test(`form has no serious or critical accessibility violations, light and dark, with findings shown (${lang})`, async ({
      page,
    }) => {
      await preparePage(page, { lang });
      const problems = watchConsole(page);
      await page.goto("/incorporar", { waitUntil: "networkidle" });
      await page.getByLabel(UI[lang].denominacion).fill("Banco");
      await page.getByLabel(UI[lang].repCuit).fill(BAD_CUIT);
      await page.getByRole("button", { name: UI[lang].submit }).click();
      await expect(page.locator(".inc-summary")).toBeVisible();
      await expectNoSevereAxeViolationsInBothSchemes(page, (colorScheme) => `${lang} ${colorScheme}, with findings`);
      expect(problems).toEqual([]);
    });
  }

  test("at 375 px: nothing overflows, no console errors, the result passes axe (screenshot saved)", async ({
    page,
  }) => {
    await preparePage(page, { narrow: true });
    const problems = watchConsole(page);
    await page.goto("/incorporar", { waitUntil: "networkidle" });
    await expectNoHorizontalOverflow(page);

    await fillTypical(page, "es", "Acme Agentes Telefónicos Automatizada SOCIEDAD-IA");
    await page.getByLabel(UI.es.repCuit).fill(BAD_CUIT);
    await page.getByRole("button", { name: UI.es.submit }).click();
    await expect(page.locator(".inc-summary")).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await page.getByLabel(UI.es.repNombre).fill("María Pérez");
    await page.getByLabel(UI.es.repCuit).fill(VALID_CUIT);
    await page.getByRole("button", { name: UI.es.submit }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: "Listo: Acme Agentes Telefónicos Automatizada SOCIEDAD-IA" }),
    ).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoHorizontalOverflow(page);
    await expectNoSevereAxeViolationsInBothSchemes(page, (colorScheme) => `result, ${colorScheme}`);
    await page.emulateMedia({ colorScheme: "light" });
    await page.screenshot({ path: ".test-output/incorporar-result-375.png", fullPage: true });
    expect(problems).toEqual([]);
  });
});
