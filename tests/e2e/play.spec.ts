import { expect, type Page, test } from "@playwright/test";
import { expectLandedOnEntry } from "../support/audit-ui";
import { rateLimitedAnswer } from "../support/fixtures";
import {
  expectLang,
  expectNoHorizontalOverflow,
  expectNoSevereAxeViolations,
  LANGS,
  type Lang,
  preparePage,
  watchConsole,
} from "../support/page-checks";

const TWO_TOOLS = {
  es: "Validá el CUIT 20-17254359-7 y consultá su situación en la Central de Deudores",
  en: "Validate CUIT 20-17254359-7 and check its credit situation with the BCRA",
} as const;
const TEXT = {
  label: { es: "Tu pedido al agente", en: "Your request to the agent" },
  send: { es: "Enviar", en: "Send" },
  answer: { es: "El CUIT 20-17254359-7 es válido", en: "CUIT 20-17254359-7 is valid" },
  done: { es: "LISTA", en: "DONE" },
  dashboard: { es: "Abrir el panel de la sesión", en: "Open the session dashboard" },
  openEntry: { es: "ver en el panel de la sesión", en: "see it on the session dashboard" },
} as const;

/** The texts stream-play.ts ends a failed run with (English, whatever the page's language). */
const STREAM_FAILURE = {
  internal_error: "The agent failed unexpectedly; the failure was logged. Try again.",
  store_unavailable: "Storage is unreachable right now, so the tool call was not recorded. Try again shortly.",
} as const;
const STREAM_FAILURE_TEXT = {
  internal_error: {
    es: "El agente falló de forma inesperada mientras respondía",
    en: "The agent failed unexpectedly while answering",
  },
  store_unavailable: {
    es: "El almacenamiento dejó de responder mientras el agente trabajaba",
    en: "Storage stopped answering while the agent was working",
  },
} as const;

/** An answer that starts streaming and is then ended by the server's `error` chunk. */
function failedStream(error: { code?: string; errorText: string }) {
  const chunks = [{ type: "start", messageId: "msg-failed" }, { type: "start-step" }, { type: "error", ...error }];
  return {
    status: 200,
    headers: { "content-type": "text/event-stream", "cache-control": "no-store" },
    body: `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")}data: [DONE]\n\n`,
  };
}

/** A 429 that says neither Retry-After nor retryAfterSeconds. */
const RATE_LIMITED_WITHOUT_WAIT = {
  status: 429,
  headers: { "content-type": "application/problem+json" },
  body: JSON.stringify({
    type: "urn:sociedades-ia:problem:rate_limited",
    title: "Too many requests",
    status: 429,
    code: "rate_limited",
    detail: "Too many requests from your address.",
  }),
};

/** Types a prompt and sends it with Enter, as a person would. */
async function ask(page: Page, lang: Lang, prompt: string) {
  const box = page.getByLabel(TEXT.label[lang]);
  await box.fill(prompt);
  await box.press("Enter");
}

