import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { E2E_SESSIONS } from "../support/e2e-sessions";
import { expectNoHorizontalOverflow, preparePage } from "../support/page-checks";

// A visitor whose browser runs no scripts: the header's links, the footer's and the pages' snippets
// must still do what they show. The same checks with scripts on are every-page.spec.ts's.

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../.test-output/screenshots");

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

const MAIN_PAGES = [
  ["Inicio", "/"],
  ["Demo del agente", "/play"],
  ["Constituir", "/incorporar"],
  ["Directorio", "/registro"],
  ["Verificar", "/verify"],
  ["Transparencia", "/log"],
  ["Vectores de prueba", "/test-vectors"],
] as const;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [375, 1280]) {
    test(`${width} px: every main page is one click away in the header and in the footer`, async ({ page }) => {
      await preparePage(page, { lang: "es" });
      await page.setViewportSize({ width, height: 812 });
      await page.goto("/verify");

      // The header: no menu button that cannot open, every link on screen.
      const nav = page.getByRole("navigation", { name: "Principal" });
      await expect(nav.getByRole("button")).toBeHidden();
      for (const [name, href] of MAIN_PAGES) {
        const link = nav.getByRole("link", { name, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("href", href);
      }
      await expect(nav.getByRole("link", { name: "Verificar", exact: true })).toHaveAttribute("aria-current", "page");
      await expectNoHorizontalOverflow(page);
      await shot(page, `no-script-header-${width}px-es`);

      await nav.getByRole("link", { name: "Directorio", exact: true }).click();
      await expect(page).toHaveURL(/\/registro$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Directorio de sociedades-IA");

      // The footer: the same pages, the glossary, the API description and the log.
      const footer = page.getByRole("navigation", { name: "Todas las páginas" });
      for (const [name, href] of [...MAIN_PAGES, ["Glosario", "/glosario"]]) {
        await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "OpenAPI" })).toHaveAttribute(
        "href",
        "/api/discovery?format=openapi",
      );
      await footer.getByRole("link", { name: "Glosario", exact: true }).click();
      await expect(page).toHaveURL(/\/glosario$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Glosario");
    });
  }

  test("copy buttons, which need scripts, give way to the snippets' selectable text", async ({ page }) => {
    await preparePage(page, { lang: "es", narrow: true });
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
    const snippets = page.locator(".snippet");
    await expect(snippets).toHaveCount(2);
    for (const snippet of await snippets.all()) {
      await expect(snippet.locator("pre")).toBeVisible();
      await expect(snippet.getByRole("button")).toBeHidden();
    }
  });
});

test("with JavaScript the same snippets keep their copy buttons and the phone keeps its menu button", async ({
  page,
}) => {
  await preparePage(page, { lang: "es", narrow: true });
  await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
  await expect(page.getByRole("button", { name: "Copiar (Markdown)" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Principal" }).getByRole("button", { name: "Menú" })).toBeVisible();
});
