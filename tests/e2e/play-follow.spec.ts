import { expect, type Page, test } from "@playwright/test";
import { play } from "@/app/(pages)/play/words";
import { fill } from "@/lib/i18n/template";
import { LANGS, type Lang, preparePage, watchConsole } from "../support/page-checks";

/**
 * /play as a conversation grows: the page follows the latest reply with the composer under it,
 * tool cards are one line with their input and output folded, and the tab keeps its session and
 * conversation across a reload. The scripted model answers (the default, no network).
 */
const SIZES = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 812 } },
] as const;

/** The bottom of the screen a visitor can read: above the session panel pinned there on phones. */
async function readableBottom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>(".play-session");
    const style = panel ? getComputedStyle(panel) : null;
    const pinned = style && style.position === "sticky" && style.bottom !== "auto";
    return pinned && panel ? Math.min(innerHeight, panel.getBoundingClientRect().top) : innerHeight;
  });
}

/**
 * The element's end is on screen, above the readable bottom: a reply taller than the screen is
 * followed to its last line; `whole` asks for its top edge too.
 */
async function expectReadable(page: Page, selector: string, whole = false) {
  const box = await page.locator(selector).last().boundingBox();
  expect(box, `${selector} has a box`).not.toBeNull();
  const top = box?.y ?? -1;
  const end = top + (box?.height ?? 0);
  const bottom = await readableBottom(page);
  if (whole) expect(top, `${selector}'s top edge`).toBeGreaterThanOrEqual(0);
  expect(end, `${selector}'s bottom edge`).toBeGreaterThan(0);
  expect(end, `${selector}'s bottom edge`).toBeLessThanOrEqual(bottom + 1);
}

