import { expect, test } from "@playwright/test";
import { play } from "@/app/play/words";
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
  await expect(cards.first().getByText('"cuit": "20-17254359-7"').first()).toBeVisible();
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
