import { expect, type Page, test } from "@playwright/test";
import { expectCleanPage, LANGS, preparePage, switchLang, watchConsole } from "../support/page-checks";

/** The latest checkpoint as any client reads it: the note and the size on its second line. */
/**
 * The checkpoint the page was rendered with: its size bounds the page's checks. Other workers
 * append to the same log meanwhile, so a checkpoint fetched apart from the page may be newer.
 */
async function shown(page: Page): Promise<{ size: number }> {
  return { size: Number(await page.locator("[data-log-size]").textContent()) };
}

/** The log's latest checkpoint as the API serves it now. */
async function latest(page: Page): Promise<{ note: string; size: number }> {
  const response = await page.request.get("/log/checkpoint");
  expect(response.ok()).toBe(true);
  const note = await response.text();
  return { note, size: Number(note.split("\n")[1]) };
}

async function runCheck(
  page: Page,
  from: string,
  to: string,
  labels = { from: "Tamaño anterior", to: "Tamaño posterior", submit: "Comprobar en mi navegador" },
) {
  await page.getByLabel(labels.from, { exact: true }).fill(from);
  await page.getByLabel(labels.to, { exact: true }).fill(to);
  await page.getByRole("button", { name: labels.submit }).click();
}

/** Counts the requests the page sends to the consistency endpoint. */
function countConsistencyRequests(page: Page): { n: number } {
  const seen = { n: 0 };
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/log/consistency") seen.n++;
  });
  return seen;
}

