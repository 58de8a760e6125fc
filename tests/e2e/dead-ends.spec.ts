import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { timelineRows } from "../support/audit-ui";
import {
  expectNoHorizontalOverflow,
  expectNoSevereAxeViolations,
  expectNoSevereAxeViolationsInBothSchemes,
  NARROW_VIEWPORT,
  preparePage,
  watchConsole,
} from "../support/page-checks";

// Each way on that used to stop a person, walked to its end as a person would. Each journey is
// walked once, at the width where it has the most to show (the phone, where panels fold), and each
// state it reaches is also looked at on a desktop screen by widening the window there: a person on
// a desktop clicks the same controls, which the English walk below does at desktop width.
// Screenshots of each state go to .test-output/screenshots/.

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../.test-output/screenshots");
const DESKTOP = { width: 1280, height: 900 } as const;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** The state as it is now, at desktop width and then on the phone: no sideways scrolling, a screenshot of each. */
async function atBothWidths(page: Page, name: string, first: "1280" | "375" = "375") {
  const widths = first === "375" ? (["375", "1280"] as const) : (["1280", "375"] as const);
  for (const width of widths) {
    await page.setViewportSize(width === "375" ? NARROW_VIEWPORT : DESKTOP);
    await expectNoHorizontalOverflow(page);
    await shot(page, `${name}-${width}-es`);
  }
}

async function fillListing(page: Page, values: { name: string; jurisdiction: string; cuit: string; url: string }) {
  await page.getByLabel("Nombre de la sociedad").fill(values.name);
  await page.getByLabel("Jurisdicción", { exact: true }).last().selectOption(values.jurisdiction);
  await page.getByLabel("Nombre del operador").fill("Operadora de Prueba SRL");
  await page.getByLabel("CUIT del operador").fill(values.cuit);
  await page.getByLabel("Dirección pública (https)").fill(values.url);
  await page.getByLabel("Declaración en español").fill("Una sociedad de prueba operada por agentes de IA.");
  await page.getByLabel("Declaración en inglés").fill("A test company run by AI agents, for the browser test.");
}

