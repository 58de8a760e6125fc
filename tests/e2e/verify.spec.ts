import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { alterCopyAndVerify, tamperDemo } from "../support/audit-ui";
import { CLEAN_SESSION_EVENTS, E2E_SESSIONS, TWO_PAGES_ENTRIES } from "../support/e2e-sessions";
import {
  expectCleanPage,
  expectLang,
  expectNoSevereAxeViolations,
  LANGS,
  preparePage,
  watchConsole,
} from "../support/page-checks";

type ExportedLog = {
  sessionId: string;
  entries: Record<string, unknown>[];
  checkpoint: string;
  transparency?: { index: number; leafHash: string; checkpoint: string; inclusion: { size: number; hashes: string[] } };
};

/** The clean seeded session exactly as a visitor would export it from the audit endpoint. */
async function exportLog(request: APIRequestContext): Promise<ExportedLog> {
  const response = await request.get(`/api/play/audit/${E2E_SESSIONS.clean}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ExportedLog;
}

async function pasteAndVerify(page: Page, text: string) {
  await page.getByLabel("Bitácora en JSON").fill(text);
  await page.getByRole("button", { name: "Verificar en mi navegador" }).click();
}

const browserResult = (page: Page) => page.getByRole("region", { name: "Resultado en tu navegador" });

test.describe("verify page: by session id (server report)", () => {
  test("verifies a session by id and shows the counts", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/verify");
    await expect(page).toHaveTitle("Verificar · sociedades-IA");
    // Nothing is flagged before the visitor has typed anything.
    await expect(page.locator(".field-error")).toHaveCount(0);

    await page.getByLabel("Identificador de sesión", { exact: true }).fill(E2E_SESSIONS.clean);
    await page.getByRole("button", { name: "Verificar", exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/verify\\?session=${E2E_SESSIONS.clean}$`));
    const report = page.getByRole("region", { name: `Informe de la sesión ${E2E_SESSIONS.clean}` });
    await expect(report.locator(".pill")).toHaveText("VERIFICADO");
    const n = CLEAN_SESSION_EVENTS.length;
    await expect(report).toContainText(`Las ${n} entradas verifican`);
    await expect(report.locator("dl")).toContainText(`Entradas${n}`);
    await expect(report.locator("dl")).toContainText(`Adulteradas0`);
    await expect(report.getByRole("link", { name: "Abrir el panel de la sesión" })).toHaveAttribute(
      "href",
      `/dashboard/${E2E_SESSIONS.clean}`,
    );
    expect(problems).toEqual([]);
  });

  test("explains an invalid session id next to its field", async ({ page }) => {
    await page.goto("/verify?session=no%20vale!");
    const input = page.getByLabel("Identificador de sesión", { exact: true });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#session-id-error")).toContainText("no es un identificador de sesión válido");
    await expect(input).toHaveAttribute("aria-describedby", /session-id-error/);
  });

  test("explains an unknown session instead of failing", async ({ page }) => {
    await page.goto(`/verify?session=${E2E_SESSIONS.unknown}`);
    const report = page.getByRole("region", { name: `Informe de la sesión ${E2E_SESSIONS.unknown}` });
    await expect(report.locator(".pill")).toHaveText("SIN ENTRADAS");
    await expect(report).toContainText("Esta sesión no tiene entradas");
  });
});