test.describe("/play", () => {
  test("streams tool cards and the answer, each card linked to its verified audit entry", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/play");
    await expect(page).toHaveTitle("Demo del agente · sociedades-IA");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demo del agente");

    // Record when each card and the answer first appear, to see them arrive one after another.
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { arrivals: Record<string, number> }).arrivals = seen;
      new MutationObserver(() => {
        const count = document.querySelectorAll(".tool-card").length;
        for (let i = 0; i < count; i++) seen[`card${i}`] ??= performance.now();
        if (document.querySelector(".chat-assistant .chat-text")) seen.answer ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await ask(page, "es", TWO_TOOLS.es);

    const cards = page.locator(".tool-card");
    await expect(cards.first()).toBeVisible();
    await expect(page.locator(".chat-assistant .chat-text")).toContainText(TEXT.answer.es);
    await expect(page.locator(".chat-assistant .chat-text")).toContainText("Central de Deudores");
    await expect(cards).toHaveCount(2);
    const arrivals = await page.evaluate(() => (window as unknown as { arrivals: Record<string, number> }).arrivals);
    expect(arrivals.card0).toBeLessThan(arrivals.card1 as number);
    expect(arrivals.card1).toBeLessThan(arrivals.answer as number);

    await expect(cards.nth(0).getByRole("heading", { level: 3 })).toHaveText("Validar CUIT");
    await expect(cards.nth(1).getByRole("heading", { level: 3 })).toHaveText("Central de Deudores (BCRA)");
    const hmacs: string[] = [];
    for (const i of [0, 1]) {
      const card = cards.nth(i);
      await expect(card).toHaveAttribute("data-status", "ok");
      await expect(card.getByText(TEXT.done.es, { exact: true })).toBeVisible();
      // The call's input on the card's folded line.
      await expect(card.locator("summary")).toContainText("cuit: 20-17254359-7");
      await expect(card.getByTestId("audit-ref")).toContainText(`Entrada de auditoría N.º ${i}`);
      hmacs.push(((await card.getByTestId("audit-ref").locator("code").textContent()) ?? "").replace("…", ""));
    }
    expect(hmacs.every((h) => /^[0-9a-f]{12}$/.test(h))).toBe(true);

    const sessionId = (await page.getByTestId("session-id").first().textContent()) ?? "";
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.locator(".play-session")).toContainText("2 entradas firmadas");
    const badge = page.locator(".session-badge");
    // The live badge speaks the page's language.
    await expect(badge).toHaveAttribute("src", `/api/badge/${sessionId}?lang=es&n=2`);
    await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The same entries, verified, on the session's dashboard.
    await page.getByRole("link", { name: TEXT.dashboard.es }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${sessionId}$`));
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(2);
    for (const [i, action] of ["validar_cuit", "consultar_central_deudores"].entries()) {
      const row = page.locator(`tr[data-seq="${i}"]`);
      await expect(row).toContainText(action);
      await expect(row).toContainText(hmacs[i] as string);
      await expect(row.getByText("VERIFICADA")).toBeVisible();
    }
    const log = await (await page.request.get(`/api/play/audit/${sessionId}?verify=1`)).json();
    expect(log.verification).toMatchObject({ total: 2, verified: 2, tampered: 0 });
    expect(problems).toEqual([]);
  });

  test("each tool card links to its entry's row on the session dashboard, and following it lands there", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto("/play");
    await ask(page, "es", TWO_TOOLS.es);
    await expect(page.locator(".chat-assistant .chat-text")).toContainText(TEXT.answer.es);
    const cards = page.locator(".tool-card");
    await expect(cards).toHaveCount(2);
    const sessionId = (await page.getByTestId("session-id").first().textContent()) ?? "";
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const entryLink = (i: number) => cards.nth(i).getByRole("link", { name: TEXT.openEntry.es });
    for (const i of [0, 1]) {
      await expect(entryLink(i)).toHaveAttribute("href", `/dashboard/${sessionId}#entry-${i}`);
    }

    await entryLink(1).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${sessionId}#entry-1$`));
    const row = await expectLandedOnEntry(page, 1);
    await expect(row).toContainText("consultar_central_deudores");
    await expect(row.getByText("VERIFICADA")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("answers in English on the English page, with English cards", async ({ page }) => {
    await preparePage(page, { lang: "en" });
    const problems = watchConsole(page);
    await page.goto("/play");
    await expectLang(page, "en");
    await page.getByRole("button", { name: /^Validate CUIT 20-17254359-7/ }).click();
    await expect(page.locator(".chat-assistant .chat-text")).toContainText(TEXT.answer.en);
    await expect(page.locator(".tool-card").first().getByRole("heading", { level: 3 })).toHaveText("Validate CUIT");
    await expect(page.locator(".tool-card").first().getByText(TEXT.done.en, { exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("says clearly, in the page's language, when the demo is rate-limited", async ({ page }) => {
    for (const lang of LANGS) {
      await preparePage(page, { lang });
      await page.route("**/api/play", (route) => route.fulfill(rateLimitedAnswer("20 per 1 m", 30)));
      await page.goto("/play");
      await ask(page, lang, TWO_TOOLS[lang]);
      const alert = page.locator(".play-error[role=alert]");
      await expect(alert).toContainText(
        lang === "es"
          ? /Hiciste muchos pedidos seguidos\. Esperá (30|29|28) s/
          : /Too many requests in a row\. Wait (30|29|28) s/,
      );
      await expect(alert.getByRole("button")).toBeDisabled();
      await page.unroute("**/api/play");
    }
  });

  for (const lang of LANGS) {
    test(`once the rate limit's wait is over, says they can try again now, with the button enabled (${lang})`, async ({
      page,
    }) => {
      await page.clock.install();
      await preparePage(page, { lang });
      await page.route("**/api/play", (route) => route.fulfill(rateLimitedAnswer("20 per 1 m", 30)));
      await page.goto("/play");
      await ask(page, lang, TWO_TOOLS[lang]);
      const alert = page.locator(".play-error[role=alert]");
      await expect(alert).toContainText(lang === "es" ? /Esperá (30|29|28) s/ : /Wait (30|29|28) s/);
      await expect(alert.getByRole("button")).toBeDisabled();

      await page.clock.fastForward(31_000);
      await expect(alert).toContainText(
        lang === "es"
          ? "Hiciste muchos pedidos seguidos y no se registró nada. Ya podés volver a intentar."
          : "Too many requests in a row; nothing was recorded. You can try again now.",
      );
      await expect(alert).not.toContainText(lang === "es" ? "Esperá" : "Wait");
      await expect(
        alert.getByRole("button", { name: lang === "es" ? "Volver a intentar" : "Try again" }),
      ).toBeEnabled();
    });

    test(`a rate limit without Retry-After names no wait and lets them try again now (${lang})`, async ({ page }) => {
      await preparePage(page, { lang });
      await page.route("**/api/play", (route) => route.fulfill(RATE_LIMITED_WITHOUT_WAIT));
      await page.goto("/play");
      await ask(page, lang, TWO_TOOLS[lang]);
      const alert = page.locator(".play-error[role=alert]");
      await expect(alert).toContainText(lang === "es" ? "Ya podés volver a intentar." : "You can try again now.");
      await expect(alert).not.toContainText(/\d+ s\b/);
      await expect(
        alert.getByRole("button", { name: lang === "es" ? "Volver a intentar" : "Try again" }),
      ).toBeEnabled();
    });

    test(`a failure during the answer is stated in the page's language, chosen by its code (${lang})`, async ({
      page,
    }) => {
      await preparePage(page, { lang });
      const problems = watchConsole(page);
      await page.goto("/play");
      const alert = page.locator(".play-error[role=alert]");
      for (const code of ["internal_error", "store_unavailable"] as const) {
        await page.route("**/api/play", (route) =>
          route.fulfill(failedStream({ code, errorText: STREAM_FAILURE[code] })),
        );
        await ask(page, lang, TWO_TOOLS[lang]);
        await expect(alert).toContainText(STREAM_FAILURE_TEXT[code][lang]);
        if (lang === "es") {
          // Nothing of the server's English text inside the Spanish message.
          await expect(alert).not.toContainText(STREAM_FAILURE[code].slice(0, 20));
          await expect(alert.locator("[lang=en]")).toHaveCount(0);
        }
        await expect(
          alert.getByRole("button", { name: lang === "es" ? "Volver a intentar" : "Try again" }),
        ).toBeEnabled();
        await page.unroute("**/api/play");
      }
      expect(problems).toEqual([]);
    });
  }

  test("the server's detail of an unforeseen stream failure is shown apart from the Spanish message, marked as English", async ({
    page,
  }) => {
    const detail = "The session log is being rotated; retry in a moment.";
    await page.route("**/api/play", (route) =>
      route.fulfill(failedStream({ code: "log_rotating", errorText: detail })),
    );
    await page.goto("/play");
    await ask(page, "es", TWO_TOOLS.es);
    const alert = page.locator(".play-error[role=alert]");
    await expect(alert.locator("p").first()).toHaveText(
      "El agente no pudo terminar de responder por un error del servidor. Volvé a intentar.",
    );
    const english = alert.locator("span[lang=en]");
    await expect(english).toHaveText(detail);
    await expect(alert.locator(".notice-detail")).toHaveText(`Detalle del servidor (en inglés): ${detail}`);
    await expectNoSevereAxeViolations(page);
  });

  // The empty page, in both schemes, is every-page.spec.ts's.
  for (const lang of LANGS) {
    test(`has no serious or critical accessibility violations, with tool cards (${lang})`, async ({ page }) => {
      await preparePage(page, { lang });
      await page.goto("/play");
      await ask(page, lang, TWO_TOOLS[lang]);
      await expect(page.locator(".chat-assistant .chat-text")).toContainText(TEXT.answer[lang]);
      await expectNoSevereAxeViolations(page);
    });
  }

  test("nothing overflows horizontally at 375 px, with tool cards", async ({ page }) => {
    await preparePage(page, { narrow: true });
    await page.goto("/play");
    await page.getByRole("button", { name: /^Emití una factura B/ }).click();
    await expect(page.locator(".chat-assistant .chat-text")).toContainText("CAE");
    await expect(page.locator(".tool-card")).toHaveCount(3);
    await expectNoHorizontalOverflow(page);
  });
});
