import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { watchConsole } from "../support/page-checks";

const vectors = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "../../public/test-vectors/audit-v1.json"), "utf8"),
) as { canonical: unknown[]; entries: unknown[]; negative: { name: string }[] };

// One mark per canonical case, three per entry (signed form, HMAC, link), the chain, the checkpoint,
// and one per negative case: counted from the published file, not written down.
const EXPECTED_CHECKS = vectors.canonical.length + 3 * vectors.entries.length + 2 + vectors.negative.length;

const HEADING = "Vectores de prueba de la bitácora";

async function waitForChecks(page: Page) {
  await expect(page.locator("[data-summary]")).toBeVisible({ timeout: 15_000 });
}

test.describe("test vectors page", () => {
  test("recomputes every vector in the browser and marks each one as passing", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/test-vectors");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING);
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
    await expect(page).toHaveTitle("Vectores de prueba · sociedades-IA");
    await expect(
      page.getByRole("navigation", { name: "Principal" }).locator('a[href="/test-vectors"]'),
    ).toHaveAttribute("aria-current", "page");
  });
  // The checked page's quality (axe in both schemes, console, overflow at 375 px, both languages)
  // is every-page.spec.ts's.
});
