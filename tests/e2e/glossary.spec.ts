import { expect, test } from "@playwright/test";
import { preparePage, switchLang } from "../support/page-checks";

test.describe("glossary", () => {
  test("a word's link where it first appears leads to its plain explanation, in both languages", async ({ page }) => {
    await page.goto("/verify");
    await page.getByRole("link", { name: "¿Qué es HMAC?" }).click();
    await expect(page).toHaveURL(/\/glosario#hmac$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Glosario");
    const hmac = page.locator("#hmac");
    await expect(hmac).toBeInViewport();
    await expect(hmac).toContainText("clave secreta");
    for (const id of ["checkpoint", "kid", "rfc", "chain"]) await expect(page.locator(`#${id} dd`)).not.toBeEmpty();

    await switchLang(page, "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Glossary");
    await expect(page.locator("#checkpoint")).toContainText("Anyone can check it with the public key");
  });

  test("names each thing once, in both languages: the brand, the directory, a record, the two logs", async ({
    page,
  }) => {
    await page.goto("/glosario");
    const terms = { brand: "sociedades-IA", directory: "Directorio", record: "Ficha", auditLog: "Bitácora" };
    for (const [id, term] of Object.entries(terms)) await expect(page.locator(`#${id} dt`)).toHaveText(term);
    await expect(page.locator("#transparency dt")).toHaveText("Registro de transparencia");
    await switchLang(page, "en");
    const english = { brand: "sociedades-IA", directory: "Directory", record: "Record", auditLog: "Audit log" };
    for (const [id, term] of Object.entries(english)) await expect(page.locator(`#${id} dt`)).toHaveText(term);
    await expect(page.locator("#transparency dt")).toHaveText("Transparency log");
  });

  test("the dashboard and the registry link their words too", async ({ page }) => {
    await preparePage(page, { lang: "es", narrow: true });
    await page.goto("/registro");
    await expect(page.getByRole("link", { name: "¿Qué es RFC-001 a RFC-004?" })).toHaveAttribute(
      "href",
      "/glosario#rfc",
    );
    await expect(page.getByRole("link", { name: "¿Qué es Directorio?" })).toHaveAttribute(
      "href",
      "/glosario#directory",
    );
    await expect(page.getByRole("link", { name: "¿Qué es Ficha?" })).toHaveAttribute("href", "/glosario#record");
    await page.goto("/test-vectors");
    await expect(page.getByRole("link", { name: "¿Qué es kid (identificador de clave)?" })).toHaveAttribute(
      "href",
      "/glosario#kid",
    );
  });
});