test.describe("dead ends, on a phone and a desktop", () => {
  test("list a company with an 11-digit CUIT, certify it, and read why it failed in Spanish", async ({ page }) => {
    test.setTimeout(180_000);
    await preparePage(page, { lang: "es", narrow: true });
    const problems = watchConsole(page);
    await page.goto("/registro/nueva", { waitUntil: "networkidle" });
    // The page says what certification needs before anyone lists.
    const stamp = `${Date.now()}`;
    // The 11 digits typed in one go, as /incorporar takes them.
    await fillListing(page, {
      name: `Sociedad certificable ${stamp}`,
      jurisdiction: "AR",
      cuit: "30712345671",
      url: `https://certificable-${stamp}.example`,
    });
    await page.getByRole("button", { name: "Listar como borrador" }).click();
    const created = page.getByRole("status").filter({ hasText: "Listada como borrador" });
    await expect(created).toBeVisible();

    const panel = page.getByTestId("certify-panel");
    await expect(panel).toContainText("tiene que ser un sitio https que se pueda alcanzar desde internet");
    await expect(panel).toContainText("CERTIFIER_ALLOW_LOOPBACK=1");
    await shot(page, "registro-listed-375-es");

    await panel.getByRole("button", { name: "Pedir la certificación" }).click();
    // The verdict and each check's reason, in the page's language.
    await expect(panel.locator(".certify-verdict-line")).toContainText(
      /^Calificación F \(\d+\/100\): no llega a la C/,
      {
        timeout: 60_000,
      },
    );
    const reachable = panel.locator('[data-check="manifest.reachable"]');
    await expect(reachable).toContainText("No pasó");
    await expect(reachable).toContainText("El sitio responde /.well-known/agents.json (200, JSON).");
    // Why, in Spanish too: the certifier gives its reasons in both languages.
    await expect(reachable).toContainText("No se pudo resolver el nombre del sitio (DNS).");
    await expect(reachable.locator('[lang="en"]')).toHaveCount(0);
    // Failed checks come first: what there is to fix.
    await expect(panel.locator(".certify-checks li").first()).toHaveAttribute("data-passed", "false");
    await expectNoSevereAxeViolationsInBothSchemes(page, (scheme) => `certified verdict, ${scheme}`);
    await expectNoHorizontalOverflow(page);
    await shot(page, "registro-certified-375-es-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await atBothWidths(page, "registro-certified");

    // The record's own view says the same about the record, and it stays a draft.
    await created.getByRole("link", { name: "Abrir la ficha creada" }).click();
    const card = page.locator(".registry-card");
    await expect(card.locator(".pill")).toHaveText(["Borrador", /^Sin verificar/]);
    await expect(card).toContainText("30-71234567-1");
    expect(problems).toEqual([]);
  });

  test("a wrong owner token on a record's view is refused in words, and nothing changes", async ({ page }) => {
    await preparePage(page, { lang: "es", narrow: true });
    await page.goto("/registro/demo-estudio-contable-autonomo");
    const panel = page.getByTestId("certify-panel");
    // No token: the field says so and nothing is sent.
    let sent = 0;
    page.on("request", (r) => {
      if (r.url().includes("/certify")) sent++;
    });
    await panel.getByRole("button", { name: "Pedir la certificación" }).click();
    await expect(panel.getByText("Escribí el token de dueño de esta sociedad.")).toBeVisible();
    expect(sent).toBe(0);
    await panel.getByLabel("Token de dueño").fill("sia_own_esto-no-es-un-token");
    await panel.getByRole("button", { name: "Pedir la certificación" }).click();
    await expect(panel.getByRole("alert")).toContainText("Ese token no es el de dueño de esta sociedad.");
    await expect(page.locator(".registry-card .pill")).toHaveText(["Borrador", "Sin verificar"]);
    await expectNoSevereAxeViolations(page);
    await atBothWidths(page, "registro-token-refused");
  });

  test("play, copy the session's token, add an incorporation to that session, see both on the dashboard", async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await preparePage(page, { lang: "es" });
    await page.setViewportSize(DESKTOP);
    const problems = watchConsole(page);
    await page.goto("/play");
    const box = page.getByLabel("Tu pedido al agente");
    await box.fill("Validá el CUIT 20-17254359-7");
    await box.press("Enter");
    const tokenBox = page.getByTestId("session-token-box");
    // Beside the chat the panel is open: the one-time token shows at once, with its copy button.
    await expect(tokenBox.getByTestId("session-token")).toBeVisible({ timeout: 30_000 });
    await expect(tokenBox.getByRole("button", { name: "Copiar el token" })).toBeVisible();
    await expect(tokenBox).toBeVisible();
    const sessionId = (await page.getByTestId("session-id").textContent())?.trim() ?? "";
    const token = (await page.getByTestId("session-token").textContent())?.trim() ?? "";
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(token.length).toBeGreaterThan(20);
    await expect(page.locator(".session-entries li")).toHaveCount(1, { timeout: 30_000 });
    await tokenBox.getByRole("button", { name: "Copiar el token" }).click();
    await expect(tokenBox.getByRole("status")).toHaveText("Token copiado.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectNoSevereAxeViolationsInBothSchemes(page, (scheme) => `play token, ${scheme}`);
    await page.emulateMedia({ colorScheme: "light" });
    await shot(page, "play-token-1280-es");

    // On a phone too the one-time token stays in view, with the panel folded to its badge; opened,
    // the panel adds the note and the way on to an incorporation.
    await page.setViewportSize(NARROW_VIEWPORT);
    await expect(page.getByRole("button", { name: "Ver detalles" })).toHaveAttribute("aria-expanded", "false");
    await expect(tokenBox.getByTestId("session-token")).toBeVisible();
    await expect(tokenBox.getByRole("button", { name: "Copiar el token" })).toBeVisible();
    await page.getByRole("button", { name: "Ver detalles" }).click();
    await expect(tokenBox).toBeVisible();
    await shot(page, "play-token-375-es");

    // The token travels in the fragment: no request carries it in its address.
    const addresses: string[] = [];
    page.on("request", (r) => addresses.push(r.url()));
    await tokenBox.getByRole("link", { name: "Agregar una constitución a esta sesión" }).click();
    await expect(page).toHaveURL(/\/incorporar$/);
    expect(addresses.filter((u) => u.includes(token))).toEqual([]);
    await expect(page.getByLabel("Agregar esta constitución a una sesión que ya tengo")).toBeChecked();
    await expect(page.getByLabel("Identificador de la sesión")).toHaveValue(sessionId);
    await expect(page.getByLabel("Token de escritura de la sesión")).toHaveValue(token);
    await page.getByLabel("Denominación").fill("Acme Encadenada Automatizada SOCIEDAD-IA");
    await page.getByLabel("Capital social (en pesos)").fill("2500000");
    await page
      .getByLabel("Objeto social")
      .fill(
        "Desarrollo y operación de agentes de software autónomos para comercio electrónico en la República Argentina.",
      );
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/auto-incorporate"));
    await page.getByRole("button", { name: "Constituir y generar los archivos" }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: /^Listo: Acme Encadenada/ })).toBeVisible();
    await atBothWidths(page, "incorporar-chained");

    await page.goto(`/dashboard/${sessionId}`);
    const rows = timelineRows(page);
    await expect(rows).toHaveCount(2);
    await expect(page.locator("main")).toContainText("validar_cuit");
    await expect(page.locator("main")).toContainText("auto_incorporate");
    await expectNoSevereAxeViolations(page);
    await atBothWidths(page, "dashboard-chained", "1280");
    expect(problems).toEqual([]);
  });
});

test("the certify panel speaks English on the English page, verdict and reasons included", async ({ page }) => {
  test.setTimeout(180_000);
  await preparePage(page, { lang: "en" });
  await page.goto("/registro/nueva", { waitUntil: "networkidle" });
  const stamp = `${Date.now()}-en`;
  await page.getByLabel("Company name").fill(`Certifiable company ${stamp}`);
  await page.getByLabel("Jurisdiction", { exact: true }).last().selectOption("US-WY");
  await page.getByLabel("Operator's name").fill("Test Operator LLC");
  await page.getByLabel("Public address (https)").fill(`https://certifiable-${stamp}.example`);
  await page.getByLabel("Disclosure in Spanish").fill("Una sociedad de prueba operada por agentes de IA.");
  await page.getByLabel("Disclosure in English").fill("A test company run by AI agents, for the browser test.");
  await page.getByRole("button", { name: "List as a draft" }).click();
  const panel = page.getByTestId("certify-panel");
  await expect(panel).toContainText("it must be an https site reachable from the internet");
  await panel.getByRole("button", { name: "Request certification" }).click();
  await expect(panel.locator(".certify-verdict-line")).toContainText(/^Rating F \(\d+\/100\): short of the C/, {
    timeout: 60_000,
  });
  const reachable = panel.locator('[data-check="manifest.reachable"]');
  await expect(reachable).toContainText("Failed");
  await expect(reachable).toContainText("The site answers /.well-known/agents.json (200, JSON).");
  await expectNoSevereAxeViolations(page);
  await shot(page, "registro-certified-1280-en");
});
