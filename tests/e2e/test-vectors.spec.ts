import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectCleanPage, expectNoSevereAxeViolations, LANGS, preparePage, watchConsole } from "../support/page-checks";

const vectors = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "../../public/test-vectors/audit-v1.json"), "utf8"),
) as { canonical: unknown[]; entries: unknown[]; negative: { name: string }[] };

// One mark per canonical case, three per entry (signed form, HMAC, link), the chain, the checkpoint,
// and one per negative case: counted from the published file, not written down.
const EXPECTED_CHECKS = vectors.canonical.length + 3 * vectors.entries.length + 2 + vectors.negative.length;

const HEADING = { es: "Vectores de prueba del registro de auditoría", en: "Audit log test vectors" } as const;

async function waitForChecks(page: Page) {
  await expect(page.locator("[data-summary]")).toBeVisible({ timeout: 15_000 });
}

test.describe("test vectors page", () => {
  test("recomputes every vector in the browser and marks each one as passing", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/test-vectors");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING.es);
    await waitForChecks(page);

    const marks = page.locator("[data-check]");
    await expect(marks).toHaveCount(EXPECTED_CHECKS);
    await expect(page.locator('[data-check][data-state="pass"]')).toHaveCount(EXPECTED_CHECKS);
    await expect(page.locator("[data-summary]")).toHaveAttribute("data-summary", "pass");
    await expect(page.getByRole("status").first()).toContainText(
      `Las ${EXPECTED_CHECKS} comprobaciones dan el resultado esperado`,
    );
    // A negative case passes by being rejected exactly as its expectation says.
    for (const n of vectors.negative) {
      await expect(page.locator(`[data-check="negative-${n.name}"]`)).toHaveText("Rechazado, como se espera");
    }
    expect(problems).toEqual([]);
  });

  test("links to the raw vectors, which are the file the page checks", async ({ page, request }) => {
    await page.goto("/test-vectors");
    const raw = page.getByRole("link", { name: /audit-v1\.json/ });
    await expect(raw).toHaveAttribute("href", "/test-vectors/audit-v1.json");
    const response = await request.get("/test-vectors/audit-v1.json");
    expect(response.ok()).toBe(true);
    expect(await response.json()).toEqual(vectors);
    await expect(page.getByRole("link", { name: /jwks\.json/ })).toHaveAttribute("href", "/.well-known/jwks.json");
    await expect(page.getByText("docs/audit-log.md")).toBeVisible();
  });

  test("has the page's name as tab title and is in the navigation", async ({ page }) => {
    await page.goto("/test-vectors");
    await expect(page).toHaveTitle("Vectores de prueba · Registro Sociedades-IA");
    await expect(
      page.getByRole("navigation", { name: "Principal" }).locator('a[href="/test-vectors"]'),
    ).toHaveAttribute("aria-current", "page");
  });

  for (const lang of LANGS) {
    test(`no serious accessibility violations, console errors or overflow at 375 px (${lang})`, async ({ page }) => {
      await preparePage(page, { lang, narrow: true });
      const problems = watchConsole(page);
      await page.goto("/test-vectors");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING[lang]);
      await waitForChecks(page);
      await expectCleanPage(page, problems);
    });
  }

  test("no serious accessibility violations in the dark scheme", async ({ page }) => {
    await preparePage(page, { colorScheme: "dark" });
    await page.goto("/test-vectors");
    await waitForChecks(page);
    await expectNoSevereAxeViolations(page);
  });
});
