import { expect, test } from "@playwright/test";
import { E2E_SESSIONS } from "../support/e2e-sessions";
import { expectOneWordPerThing } from "../support/one-word-per-thing";
import { LANGS, preparePage } from "../support/page-checks";

// Each thing has one name on every page: the brand (sociedades-IA), the directory, a record, a
// session's audit log and the transparency log. The incorporation result and a record after its
// certification are checked where record-page.spec.ts and incorporar.spec.ts reach them.

const PAGES = [
  "/",
  "/play",
  "/incorporar",
  "/registro",
  "/registro/demo-estudio-contable-autonomo",
  "/registro/nueva",
  "/verify",
  `/verify?session=${E2E_SESSIONS.clean}`,
  `/dashboard/${E2E_SESSIONS.clean}`,
  "/test-vectors",
  "/log",
  "/glosario",
];

for (const lang of LANGS) {
  test(`every page gives each thing its one name (${lang})`, async ({ page }) => {
    await preparePage(page, { lang });
    for (const url of PAGES) {
      await page.goto(url);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page).toHaveTitle(/sociedades-IA$/);
      await expectOneWordPerThing(page, lang);
    }
  });
}

test("the badge names the audit log in the page's language", async ({ page }) => {
  const es = await (await page.request.get(`/api/badge/${E2E_SESSIONS.clean}?lang=es`)).text();
  expect(es).toContain(">bitácora<");
  expect(es).not.toMatch(/registro/i);
  const en = await (await page.request.get(`/api/badge/${E2E_SESSIONS.clean}`)).text();
  expect(en).toContain(">audit log<");
});