test.describe("verify page: pasted log (checked in the browser)", () => {
  test("a clean exported log is verified, with a valid checkpoint", async ({ page, request }) => {
    const log = await exportLog(request);
    await page.goto("/verify");
    await pasteAndVerify(page, JSON.stringify(log, null, 2));

    const result = browserResult(page);
    await expect(result).toHaveAttribute("data-verdict", "verified");
    await expect(result.locator(".verdict .pill")).toHaveText("VERIFICADO");
    // The result names the session it verified.
    await expect(result.locator("[data-session-id]")).toHaveText(log.sessionId);
    await expect(result.getByText("Sesión", { exact: true })).toBeVisible();
    await expect(result).toContainText(`las ${log.entries.length} entradas están bien encadenadas`);
    await expect(result.locator("[data-checkpoint]")).toHaveText("Firma válida; coincide con las entradas");
    await expect(result.locator("[data-first-bad]")).toHaveCount(0);
  });

  for (const edited of [0, 1]) {
    test(`a log with entry ${edited} edited names that entry, and never calls its checkpoint valid`, async ({
      page,
      request,
    }) => {
      const log = await exportLog(request);
      expect(log.entries.length).toBeGreaterThan(edited + 1);
      (log.entries[edited] as { output: unknown }).output = { valido: false };
      await page.goto("/verify");
      await pasteAndVerify(page, JSON.stringify(log));

      const result = browserResult(page);
      await expect(result).toHaveAttribute("data-verdict", "tampered");
      await expect(result.locator(".verdict .pill")).toHaveText("ADULTERADO");
      // Without the HMAC key the edit shows where the next entry no longer links to it; that next
      // entry is still linked itself, so the changed one is the entry before it.
      const firstBad = result.locator("[data-first-bad]");
      await expect(firstBad).toHaveAttribute("data-first-bad", String(edited));
      await expect(firstBad.getByRole("heading")).toHaveText(`Entrada ${edited}: alterada`);
      await expect(firstBad).toContainText(`la entrada ${edited + 1}, que sigue intacta, enlaza otra versión`);
      await expect(firstBad.locator("pre")).toContainText('"valido": false');
      await expect(result.locator(".problem-list")).toContainText("chain_broken");
      // The checkpoint signs the last entry only: on a failing log it is not "valid".
      await expect(result.locator("[data-checkpoint]")).toHaveText("Firma válida, pero la bitácora no verifica");
      await expect(result.locator("[data-checkpoint-problem]")).toContainText("una entrada anterior cambió");
      await expect(result).not.toContainText("coincide con las entradas");
      await expectNoSevereAxeViolations(page);
    });
  }

  test("a log with its last entry edited fails on the signed checkpoint", async ({ page, request }) => {
    const log = await exportLog(request);
    const last = log.entries[log.entries.length - 1] as { outcome: string };
    last.outcome = "rejected";
    await page.goto("/verify");
    await pasteAndVerify(page, JSON.stringify(log));

    const result = browserResult(page);
    await expect(result).toHaveAttribute("data-verdict", "tampered");
    await expect(result.locator("[data-checkpoint]")).toHaveText("No coincide con las entradas");
    await expect(result.locator("[data-checkpoint-problem]")).toContainText("fue alterada la última entrada");
  });

  test("a log without its checkpoint is not called verified, and says why", async ({ page, request }) => {
    const { checkpoint: _dropped, ...log } = await exportLog(request);
    await page.goto("/verify");
    await pasteAndVerify(page, JSON.stringify(log));

    const result = browserResult(page);
    await expect(result).toHaveAttribute("data-verdict", "unattested");
    await expect(result.locator(".verdict .pill")).toHaveText("SIN CHECKPOINT");
    await expect(result).toContainText("nada firmado por el servicio la respalda");
    await expect(result.locator("[data-checkpoint]")).toHaveText("No incluido");
  });

  test("says what is wrong with text that is not a log, only after the visitor asks", async ({ page }) => {
    await page.goto("/verify");
    const field = page.getByLabel("Bitácora en JSON");
    await field.fill("{ no es json");
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Verificar en mi navegador" }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("El texto no es JSON válido")).toBeVisible();

    await field.fill('{"sessionId": "x"}');
    await page.getByRole("button", { name: "Verificar en mi navegador" }).click();
    await expect(page.getByText("falta la lista «entries»")).toBeVisible();

    // A member written twice would read one way here and another elsewhere: no verdict.
    await field.fill('{"sessionId": "x", "entries": [], "entries": [1]}');
    await page.getByRole("button", { name: "Verificar en mi navegador" }).click();
    await expect(page.getByText("El texto repite el campo «entries» dentro de un mismo objeto")).toBeVisible();
    await expect(page.getByRole("region", { name: "Resultado en tu navegador" })).toHaveCount(0);
  });

  test("says where pasted text stops being JSON in the page's language, the browser's English message apart and marked", async ({
    page,
  }) => {
    await page.goto("/verify");
    await pasteAndVerify(page, "{ no es json");
    const error = page.locator(".field-error");
    await expect(error).toContainText(
      "El texto no es JSON válido: hay un error en la línea 1, columna 3. Copiá la respuesta completa del endpoint",
    );
    // The parser's own message (English in every browser) is labelled and marked, not mixed into the sentence.
    const english = error.locator("span[lang=en]");
    await expect(english).toHaveCount(1);
    await expect(english).toContainText("JSON");
    await expect(error).toContainText("Mensaje del navegador (en inglés):");
    const sentence = await error.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const marked of copy.querySelectorAll("[lang=en]")) marked.remove();
      return copy.textContent ?? "";
    });
    expect(sentence).not.toMatch(/Unexpected|Expected|position/);

    await pasteAndVerify(page, '{"sessionId": "x", "entries": [');
    await expect(error).toContainText("El texto no es JSON válido: se corta antes de cerrar todo lo que abre.");
  });

  test("in English, says where pasted text stops being JSON", async ({ page }) => {
    await preparePage(page, { lang: "en" });
    await page.goto("/verify");
    await page.getByLabel("Audit log as JSON").fill("{ no es json");
    await page.getByRole("button", { name: "Verify in my browser" }).click();
    const error = page.locator(".field-error");
    await expect(error).toContainText("The text is not valid JSON: there is an error at line 1, column 3.");
    await expect(error).toContainText("The browser's message:");
  });

  test("loads a session verified by id and checks it in the browser too", async ({ page }) => {
    await page.goto(`/verify?session=${E2E_SESSIONS.clean}`);
    await page.getByRole("button", { name: `Cargar la bitácora de la sesión ${E2E_SESSIONS.clean}` }).click();
    await expect(browserResult(page)).toHaveAttribute("data-verdict", "verified");
    await expect(page.getByLabel("Bitácora en JSON")).toHaveValue(new RegExp(E2E_SESSIONS.clean));
  });

  test("loads every page of a session longer than one page, and verifies it", async ({ page }) => {
    await page.goto(`/verify?session=${E2E_SESSIONS.twoPages}`);
    await page.getByRole("button", { name: `Cargar la bitácora de la sesión ${E2E_SESSIONS.twoPages}` }).click();
    await expect(browserResult(page)).toHaveAttribute("data-verdict", "verified");
    const loaded = JSON.parse(await page.getByLabel("Bitácora en JSON").inputValue()) as { entries: { seq: number }[] };
    expect(loaded.entries.map((e) => e.seq)).toEqual(Array.from({ length: TWO_PAGES_ENTRIES }, (_, i) => i));
  });

  test("counts one entry, or none, in words that fit", async ({ page, request }) => {
    const log = await exportLog(request);
    await page.goto("/verify");
    await pasteAndVerify(page, JSON.stringify({ ...log, entries: log.entries.slice(0, 1), checkpoint: null }));
    await expect(browserResult(page)).toContainText(
      "La única entrada está bien encadenada, pero la bitácora no trae checkpoint",
    );
    await pasteAndVerify(page, JSON.stringify({ ...log, entries: [], checkpoint: null }));
    await expect(browserResult(page)).toContainText("La bitácora no tiene entradas ni checkpoint");
    await expect(browserResult(page)).not.toContainText(/\b[01] entradas/);
  });

  test("an uploaded file is verified like pasted text", async ({ page, request }) => {
    const log = await exportLog(request);
    await page.goto("/verify");
    await page.getByLabel("O elegí un archivo .json…").setInputFiles({
      name: "audit.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(log)),
    });
    await expect(browserResult(page)).toHaveAttribute("data-verdict", "verified");
  });
});

