import { expect, type Page, test } from "@playwright/test";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { HOSTILE_TEXT, MARKUP } from "../support/hostile-text";
import { watchConsole } from "../support/page-checks";
import { listingBody } from "../support/registry-client";

// Attack: script and markup in every text field, seen in a real browser. Each payload would open a
// dialog (alert) if it ran; the pages allow inline script (see lib/http/security-headers.ts), so only
// escaping stands in the way. Every page must show the text literally, open no dialog and log no
// error. tests/integration/attack-markup.test.ts checks the raw HTML, files and exports.

/** Collects dialogs (an injected alert) and console errors for the page's whole life. */
function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { dialogs, problems: watchConsole(page) };
}

async function expectNothingRan(
  page: Page,
  watch: ReturnType<typeof watchForScript>,
  options: { notFound?: boolean } = {},
) {
  await page.waitForLoadState("networkidle");
  expect(watch.dialogs).toEqual([]);
  // A not-found page's browser logs its own 404 status; nothing else may appear.
  const problems = options.notFound ? watch.problems.filter((p) => !/status of 404/.test(p)) : watch.problems;
  expect(problems).toEqual([]);
  // No element the payloads would have created exists: they are all text.
  const injected = await page.evaluate(
    () =>
      document.querySelectorAll('img[src="x"]').length +
      [...document.scripts].filter((s) => /^alert\(/.test((s.textContent ?? "").trim())).length,
  );
  expect(injected).toBe(0);
}

const NAME = `${MARKUP.img}${MARKUP.svgBreak}`.slice(0, 120);
const OBJETO = `${HOSTILE_TEXT} Desarrollo de agentes de software autónomos.`;
const shown = (text: string) => text.replace(/\s+/g, " ").trim();

test.describe("markup in text fields, in the browser", () => {
  // One worker runs them all, so the hostile records are written once.
  test.describe.configure({ mode: "default" });
  let sessionId = "";
  let recordId = "";

  test.beforeAll(async ({ request }) => {
    const listed = await request.post("/api/registry", {
      data: listingBody({ name: NAME, type: "demo", operator: MARKUP.formula, disclosure: { es: OBJETO, en: OBJETO } }),
    });
    expect(listed.status()).toBe(201);
    recordId = (await listed.json()).record.id;
    const formed = await request.post("/api/auto-incorporate", {
      data: { ...TYPICAL_INCORPORATION, denominacion: "Marcado En Navegador SOCIEDAD-IA", objeto: OBJETO },
    });
    expect(formed.status()).toBe(200);
    sessionId = (await formed.json()).audit.sessionId;
  });

  test("/registro shows a hostile listing as text", async ({ page }) => {
    const watch = watchForScript(page);
    await page.goto("/registro?type=demo");
    const card = page.locator(`article#${recordId}`);
    await expect(card).toContainText(NAME);
    await expect(card).toContainText(MARKUP.formula);
    await expect(card).toContainText(shown(MARKUP.script));
    await expectNothingRan(page, watch);
  });

  test("/incorporar shows the generated files with the hostile objeto as text", async ({ page }) => {
    const watch = watchForScript(page);
    await page.goto("/incorporar");
    await page.getByLabel("Denominación").fill("Marcado Asistente SOCIEDAD-IA");
    await page.getByLabel("Capital social (en pesos)").fill("2000000");
    await page.getByLabel("Objeto social").fill(OBJETO);
    await page.getByRole("button", { name: "Constituir y generar los archivos" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /^Listo:/ })).toBeVisible();
    const tabs = page.getByRole("tablist", { name: "Archivos" }).getByRole("tab");
    await tabs.nth(1).click(); // lib/agent.ts: the objeto as a JSON string
    await expect(page.getByRole("tabpanel")).toContainText(JSON.stringify(shown(OBJETO)).slice(1, 60));
    await tabs.last().click(); // README.md: the objeto with its markup as entities
    await expect(page.getByRole("tabpanel")).toContainText("&#60;script&#62;alert(2)&#60;/script&#62;");
    await expectNothingRan(page, watch);
  });

  test("/dashboard and /verify show a hostile session without running any of it", async ({ page, request }) => {
    const watch = watchForScript(page);
    await page.goto(`/dashboard/${sessionId}`);
    await expect(page.getByTestId("session-id")).toHaveText(sessionId);
    await expectNothingRan(page, watch);

    // A copy with the hostile entry altered: the verifier shows that entry, markup and all, as text.
    const log = await (await request.get(`/api/play/audit/${sessionId}`)).json();
    log.entries[0].id = MARKUP.img; // a wrong id: the verifier shows this entry as the first bad one
    await page.goto("/verify");
    await page.getByLabel("Bitácora en JSON").fill(JSON.stringify(log));
    await page.getByRole("button", { name: "Verificar en mi navegador" }).click();
    const result = page.getByRole("region", { name: "Resultado en tu navegador" });
    await expect(result).toHaveAttribute("data-verdict", "tampered");
    await expect(result.locator("[data-first-bad]")).toHaveAttribute("data-first-bad", "0");
    await expect(result).toContainText(MARKUP.img);
    await expect(result).toContainText(shown(MARKUP.script));
    await expectNothingRan(page, watch);
  });

  test("an invalid id sent to /dashboard is a 404 that runs nothing, and /verify echoes it as text", async ({
    page,
  }) => {
    const watch = watchForScript(page);
    const dashboard = await page.goto(`/dashboard/${encodeURIComponent(MARKUP.img)}`);
    expect(dashboard?.status()).toBe(404);
    await expect(page.getByRole("main")).toContainText("No hay ninguna sesión con ese identificador");
    await expectNothingRan(page, watch, { notFound: true });
    watch.problems.splice(0); // the 404 page's own messages are accounted for
    await page.goto(`/verify?session=${encodeURIComponent(MARKUP.img)}`);
    await expect(page.getByLabel("Identificador de sesión", { exact: true })).toHaveValue(MARKUP.img);
    await expectNothingRan(page, watch);
  });

  test("/play shows a hostile prompt as the visitor's own text", async ({ page }) => {
    const watch = watchForScript(page);
    await page.goto("/play");
    const prompt = `${MARKUP.img} ${MARKUP.script} Validá el CUIT 20-17254359-7`;
    const box = page.getByLabel("Tu pedido al agente");
    await box.fill(prompt);
    await box.press("Enter");
    await expect(page.locator(".chat-assistant .chat-text")).toContainText("El CUIT 20-17254359-7 es válido");
    await expect(page.getByRole("main")).toContainText(prompt);
    await expectNothingRan(page, watch);
  });
});
