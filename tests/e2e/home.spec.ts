import { expect, test } from "@playwright/test";
import { expectLang, LANGS, preparePage, switchLang } from "../support/page-checks";

const HEADING = { es: "Sociedades-IA que cualquiera puede auditar", en: "Sociedades-IA anyone can audit" } as const;
const NAV_NAME = { es: "Principal", en: "Main" } as const;
const NAV_HREFS = ["/", "/play", "/incorporar", "/registro", "/verify", "/test-vectors"];

test.describe("home page", () => {
  test("renders in Spanish by default with the site's title", async ({ page }) => {
    await page.goto("/");
    await expectLang(page, "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING.es);
    await expect(page).toHaveTitle("sociedades-IA");
  });

  test("language toggle switches to English and back, staying on the same page", async ({ page, context }) => {
    await page.goto("/?desde=prueba");

    await switchLang(page, "en");
    await expect(page).toHaveURL(/\/\?desde=prueba$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING.en);
    await expect(page).toHaveTitle("sociedades-IA");
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("en");

    await switchLang(page, "es");
    await expect(page).toHaveURL(/\/\?desde=prueba$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING.es);
  });

  test("each feature card leads to the page that shows it (the live badge: the demo, beside the chat)", async ({
    page,
  }) => {
    await page.goto("/");
    const links = {
      "Constituir una sociedad-IA": "/incorporar",
      "Verificar una sesión": "/verify",
      "Verla en vivo en la demostración": "/play",
    };
    for (const [name, href] of Object.entries(links)) {
      await expect(page.locator(".card-link").getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("the hero shows the product at work: a badge and entries this server has just verified", async ({ page }) => {
    await page.goto("/");
    const proof = page.getByRole("figure", { name: "Bitácora de ejemplo" });
    // The badge is drawn in the page's language, and its alt text is the one every page gives it.
    const badge = proof.getByRole("img", { name: "Insignia de la bitácora: verificado 3/3" });
    await expect(badge).toBeVisible();
    expect(decodeURIComponent((await badge.getAttribute("src")) ?? "")).toContain(">bitácora<");
    await expect(proof.getByRole("listitem")).toHaveCount(3);
    await expect(proof.getByText("VERIFICADA")).toHaveCount(3);
    await expect(proof).toContainText("Las 3 entradas se verificaron en este servidor");
    await expect(page.getByRole("link", { name: "Constituir una sociedad-IA" }).first()).toHaveAttribute(
      "href",
      "/incorporar",
    );
  });

  test("language toggle is labelled in the language it switches to", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "English" })).toHaveAttribute("lang", "en");
  });

  test("language switch only redirects within the site", async ({ request }) => {
    const offsite = [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
    ];
    for (const next of offsite) {
      const res = await request.get(`/lang?set=en&next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
      expect(res.status(), next).toBe(303);
      expect(res.headers().location, next).toBe("/");
    }
    const fromElsewhere = await request.get("/lang?set=en", {
      maxRedirects: 0,
      headers: { referer: "https://evil.example/registro" },
    });
    expect(fromElsewhere.headers().location).toBe("/");

    const sameSite = await request.get(`/lang?set=en&next=${encodeURIComponent("/registro?estado=live#lista")}`, {
      maxRedirects: 0,
    });
    expect(sameSite.headers().location).toBe("/registro?estado=live#lista");
    expect(sameSite.headers()["set-cookie"]).toMatch(/^lang=en;/);
  });

  test("language switch ignores an unknown language", async ({ request }) => {
    const res = await request.get("/lang?set=fr&next=/", { maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(res.headers()["set-cookie"]).toBeUndefined();
  });

  // Console problems and axe, in both languages and schemes, are every-page.spec.ts's.
  for (const lang of LANGS) {
    test(`navigation links to every section of the service (${lang})`, async ({ page }) => {
      await preparePage(page, { lang });
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: NAV_NAME[lang] });
      for (const href of NAV_HREFS) {
        await expect(nav.locator(`a[href="${href}"]`)).toBeVisible();
      }
      await expect(nav.locator('a[href="/"]')).toHaveAttribute("aria-current", "page");
    });
  }

  test("skip link is the first tab stop and moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Saltar al contenido" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("states the legal status honestly and links to every section", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    const note = page.getByRole("complementary", { name: "Aviso legal" });
    await expect(note).toContainText("no oficial");
    await expect(note).toContainText("pendiente de ley");
    await expect(page.getByRole("region", { name: "Aviso legal" })).toContainText(
      "La forma SOCIEDAD-IA está pendiente de ley",
    );
    await expect(page.getByRole("region", { name: "Aviso legal" })).toContainText("sandbox");
    for (const href of ["/play", "/verify", "/test-vectors", "/incorporar", "/registro"]) {
      await expect(main.locator(`a[href="${href}"]`).first()).toBeVisible();
    }
  });

  test("shows agents the recommended crawl order", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Para agentes de IA" });
    await expect(section.locator("ol > li code")).toHaveText([
      "GET /.well-known/agents.json",
      "GET /api/discovery?format=openapi",
      "GET /api/packages/incorporate",
      "POST /api/auto-incorporate",
    ]);
  });
});
