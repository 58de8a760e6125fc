import { expect, test } from "@playwright/test";
import { type AppServer, startApp } from "../support/app-server";
import { forgedAddressHeaders, registrySnapshot } from "../support/attack-client";

// Attack: dodging the registry's per-IP limit through the /registro form (a server action, not
// POST /api/registry) by sending forged X-Forwarded-For and X-Real-IP headers with each submission.
// tests/integration/attack-rate-limits.test.ts covers the API endpoints.

test.describe("the self-listing form under its rate limit", () => {
  let app: AppServer;
  test.beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMIT_REGISTRY: "1/1m" } });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test("refuses the second listing from one client whatever address it claims, and lists nothing", async ({ page }) => {
    const submit = async (n: number) => {
      await page.setExtraHTTPHeaders(forgedAddressHeaders(n));
      await page.goto(`${app.url}/registro/nueva`, { waitUntil: "networkidle" });
      await page.getByLabel("Nombre de la sociedad").fill(`Sociedad limitada ${n} ${Date.now()}`);
      await page.getByLabel("Jurisdicción", { exact: true }).last().selectOption("US-WY");
      await page.getByLabel("Nombre del operador").fill("Operadora de Prueba SRL");
      await page.getByLabel("Dirección pública (https)").fill(`https://limit-${n}-${Date.now()}.example`);
      await page.getByLabel("rfc-001-v1").check();
      await page.getByLabel("Declaración en español").fill("Una sociedad de prueba operada por agentes de IA.");
      await page.getByLabel("Declaración en inglés").fill("A test company run by AI agents, for the browser test.");
      await page.getByRole("button", { name: "Listar como borrador" }).click();
    };

    await submit(1);
    await expect(page.getByRole("status").filter({ hasText: "Listada como borrador" })).toBeVisible();
    const before = await registrySnapshot(app.url);

    await submit(2);
    await expect(page.getByText("Hubo demasiados envíos desde tu conexión")).toBeVisible();
    expect(await registrySnapshot(app.url)).toEqual(before);
  });
});