for (const lang of LANGS) {
  const t = play[lang];
  for (const size of SIZES) {
    test(`a three-tool answer ends in view with the composer, its cards folded to one line (${lang}, ${size.name})`, async ({
      page,
    }) => {
      await preparePage(page, { lang });
      await page.setViewportSize(size.viewport);
      const problems = watchConsole(page);
      await page.goto("/play");
      const box = page.getByLabel(t.form.label);
      // Before anything is sent, the composer is on the first screen, the examples under it.
      await expect(box).toBeInViewport();
      const examples = page.getByRole("region", { name: t.examples.title });
      await expect(examples).toBeVisible();

      await examples.getByRole("button", { name: t.examples.prompts.invoice }).click();
      await expect(page.locator(".chat-assistant .chat-text")).toContainText("CAE");
      const cards = page.locator(".tool-card");
      await expect(cards).toHaveCount(3);
      await expect(page.locator(".play-session")).toContainText(fill(t.session.entries, { n: 3 }));

      // The examples stepped aside; the end of the answer and the composer are both readable.
      await expect(examples).toHaveCount(0);
      await expectReadable(page, ".chat-assistant .chat-text");
      await expectReadable(page, "textarea", true);

      // Each card: name, status and the call's input on one line; the JSON folded under it.
      for (const card of await cards.all()) {
        await expect(card).toHaveAttribute("data-status", "ok");
        const io = card.locator("details.tool-card-io");
        await expect(io).not.toHaveAttribute("open");
        await expect(io.locator("pre").first()).toBeHidden();
        await expect(io.locator("summary")).toContainText(t.tool.inputOutput);
        const summary = await io.locator("summary").boundingBox();
        const label = await io.locator("summary .tool-card-label").boundingBox();
        // One line: the summary is no taller than its label.
        expect(summary?.height ?? 99).toBeLessThanOrEqual((label?.height ?? 0) + 2);
      }
      await expect(cards.first().locator("summary")).toContainText("tipo: B");
      // Opened, the card shows what the call was given and what it returned.
      await cards.first().locator("summary").click();
      await expect(cards.first().locator("pre").first()).toContainText('"tipo": "B"');
      await expect(cards.first().locator("pre").nth(1)).toContainText('"cae"');
      expect(problems).toEqual([]);
    });
  }

  test(`the tab keeps its session, token and conversation across a reload, and goes on with them (${lang})`, async ({
    page,
  }) => {
    await preparePage(page, { lang, narrow: true });
    const problems = watchConsole(page);
    await page.goto("/play");
    await page.getByRole("button", { name: t.examples.prompts.credit }).click();
    await expect(page.locator(".chat-assistant .chat-text")).toContainText("20-17254359-7");
    await expect(page.locator(".tool-card")).toHaveCount(2);
    const sessionId = (await page.getByTestId("session-id").textContent())?.trim() ?? "";
    const token = (await page.getByTestId("session-token").textContent())?.trim() ?? "";
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(token.length).toBeGreaterThan(20);
    // On a phone the one-time token and its copy button show with the panel folded.
    const tokenBox = page.getByTestId("session-token-box");
    await expect(page.getByRole("button", { name: t.session.show })).toHaveAttribute("aria-expanded", "false");
    await expect(tokenBox.getByTestId("session-token")).toBeVisible();
    await expect(tokenBox.getByRole("button", { name: t.session.copyToken })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId("session-id")).toHaveText(sessionId);
    await expect(page.getByTestId("session-token")).toHaveText(token);
    await expect(page.locator(".tool-card")).toHaveCount(2);
    await expect(page.locator(".chat-user")).toHaveText(new RegExp(t.examples.prompts.credit.slice(0, 20)));
    await expect(page.getByRole("region", { name: t.examples.title })).toHaveCount(0);

    // The next message writes to the same session with the kept token.
    const box = page.getByLabel(t.form.label);
    await box.fill(lang === "es" ? "¿A cuánto está el dólar oficial?" : "What is the official dollar rate?");
    await box.press("Enter");
    await expect(page.locator(".tool-card")).toHaveCount(3);
    await expect(page.locator(".chat-assistant").last().locator(".chat-text")).toBeVisible();
    await expect(page.getByTestId("session-id")).toHaveText(sessionId);
    await expect(page.locator(".play-session")).toContainText(fill(t.session.entries, { n: 3 }));
    const log = await (await page.request.get(`/api/play/audit/${sessionId}?verify=1`)).json();
    expect(log.verification).toMatchObject({ total: 3, verified: 3, tampered: 0 });

    // A new conversation forgets them, across a reload too.
    await page.getByRole("button", { name: t.form.reset }).click();
    await page.reload();
    await expect(page.getByRole("region", { name: t.examples.title })).toBeVisible();
    await expect(page.locator(".chat-message")).toHaveCount(0);
    await expect(page.getByTestId("session-id")).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}

test("a person who scrolls up while the agent answers is left where they are", async ({ page }) => {
  await page.setViewportSize(SIZES[1].viewport);
  await page.goto("/play");
  const box = page.getByLabel(play.es.form.label);
  // A first answer makes the conversation longer than the screen.
  await box.fill(play.es.examples.prompts.credit);
  await box.press("Enter");
  await expect(page.locator(".tool-card")).toHaveCount(2);
  await expect(page.getByRole("button", { name: play.es.form.send })).toBeVisible();

  // The next answer is held until the person has scrolled up to the top, then streams as usual.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/play", async (route) => {
    await held;
    await route.continue();
  });
  await box.fill(play.es.examples.prompts.invoice);
  await box.press("Enter");
  await expect(page.locator(".chat-user")).toHaveCount(2);
  await page.mouse.wheel(0, -10_000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  release();
  await expect(page.locator(".chat-assistant").last().locator(".chat-text")).toContainText("CAE");
  await expect(page.locator(".tool-card")).toHaveCount(5);
  await expect(page.getByRole("button", { name: play.es.form.send })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Sending again follows the conversation again.
  await page.unrouteAll();
  await box.fill(play.es.examples.prompts.banking);
  await box.press("Enter");
  await expect(page.locator(".chat-assistant")).toHaveCount(3);
  await expect(page.locator(".chat-assistant").last().locator(".chat-text")).toContainText("CBU");
  await expect(page.getByRole("button", { name: play.es.form.send })).toBeVisible();
  await expectReadable(page, ".chat-assistant .chat-text");
  await expectReadable(page, "textarea", true);
});

/** An answer with one tool call the tool refused for a reason the page has no words for. */
function refusedWithUnknownReason(lang: Lang) {
  const sessionId = "3b0c8d7e-0000-4000-8000-000000000001";
  const chunks = [
    { type: "start", messageId: "msg-refused" },
    { type: "start-step" },
    { type: "tool-input-available", toolCallId: "c1", toolName: "validar_cbu", input: { cbu: "123" } },
    {
      type: "data-audit",
      id: "c1",
      data: {
        toolCallId: "c1",
        sessionId,
        seq: 0,
        hmac: "0123456789ab",
        outcome: "rejected",
        findings: [{ code: "cbu_de_otro_banco", field: "cbu" }],
      },
    },
    { type: "tool-output-error", toolCallId: "c1", errorText: "The CBU belongs to a bank the sandbox does not know." },
    { type: "finish-step" },
    { type: "start-step" },
    { type: "text-start", id: "t1" },
    { type: "text-delta", id: "t1", delta: lang === "es" ? "No pude." : "I could not." },
    { type: "text-end", id: "t1" },
    { type: "finish-step" },
    { type: "finish", finishReason: "stop" },
  ];
  return {
    status: 200,
    headers: { "content-type": "text/event-stream", "x-session-id": sessionId },
    body: `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")}data: [DONE]\n\n`,
  };
}

for (const lang of LANGS) {
  test(`a refusal the page has no words for is said in the page's language, the tool's English apart (${lang})`, async ({
    page,
  }) => {
    await preparePage(page, { lang });
    await page.route("**/api/play", (route) => route.fulfill(refusedWithUnknownReason(lang)));
    await page.goto("/play");
    const box = page.getByLabel(play[lang].form.label);
    await box.fill("Validá el CBU 123");
    await box.press("Enter");
    const card = page.locator(".tool-card");
    await expect(card).toHaveAttribute("data-status", "rejected");
    await expect(card.locator("[data-failure=rejected]")).toHaveText(play[lang].tool.refused);
    const detail = card.locator(".tool-card-detail");
    await expect(detail).toContainText(play[lang].tool.detail);
    if (lang === "es") {
      await expect(detail.locator("span[lang=en]")).toHaveText("The CBU belongs to a bank the sandbox does not know.");
    } else {
      await expect(detail.locator("[lang]")).toHaveCount(0);
    }
  });

  test(`without JavaScript, says where the chat would be that the demo needs it (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await preparePage(page, { lang });
    await page.goto("/play");
    await expect(page.getByText(play[lang].chat.needsScripts)).toBeInViewport();
    await expect(page.getByLabel(play[lang].form.label)).toBeHidden();
    await expect(page.getByRole("button", { name: play[lang].examples.prompts.credit })).toBeHidden();
    await context.close();
  });
}
