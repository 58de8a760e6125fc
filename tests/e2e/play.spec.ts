import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";

type Lang = "es" | "en";

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
} as const;

async function setLangCookie(context: BrowserContext, baseURL: string | undefined, lang: Lang) {
  await context.addCookies([{ name: "lang", value: lang, url: baseURL ?? "http://127.0.0.1" }]);
}

/** Everything that would show up as a problem in the browser console, hydration warnings included. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || /hydrat/i.test(msg.text())) problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/** Types a prompt and sends it with Enter, as a person would. */
async function ask(page: Page, lang: Lang, prompt: string) {
  const box = page.getByLabel(TEXT.label[lang]);
  await box.fill(prompt);
  await box.press("Enter");
}

async function severeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("/play", () => {
  test("streams tool cards and the answer, each card linked to its verified audit entry", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/play");
    await expect(page).toHaveTitle("Demo del agente · Registro Sociedades-IA");
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
      await expect(card.getByText('"cuit": "20-17254359-7"').first()).toBeVisible();
      await expect(card.getByTestId("audit-ref")).toContainText(`Entrada de auditoría N.º ${i}`);
      hmacs.push(((await card.getByTestId("audit-ref").locator("code").textContent()) ?? "").replace("…", ""));
    }
    expect(hmacs.every((h) => /^[0-9a-f]{12}$/.test(h))).toBe(true);

    const sessionId = (await page.getByTestId("session-id").first().textContent()) ?? "";
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.locator(".play-session")).toContainText("2 entradas firmadas");
    const badge = page.locator(".session-badge");
    await expect(badge).toHaveAttribute("src", `/api/badge/${sessionId}?n=2`);
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

  test("answers in English on the English page, with English cards", async ({ page, context, baseURL }) => {
    await setLangCookie(context, baseURL, "en");
    const problems = watchConsole(page);
    await page.goto("/play");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: /^Validate CUIT 20-17254359-7/ }).click();
    await expect(page.locator(".chat-assistant .chat-text")).toContainText(TEXT.answer.en);
    await expect(page.locator(".tool-card").first().getByRole("heading", { level: 3 })).toHaveText("Validate CUIT");
    await expect(page.locator(".tool-card").first().getByText(TEXT.done.en, { exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("says clearly, in the page's language, when the demo is rate-limited", async ({ page, context, baseURL }) => {
    for (const lang of ["es", "en"] as const) {
      await setLangCookie(context, baseURL, lang);
      await page.route("**/api/play", (route) =>
        route.fulfill({
          status: 429,
          headers: { "content-type": "application/problem+json", "retry-after": "30" },
          body: JSON.stringify({
            type: "urn:sociedades-ia:problem:rate_limited",
            title: "Too many requests",
            status: 429,
            detail: "Too many requests from your address: at most 20 per 1 m. Try again in 30 s.",
            code: "rate_limited",
            retryAfterSeconds: 30,
          }),
        }),
      );
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

  for (const lang of ["es", "en"] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`has no serious or critical accessibility violations, with tool cards (${lang}, ${colorScheme})`, async ({
        page,
        context,
        baseURL,
      }) => {
        await setLangCookie(context, baseURL, lang);
        await page.emulateMedia({ colorScheme });
        await page.goto("/play");
        expect(await severeViolations(page)).toEqual([]);
        if (colorScheme === "dark") return; // one conversation per language is enough for the rate limit
        await ask(page, lang, TWO_TOOLS[lang]);
        await expect(page.locator(".chat-assistant .chat-text")).toContainText(TEXT.answer[lang]);
        expect(await severeViolations(page)).toEqual([]);
      });
    }
  }

  test("nothing overflows horizontally at 375 px, with tool cards", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/play");
    await page.getByRole("button", { name: /^Emití una factura B/ }).click();
    await expect(page.locator(".chat-assistant .chat-text")).toContainText("CAE");
    await expect(page.locator(".tool-card")).toHaveCount(3);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});
