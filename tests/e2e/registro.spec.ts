import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectLang, expectNoSevereAxeViolations, switchLang, watchConsole } from "../support/page-checks";

const HEADING = { es: "Directorio de sociedades-IA", en: "Directory of sociedades-IA" } as const;

const cards = (page: Page) => page.locator(".registry-list > li");

/** Every public URL the registry lists, page by page: other tests may list records meanwhile. */
async function listedUrls(request: APIRequestContext): Promise<string[]> {
  const urls: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await request.get(
      `/api/registry?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(response.status()).toBe(200);
    const page = (await response.json()) as { records: { publicUrl: string }[]; nextCursor: string | null };
    urls.push(...page.records.map((r) => r.publicUrl));
    cursor = page.nextCursor;
  } while (cursor);
  return urls;
}

async function fillListing(page: Page, values: { name: string; jurisdiction: string; cuit: string; url: string }) {
  await page.getByLabel("Nombre de la sociedad").fill(values.name);
  await page.getByLabel("Jurisdicción", { exact: true }).last().selectOption(values.jurisdiction);
  await page.getByLabel("Nombre del operador").fill("Operadora de Prueba SRL");
  await page.getByLabel("CUIT del operador").fill(values.cuit);
  await page.getByLabel("Dirección pública (https)").fill(values.url);
  await page.getByLabel("rfc-001-v1").check();
  await page.getByLabel("Declaración en español").fill("Una sociedad de prueba operada por agentes de IA.");
  await page.getByLabel("Declaración en inglés").fill("A test company run by AI agents, for the browser test.");
}

test.describe("/registro", () => {
  test("lists the seed records with status and good standing at a glance, in Spanish by default", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/registro", { waitUntil: "networkidle" });
    await expectLang(page, "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING.es);
    await expect(page).toHaveTitle(/^Directorio · /);
    const reference = page.locator("article#sociedades-ia-referencia");
    // Live from the start but never certified: labelled for what it is, never "Al día".
    await expect(reference.locator(".pill")).toHaveText(["Referencia", "Sin verificar"]);
    await expect(reference).toContainText("todavía no pasó por el certificador");
    // Nor does it claim a date since which it is live; an empty fact is left out, never a dash.
    await expect(reference.locator("dt", { hasText: "Activa desde" })).toHaveCount(0);
    await expect(page.locator(".registry-facts dd", { hasText: /^—$/ })).toHaveCount(0);
    await expect(reference).toContainText("Este servicio es la implementación de referencia");
    const demo = page.locator("article#demo-estudio-contable-autonomo");
    await expect(demo.locator(".pill")).toHaveText(["Borrador", "Sin verificar"]);
    await expect(demo.getByRole("link", { name: /Sitio público/ })).toHaveAttribute(
      "href",
      "https://estudio-contable.example",
    );
    expect(problems).toEqual([]);
  });

  test("filters live in the URL and combine", async ({ page }) => {
    await page.goto("/registro");
    await page.getByLabel("Estado").selectOption("live");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/[?&]status=live(&|$)/);
    await expect(page.getByLabel("Estado")).toHaveValue("live");
    const statuses = await cards(page).evaluateAll((items) =>
      items.map((li) => li.querySelector(".pill")?.textContent),
    );
    // A live record shows "Activa" once certified; the uncertified reference record says so.
    expect(statuses.length).toBeGreaterThan(0);
    for (const status of statuses) expect(["Activa", "Referencia"]).toContain(status);
    await expect(page.locator("article#demo-estudio-contable-autonomo")).toHaveCount(0);

    await page.goto("/registro?jurisdiction=US-WY&type=demo");
    await expect(page.getByLabel("Jurisdicción", { exact: true }).first()).toHaveValue("US-WY");
    await expect(cards(page)).toHaveCount(1);
    await expect(page.locator("article#demo-dao-wyoming")).toBeVisible();

    await page.getByRole("link", { name: "Quitar filtros" }).click();
    await expect(page).toHaveURL(/\/registro$/);
    expect(await cards(page).count()).toBeGreaterThanOrEqual(4);
  });

  test("searches by name as the API does, and orders the list", async ({ page }) => {
    await page.goto("/registro");
    await page.getByLabel("Buscar por nombre").fill("estudio contable autonomo");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/[?&]q=estudio\+contable\+autonomo(&|$)/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.locator("article#demo-estudio-contable-autonomo")).toBeVisible();
    await expect(page.getByLabel("Buscar por nombre")).toHaveValue("estudio contable autonomo");

    await page.goto("/registro?type=demo&sort=name");
    await expect(page.getByLabel("Orden")).toHaveValue("name");
    const names = await cards(page).locator("h3").allTextContents();
    // Other specs may list demo companies too: the order holds whatever the list holds.
    const collator = new Intl.Collator("es", { sensitivity: "base", numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
    expect(names).toEqual(
      expect.arrayContaining(["Autonomous Logistics DAO LLC (demo)", "Estudio Contable Autónomo (demostración)"]),
    );
    // The listing form has a page of its own, one link away.
    await page.getByRole("link", { name: "Listar una sociedad" }).click();
    await expect(page).toHaveURL(/\/registro\/nueva$/);
    await expect(page.getByLabel("CUIT del operador")).toHaveAttribute("placeholder", "30-12345678-1");
  });

  test("names and ignores a bad filter in a shared link", async ({ page }) => {
    await page.goto("/registro?status=borrado");
    await expect(page.getByRole("status").filter({ hasText: "no es válido" })).toContainText("status=borrado");
    expect(await cards(page).count()).toBeGreaterThanOrEqual(4);
  });

  test("language toggle keeps the filters and shows disclosures in English", async ({ page }) => {
    await page.goto("/registro?status=live");
    await switchLang(page, "en");
    await expect(page).toHaveURL(/\/registro\?status=live$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING.en);
    const reference = page.locator("article#sociedades-ia-referencia");
    await expect(reference.locator(".pill")).toHaveText(["Reference", "Unverified"]);
    await expect(reference).toContainText("This service is the open-source reference implementation");
    await expect(page.getByLabel("Status")).toHaveValue("live");
  });

  test("keeps the chosen type and jurisdiction, not only the typed text, when a listing is refused", async ({
    page,
  }) => {
    await page.goto("/registro/nueva", { waitUntil: "networkidle" });
    const url = `https://elecciones-${Date.now()}.example`;
    await fillListing(page, { name: "Sociedad con elecciones", jurisdiction: "EE", cuit: "30-71234567-2", url });
    await page.getByLabel("Tipo", { exact: true }).last().selectOption("demo");
    await page.getByRole("button", { name: "Listar como borrador" }).click();

    await expect(page.locator("#listing-cuit-error")).toBeVisible();
    await expect(page.getByLabel("Tipo", { exact: true }).last()).toHaveValue("demo");
    await expect(page.getByLabel("Jurisdicción", { exact: true }).last()).toHaveValue("EE");
    await expect(page.getByLabel("Nombre de la sociedad")).toHaveValue("Sociedad con elecciones");
  });

  test("self-listing with a bad CUIT shows the finding next to the field and lists nothing", async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    await page.goto("/registro/nueva", { waitUntil: "networkidle" });
    const url = `https://cuit-malo-${Date.now()}.example`;
    await fillListing(page, { name: "Sociedad con CUIT malo", jurisdiction: "AR", cuit: "30-71234567-2", url });
    await page.getByRole("button", { name: "Listar como borrador" }).click();

    const cuit = page.getByLabel("CUIT del operador");
    await expect(cuit).toHaveAttribute("aria-invalid", "true");
    const error = page.locator("#listing-cuit-error");
    await expect(error).toHaveText("El dígito verificador no coincide: revisá el número de CUIT.");
    await expect(cuit).toHaveAttribute("aria-describedby", /listing-cuit-error/);
    const summary = page.getByRole("alert");
    await expect(summary.getByRole("link", { name: "CUIT del operador" })).toHaveAttribute("href", "#listing-cuit");
    // What the visitor typed is kept, so only the CUIT needs fixing.
    await expect(cuit).toHaveValue("30-71234567-2");
    await expect(page.getByLabel("Dirección pública (https)")).toHaveValue(url);
    await expect(page.getByLabel("Nombre de la sociedad")).not.toHaveAttribute("aria-invalid", "true");

    await expectNoSevereAxeViolations(page);
    await page.goto("/registro");
    await expect(page.locator(`a[href="${url}"]`)).toHaveCount(0);
    expect(await listedUrls(request)).not.toContain(url);
    expect(problems).toEqual([]);
  });

  test("self-listing shows the owner token once and the draft appears in the registry", async ({ page }) => {
    await page.goto("/registro/nueva", { waitUntil: "networkidle" });
    const name = `Sociedad de prueba ${Date.now()}`;
    // Outside AR no CUIT is needed, so repeated runs never collide on one.
    await fillListing(page, { name, jurisdiction: "US-WY", cuit: "", url: `https://ok-${Date.now()}.example/path` });
    await page.getByRole("button", { name: "Listar como borrador" }).click();
    const created = page.getByRole("status").filter({ hasText: "Listada como borrador" });
    await expect(created).toBeVisible();
    await expect(created.locator(".registry-token")).toHaveText(/^sia_own_[A-Za-z0-9_-]{43}$/);
    // What to publish so the certifier knows the site is the lister's, then how to ask for it.
    await expect(created.locator("pre").first()).toContainText(/"registryId": "[a-z0-9-]+"/);
    await expect(created.locator("pre").last()).toContainText("/certify");
    await expect(page.getByLabel("Nombre de la sociedad")).toHaveValue("");
    // New records go to the end of the list, pages away once the registry grows: the link shows the
    // record itself wherever it sits.
    await created.getByRole("link", { name: "Abrir la ficha creada" }).click();
    await expect(page).toHaveURL(/\/registro\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.locator(".registry-card .pill")).toHaveText(["Borrador", "Sin verificar"]);
    await expectNoSevereAxeViolations(page);
    await page.getByRole("link", { name: "Volver al directorio" }).click();
    await expect(page).toHaveURL(/\/registro$/);
  });

  test("a link to one record that does not exist says so, whatever the id holds", async ({ page }) => {
    const problems = watchConsole(page);
    for (const id of ["no-existe-esta-sociedad", "../api/health", "<b>x</b>"]) {
      await page.goto(`/registro/${encodeURIComponent(id)}`);
      await expect(page.getByRole("status").filter({ hasText: "Ninguna sociedad del directorio" })).toContainText(id);
      await expect(cards(page)).toHaveCount(0);
      await expect(page.locator(".registry-warn b")).toHaveCount(0);
    }
    await expectNoSevereAxeViolations(page);
    expect(problems).toEqual([]);
  });
  // The page as it loads, in both languages and schemes, is every-page.spec.ts's.
});