test.describe("log page", () => {
  test("shows the log's origin, size, latest checkpoint and recent leaves by kind, from the navigation", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Transparencia" }).click();
    await expect(page).toHaveURL(/\/log$/);
    await expect(page).toHaveTitle("Registro de transparencia · sociedades-IA");
    const { size } = await shown(page);
    const note =
      (await page.locator("figure:has(figcaption:text('Texto del último checkpoint')) pre").textContent()) ?? "";
    // The page shows a signed checkpoint of its size; the log only grows after it.
    // A log configured with no name is named after its key (lib/config/secrets.ts).
    const origin = note.split("\n")[0] as string;
    expect(origin).toMatch(/^sociedades-ia\.localhost\/log\/[0-9a-f]{16}$/);
    expect(Number(note.split("\n")[1])).toBe(size);
    expect((await latest(page)).size).toBeGreaterThanOrEqual(size);
    await expect(page.getByText(origin, { exact: true })).toBeVisible();

    // Audit entries are leaves, listed by kind and ids, each linked to its session's verification.
    // Other tests write leaves too, in any order: the newest ones are whatever they wrote last.
    const auditRows = page.locator("tr[data-leaf-kind='audit.entry']");
    await expect(auditRows.first()).toContainText("Entrada de auditoría");
    const link = auditRows.first().getByRole("link").first();
    await expect(link).toHaveAttribute("href", `/verify?session=${await link.textContent()}`);
    // Each kind's count is the number of its rows on the page.
    for (const kind of ["audit.entry", "registry.record", "key.event"]) {
      const rows = await page.locator(`tr[data-leaf-kind='${kind}']`).count();
      if (rows > 0) await expect(page.locator(`[data-kind-count='${kind}'] dd`)).toHaveText(String(rows));
    }
    // Ids only: an audit entry's leaf holds its entry hash, which is not shown.
    for (const row of await auditRows.all()) await expect(row).not.toContainText("sha256:");
  });

  test("proves in the browser that an earlier size is a prefix of a later one", async ({ page }) => {
    await page.goto("/log");
    const { size } = await shown(page);
    await runCheck(page, "2", String(size));
    const result = page.locator("[data-consistency]");
    await expect(result).toHaveAttribute("data-consistency", "consistent");
    await expect(result.locator(".pill")).toHaveText("CONSISTENTE");
    await expect(result).toContainText(`El árbol de tamaño 2 es un prefijo del árbol de tamaño ${size}`);
    // The latest signed checkpoint backs both sizes: the one shown, or a later one when other tests'
    // writes grew the log meanwhile (it is the whole service's log, shared with every other test).
    const backing = (await result.textContent())?.match(/Checkpoint firmado que las respalda(\d+)/);
    expect(Number(backing?.[1])).toBeGreaterThanOrEqual(size);

    // Two sizes below the latest are tied to the signed checkpoint by a second proof.
    await runCheck(page, "1", String(size - 1));
    await expect(result).toHaveAttribute("data-consistency", "consistent");
    await expect(result).toContainText(`El árbol de tamaño 1 es un prefijo del árbol de tamaño ${size - 1}`);
  });

  test("names a bad size next to its field and fetches nothing", async ({ page }) => {
    await page.goto("/log");
    const { size } = await shown(page);
    const requests = countConsistencyRequests(page);
    const from = page.getByLabel("Tamaño anterior", { exact: true });
    const to = page.getByLabel("Tamaño posterior", { exact: true });
    // Nothing is flagged before the visitor asks.
    await expect(page.locator(".field-error")).toHaveCount(0);

    await runCheck(page, "0", String(size + 1));
    await expect(from).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Tiene que ser 1 o más")).toBeVisible();
    await expect(to).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(`El árbol tiene ${size} hojas: elegí un tamaño de hasta ${size}.`)).toBeVisible();

    await runCheck(page, "3,5", "");
    await expect(page.getByText("Tiene que ser un número entero, sin puntos ni comas.")).toBeVisible();
    await expect(page.getByText("Escribí el tamaño posterior")).toBeVisible();

    await runCheck(page, "4", "2");
    await expect(from).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("El tamaño posterior no puede ser menor que el anterior.")).toBeVisible();

    await expect(page.locator("[data-consistency]")).toHaveCount(0);
    expect(requests.n).toBe(0);
  });

  test("calls a forged proof from the server inconsistent, with the reason", async ({ page }) => {
    await page.goto("/log");
    const { size } = await shown(page);
    // The server lies about one hash of the proof: the browser must not take its word.
    await page.route("**/log/consistency?*", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { hashes: string[] };
      const first = Buffer.from(body.hashes[0] as string, "base64");
      first[0] = (first[0] as number) ^ 1;
      body.hashes[0] = first.toString("base64");
      await route.fulfill({ response, json: body });
    });
    await runCheck(page, "3", String(size));
    const result = page.locator("[data-consistency]");
    await expect(result).toHaveAttribute("data-consistency", "inconsistent");
    await expect(result.locator(".pill")).toHaveText("INCONSISTENTE");
    await expect(result).toContainText("La prueba no verifica");
    await expect(result.locator("[lang=en]")).toContainText("the consistency proof does not give");
  });

  test("a server error is said in words with a retry", async ({ page }) => {
    await page.goto("/log");
    const { size } = await shown(page);
    let fail = true;
    await page.route("**/log/consistency?*", async (route) => {
      if (!fail) return route.continue();
      await route.fulfill({
        status: 503,
        contentType: "application/problem+json",
        json: { status: 503, code: "store_unavailable", detail: "The store is not answering." },
      });
    });
    await runCheck(page, "2", String(size));
    const alert = page.getByRole("region", { name: "Comprobar la consistencia entre dos tamaños" }).getByRole("alert");
    await expect(alert).toContainText("El servidor respondió con un error (HTTP 503).");
    fail = false;
    await alert.getByRole("button", { name: "Reintentar" }).click();
    await expect(page.locator("[data-consistency]")).toHaveAttribute("data-consistency", "consistent");
  });

  test("reads in English through the site's toggle, and checks there too", async ({ page }) => {
    await page.goto("/log");
    await switchLang(page, "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transparency log");
    const { size } = await shown(page);
    await runCheck(page, "1", String(size), { from: "Earlier size", to: "Later size", submit: "Check in my browser" });
    const result = page.locator("[data-consistency]");
    await expect(result.locator(".pill")).toHaveText("CONSISTENT");
    await expect(result).toContainText(`The tree of size 1 is a prefix of the tree of size ${size}`);
  });

  for (const lang of LANGS) {
    test(`with a result shown: no serious accessibility violations, console errors or overflow at 375 px (${lang})`, async ({
      page,
    }) => {
      await preparePage(page, { lang, narrow: true });
      const problems = watchConsole(page);
      await page.goto("/log");
      await page.locator("form.log-sizes button[type=submit]").click();
      await expect(page.locator("[data-consistency]")).toHaveAttribute("data-consistency", "consistent");
      await expectCleanPage(page, problems);
    });
  }
});