test.describe("verify page: tamper demonstration", () => {
  test("shows the original VERIFIED next to the altered copy TAMPERED, with the reason", async ({ page }) => {
    await page.goto("/verify");
    const demo = tamperDemo(page);
    await expect(demo.getByLabel("El ejemplo integrado (3 entradas firmadas)")).toBeChecked();

    const { altered } = await alterCopyAndVerify(demo);
    await expect(altered).toContainText("La verificación falla en la entrada 0:");
    await expect(altered).toContainText("Su firma HMAC no coincide con su contenido");
    await expect(altered).toContainText("Campos cambiados: output.");
  });

  test("alters a copy of a given session with the chosen mutation", async ({ page }) => {
    await page.goto("/verify");
    const demo = tamperDemo(page);
    await demo.getByLabel("Una sesión").check();
    await demo.getByLabel("Identificador de la sesión a copiar").fill(E2E_SESSIONS.clean);
    await demo.getByLabel("Alteración").selectOption("delete-entry");
    await demo.getByLabel("Entrada que se altera (número de secuencia)").fill("1");

    const { result, altered } = await alterCopyAndVerify(demo);
    await expect(result).toContainText(`Copia de la sesión ${E2E_SESSIONS.clean}.`);
    await expect(altered).toContainText("Esta entrada fue borrada de la copia.");
    await expect(altered).toContainText("Su número de secuencia no corresponde a su posición");
  });

  test("asks for the session id only after the visitor tries to run it", async ({ page }) => {
    await page.goto("/verify");
    const demo = tamperDemo(page);
    await demo.getByLabel("Una sesión").check();
    const field = demo.getByLabel("Identificador de la sesión a copiar");
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    await demo.getByRole("button", { name: "Alterar una copia y verificar" }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(demo.getByText("Escribí el identificador de la sesión")).toBeVisible();
  });
});

test.describe("verify page: the head in the transparency log (checked in the browser)", () => {
  test("a session verified by id says at which leaf and checkpoint size its head is in the log", async ({
    page,
    request,
  }) => {
    const { transparency } = await exportLog(request);
    expect(transparency).toBeTruthy();
    await page.goto(`/verify?session=${E2E_SESSIONS.clean}`);
    const section = page.getByRole("region", { name: "Registro de transparencia" });
    const inclusion = section.locator("[data-log-inclusion]");
    await expect(inclusion).toHaveAttribute("data-log-inclusion", "included");
    await expect(inclusion.locator(".pill")).toHaveText("PUBLICADA");
    await expect(inclusion).toContainText(
      `hoja ${transparency?.index} del checkpoint firmado de ${transparency?.inclusion.size} hojas`,
    );
    await expect(inclusion.getByRole("link", { name: "Ver el registro de transparencia" })).toHaveAttribute(
      "href",
      "/log",
    );
  });

  test("a pasted log with its transparency proof is proved in the log", async ({ page, request }) => {
    const log = await exportLog(request);
    await page.goto("/verify");
    await pasteAndVerify(page, JSON.stringify(log));
    const result = browserResult(page);
    await expect(result).toHaveAttribute("data-verdict", "verified");
    await expect(result.locator("[data-log-inclusion]")).toHaveAttribute("data-log-inclusion", "included");
    await expect(result.locator("[data-log-inclusion]")).toContainText(`hoja ${log.transparency?.index}`);
  });

  test("a pasted proof for another leaf is not accepted, and the page says why", async ({ page, request }) => {
    const log = await exportLog(request);
    (log.transparency as { index: number }).index += 1;
    await page.goto("/verify");
    await pasteAndVerify(page, JSON.stringify(log));
    const result = browserResult(page);
    await expect(result).toHaveAttribute("data-verdict", "tampered");
    const inclusion = result.locator("[data-log-inclusion]");
    await expect(inclusion).toHaveAttribute("data-log-inclusion", "not-included");
    await expect(inclusion.locator(".pill")).toHaveText("SIN PRUEBA");
    await expect(inclusion.locator("[lang=en]")).toContainText("the session checkpoint puts the head at leaf");
  });

  test("in English, the session's inclusion reads in English", async ({ page }) => {
    await preparePage(page, { lang: "en" });
    await page.goto(`/verify?session=${E2E_SESSIONS.clean}`);
    const inclusion = page.getByRole("region", { name: "Transparency log" }).locator("[data-log-inclusion]");
    await expect(inclusion.locator(".pill")).toHaveText("PUBLISHED");
    await expect(inclusion).toContainText("The session's last entry is in the transparency log: leaf");
  });
});

test.describe("verify page: quality", () => {
  for (const lang of LANGS) {
    test(`with results shown: no serious accessibility violations, console errors or overflow at 375 px (${lang})`, async ({
      page,
      request,
    }) => {
      await preparePage(page, { lang, narrow: true });
      const problems = watchConsole(page);
      const log = await exportLog(request);
      (log.entries[1] as { output: unknown }).output = { valido: false };
      await page.goto(`/verify?session=${E2E_SESSIONS.clean}`);
      await page.locator("textarea").fill(JSON.stringify(log, null, 2));
      await page.locator("form:has(textarea) button[type=submit]").click();
      await expect(page.locator("[data-first-bad]").last()).toBeVisible();
      await page.locator(".tamper-demo button[type=submit]").click();
      await expect(page.locator(".tamper-card")).toHaveCount(2);
      await expectCleanPage(page, problems);
    });
  }

  test("in English, with the dark scheme, the page reads in English", async ({ page }) => {
    await preparePage(page, { lang: "en", colorScheme: "dark" });
    await page.goto(`/verify?session=${E2E_SESSIONS.clean}`);
    await expectLang(page, "en");
    await expect(page).toHaveTitle("Verify · sociedades-IA");
    const report = page.getByRole("region", { name: `Report for session ${E2E_SESSIONS.clean}` });
    await expect(report.locator(".pill")).toHaveText("VERIFIED");
    await expectNoSevereAxeViolations(page);
  });
});
