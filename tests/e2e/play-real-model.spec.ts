import { expect, test } from "@playwright/test";
import { play } from "@/app/(pages)/play/words";
import { fill } from "@/lib/i18n/template";
import { type AppServer, startApp } from "../support/app-server";
import { type FakeProvider, startFakeProvider } from "../support/fake-model-provider";
import { expectNoSevereAxeViolations, watchConsole } from "../support/page-checks";

/**
 * /play on a real model's wire protocol: the app runs its own server against a local
 * OpenAI-compatible fake (tests/support/fake-model-provider.ts), scripted turn by turn, so the page
 * meets tool calls streamed in pieces and an answer that breaks off.
 */
let fake: FakeProvider;
let app: AppServer;

test.beforeAll(async () => {
  fake = await startFakeProvider("openai");
  app = await startApp({
    env: { PLAY_OPENAI_BASE_URL: fake.baseURL, PLAY_MODEL: "llama3.1:8b", RATE_LIMIT_PLAY: "100/1m" },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

const es = play.es;

test("/play on an OpenAI-compatible model: tool cards, the live badge, and a broken stream said in Spanish", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto(`${app.url}/play`);
  await expect(page.getByTestId("play-model")).toHaveText(
    "Modelo: llama3.1:8b, en un servidor compatible con OpenAI elegido por quien opera este sitio. Las herramientas siguen siendo simuladas.",
  );

  fake.script(
    {
      kind: "stream",
      parts: [{ tool: { id: "call_1", name: "validar_cuit", args: ['{"cu', 'it":"20-1725', '4359-7"}'] } }],
    },
    { kind: "stream", parts: [{ text: ["El CUIT 20-17254359-7 ", "es válido."] }] },
  );
  const box = page.getByLabel(es.form.label);
  await box.fill("Validá el CUIT 20-17254359-7");
  await box.press("Enter");

  const cards = page.locator(".tool-card");
  await expect(page.locator(".chat-assistant .chat-text")).toHaveText("El CUIT 20-17254359-7 es válido.");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute("data-status", "ok");
  await expect(cards.first().getByRole("heading", { level: 3 })).toHaveText("Validar CUIT");
  await expect(cards.first().locator("summary")).toContainText("cuit: 20-17254359-7");
  await expect(cards.first().getByTestId("audit-ref")).toContainText("Entrada de auditoría N.º 0");

  const sessionId = (await page.getByTestId("session-id").first().textContent()) ?? "";
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.locator(".play-session")).toContainText(es.session.entriesOne);
  const badge = page.locator(".session-badge");
  // The badge speaks the page's language.
  await expect(badge).toHaveAttribute("src", `/api/badge/${sessionId}?lang=es&n=1`);
  await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const badgeSvg = await (await page.request.get(`${app.url}/api/badge/${sessionId}`)).text();
  expect(badgeSvg).toMatch(/verified/i);

  // The next answer breaks off in the middle of a tool call's arguments.
  fake.script({
    kind: "stream",
    parts: [
      { text: ["Ahora consulto la Central de Deudores."] },
      { tool: { id: "call_2", name: "consultar_central_deudores", args: ['{"cuit":"20-17'] } },
    ],
    end: "break",
  });
  await box.fill("Consultá también la Central de Deudores");
  await box.press("Enter");

  const notice = page.locator(".play-error");
  await expect(notice).toContainText(es.errors.modelCut);
  await expect(notice.getByRole("button", { name: es.errors.retry })).toBeEnabled();
  // The text that arrived stays; the call that never completed is marked cut off, not running.
  await expect(page.locator(".chat-assistant .chat-text").last()).toHaveText("Ahora consulto la Central de Deudores.");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toHaveAttribute("data-status", "cut");
  await expect(cards.nth(1).getByText(es.tool.status.cut, { exact: true })).toBeVisible();
  await expect(cards.nth(1).getByTestId("audit-ref")).toHaveText(es.tool.notRecorded);

  // Nothing half-written: still one entry, and the session verifies.
  await expect(page.locator(".play-session")).toContainText(es.session.entriesOne);
  const log = await (await page.request.get(`${app.url}/api/play/audit/${sessionId}?verify=1`)).json();
  expect(log.entries.map((e: { action: string }) => e.action)).toEqual(["validar_cuit"]);
  expect(log.verification).toMatchObject({ total: 1, verified: 1, tampered: 0 });
  await expectNoSevereAxeViolations(page, "after a broken stream");

  // Trying again sends the same question; this time the model answers it.
  fake.script(
    {
      kind: "stream",
      parts: [{ tool: { id: "call_3", name: "consultar_central_deudores", args: ['{"cuit":"20-17254359-7"}'] } }],
    },
    { kind: "stream", parts: [{ text: ["Está en situación normal."] }] },
  );
  await notice.getByRole("button", { name: es.errors.retry }).click();
  await expect(page.locator(".chat-assistant .chat-text").last()).toHaveText("Está en situación normal.");
  await expect(notice).toHaveCount(0);
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toHaveAttribute("data-status", "ok");
  await expect(page.locator(".play-session")).toContainText(fill(es.session.entries, { n: 2 }));
  await expect(badge).toHaveAttribute("src", `/api/badge/${sessionId}?lang=es&n=2`);
  expect(problems).toEqual([]);
});

for (const lang of ["es", "en"] as const) {
  const t = play[lang];

  test.describe(`/play in ${lang} on a model that misbehaves`, () => {
    test.beforeEach(async ({ page }) => {
      await page.context().addCookies([{ name: "lang", value: lang, url: app.url }]);
    });

    test("a model that reuses a call id gets two cards, each with its own entry, and a refusal in the page's language", async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await page.goto(`${app.url}/play`);
      const cuit = '{"cuit":"20-17254359-7"}';
      fake.script(
        {
          kind: "stream",
          parts: [
            { tool: { id: "call_0", name: "validar_cuit", args: [cuit] } },
            { tool: { id: "call_1", name: "validar_cbu", args: ["{}"] } },
          ],
        },
        { kind: "stream", parts: [{ tool: { id: "call_0", name: "consultar_padron_arca", args: [cuit] } }] },
        { kind: "stream", parts: [{ text: ["Listo."] }] },
      );
      const box = page.getByLabel(t.form.label);
      await box.fill("Validá el CUIT 20-17254359-7");
      await box.press("Enter");
      await expect(page.locator(".chat-assistant .chat-text")).toHaveText("Listo.");
      const cards = page.locator(".tool-card");
      await expect(cards).toHaveCount(3);
      await expect(cards.nth(0)).toHaveAttribute("data-status", "ok");
      await expect(cards.nth(1)).toHaveAttribute("data-status", "rejected");
      await expect(cards.nth(2)).toHaveAttribute("data-status", "ok");
      // Each card names its own entry, in call order.
      for (const seq of [0, 1, 2]) {
        await expect(cards.nth(seq).getByTestId("audit-ref")).toContainText(fill(t.tool.audit, { seq }));
      }
      const hrefs = await cards
        .locator(".tool-card-audit a")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(new Set(hrefs).size).toBe(3);
      // The refusal is the server's coded reason in the page's language, with the field.
      const reason = cards.nth(1).locator("[data-refusal]");
      await expect(reason).toHaveAttribute("data-refusal", "input_invalid");
      await expect(reason).toContainText(t.tool.refusals.input_invalid);
      await expect(reason).toContainText("cbu");
      await expect(reason).not.toContainText("Invalid input");
      await expect(page.locator(".play-session")).toContainText(fill(t.session.entries, { n: 3 }));
      const sessionId = (await page.getByTestId("session-id").first().textContent()) ?? "";
      const log = await (await page.request.get(`${app.url}/api/play/audit/${sessionId}?verify=1`)).json();
      expect(log.entries.map((e: { action: string; outcome: string }) => [e.action, e.outcome])).toEqual([
        ["validar_cuit", "ok"],
        ["validar_cbu", "rejected"],
        ["consultar_padron_arca", "ok"],
      ]);
      expect(log.verification).toMatchObject({ total: 3, verified: 3, tampered: 0 });
      expect(problems).toEqual([]);
    });

    test("a tool's own refusal is worded in the page's language, with the field", async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(`${app.url}/play`);
      fake.script(
        {
          kind: "stream",
          parts: [{ tool: { id: "w", name: "enviar_whatsapp", args: ['{"telefono":"123456","mensaje":"Hola"}'] } }],
        },
        { kind: "stream", parts: [{ text: ["No pude."] }] },
      );
      const box = page.getByLabel(t.form.label);
      await box.fill("Mandale un WhatsApp al 123456");
      await box.press("Enter");
      await expect(page.locator(".chat-assistant .chat-text")).toHaveText("No pude.");
      const card = page.locator(".tool-card");
      await expect(card).toHaveAttribute("data-status", "rejected");
      const findings = card.locator("[data-findings]");
      await expect(findings).toHaveAttribute("data-findings", "telefono_invalido");
      await expect(findings).toContainText(t.tool.findings.telefono_invalido);
      await expect(findings).toContainText("telefono");
      await expect(card.getByTestId("audit-ref")).toContainText(fill(t.tool.audit, { seq: 0 }));
      expect(problems).toEqual([]);
    });

    test("an answer cut by the output limit says why, its call is marked not recorded, and no session is shown", async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await page.goto(`${app.url}/play`);
      fake.script({
        kind: "stream",
        parts: [{ text: ["Voy"] }, { tool: { id: "c", name: "validar_cuit", args: ['{"cuit":"20-17254359-7"}'] } }],
        finishReason: "length",
      });
      const box = page.getByLabel(t.form.label);
      await box.fill("Validá el CUIT 20-17254359-7");
      await box.press("Enter");
      await expect(page.getByTestId("play-ending")).toHaveText(t.chat.ending.length);
      const card = page.locator(".tool-card");
      await expect(card).toHaveAttribute("data-status", "cut");
      await expect(card.getByTestId("audit-ref")).toHaveText(t.tool.notRecorded);
      // Nothing was recorded, so there is no session to link to yet.
      await expect(page.getByTestId("session-id")).toHaveCount(0);
      await expectNoSevereAxeViolations(page, "after a cut answer");
      expect(problems).toEqual([]);
    });

    test("a provider's rate limit counts down its Retry-After before the retry is offered", async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(`${app.url}/play`);
      fake.script({ kind: "status", status: 429, headers: { "retry-after": "2" }, message: "slow down" });
      const box = page.getByLabel(t.form.label);
      await box.fill("hola");
      await box.press("Enter");
      const notice = page.locator(".play-error");
      await expect(notice).toContainText(fill(t.errors.modelBusy, { wait: "2 s" }));
      const retry = notice.getByRole("button", { name: t.errors.retry });
      await expect(retry).toBeDisabled();
      // The countdown runs out, the sentence says so, and the retry goes through.
      await expect(notice).toContainText(t.errors.modelBusyOver);
      await expect(retry).toBeEnabled();
      fake.script({ kind: "stream", parts: [{ text: ["Hola."] }] });
      await retry.click();
      await expect(page.locator(".chat-assistant .chat-text")).toHaveText("Hola.");
      await expect(notice).toHaveCount(0);
      expect(problems.filter((p) => !p.includes("status of 200"))).toEqual([]);
    });
  });
}
