import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { audit } from "@/app/_i18n/audit-words";
import { dashboard } from "@/app/(pages)/dashboard/[sessionId]/words";
import { verify } from "@/app/(pages)/verify/words";
import { CLEAN_SESSION_EVENTS, E2E_SESSIONS } from "../support/e2e-sessions";
import { LANGS, type Lang, preparePage } from "../support/page-checks";

/**
 * The status pages lead with their status: the dashboard's and /verify's verdict on the first screen
 * of a laptop and of a phone, in both languages, with and without JavaScript.
 */
const SIZES = [
  { name: "1280x800", viewport: { width: 1280, height: 800 } },
  { name: "375x812", viewport: { width: 375, height: 812 } },
] as const;
const N = CLEAN_SESSION_EVENTS.length;
const VERIFIED = { es: "VERIFICADO", en: "VERIFIED" } as const;

/** The element's top edge is on the first screen, before any scrolling. */
async function expectOnFirstScreen(page: Page, element: Locator) {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(await page.evaluate(() => window.scrollY), "the page is not scrolled").toBe(0);
  expect(box?.y ?? Number.POSITIVE_INFINITY, "the verdict's top edge").toBeLessThan(height);
}

async function noScriptPage(browser: Browser, lang: Lang, viewport = SIZES[1].viewport): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  const page = await context.newPage();
  await preparePage(page, { lang });
  return page;
}

for (const lang of LANGS) {
  for (const size of SIZES) {
    test(`the dashboard's verdict is on the first screen (${lang}, ${size.name})`, async ({ page }) => {
      await preparePage(page, { lang });
      await page.setViewportSize(size.viewport);
      await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
      const server = page.getByTestId("server-verification");
      await expect(server.locator(".pill")).toHaveText(VERIFIED[lang]);
      await expectOnFirstScreen(page, server.locator(".pill"));
      const browserCheck = page.getByTestId("browser-verification");
      await expect(browserCheck.locator(".pill")).toHaveText(VERIFIED[lang]);
      await expectOnFirstScreen(page, browserCheck.locator(".pill"));
    });

    test(`/verify's verdict for a session is on the first screen (${lang}, ${size.name})`, async ({ page }) => {
      await preparePage(page, { lang });
      await page.setViewportSize(size.viewport);
      await page.goto(`/verify?session=${E2E_SESSIONS.clean}`);
      const title = verify[lang].byId.reportTitle.replace("{id}", E2E_SESSIONS.clean);
      const verdict = page.getByRole("region", { name: title }).locator(".verdict .pill");
      await expect(verdict).toHaveText(VERIFIED[lang]);
      await expectOnFirstScreen(page, verdict);
    });
  }
}

for (const width of [1024, 1280]) {
  test(`the timeline's time cells take at most two lines beside the verification (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
    const times = page.locator(".timeline-table tbody time");
    await expect(times).toHaveCount(N);
    const lines = await times.first().evaluate((el) => {
      const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
      return Math.round(el.getBoundingClientRect().height / lineHeight);
    });
    expect(lines).toBeLessThanOrEqual(2);
    await expect(times.first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  });
}

async function exportLog(request: APIRequestContext) {
  const response = await request.get(`/api/play/audit/${E2E_SESSIONS.clean}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { entries: { output?: unknown }[]; transparency?: { index: number } };
}

for (const lang of LANGS) {
  test(`a pasted log with an edited entry is not called "in the log" in green under its red verdict (${lang})`, async ({
    page,
    request,
  }) => {
    await preparePage(page, { lang });
    const log = await exportLog(request);
    expect(log.transparency).toBeTruthy();
    (log.entries[0] as { output: unknown }).output = { valido: false };
    await page.goto("/verify");
    await page.getByLabel(verify[lang].paste.textLabel).fill(JSON.stringify(log));
    await page.getByRole("button", { name: verify[lang].paste.submit }).click();
    const result = page.locator("form:has(textarea) ~ div [data-verdict]");
    await expect(result).toHaveAttribute("data-verdict", "tampered");
    await expect(result.locator(".verdict .pill")).toHaveText(audit[lang].verdict.logTampered);
    const inclusion = result.locator("[data-log-inclusion]");
    await expect(inclusion).toHaveAttribute("data-log-inclusion", "included");
    await expect(inclusion.locator(".pill")).toHaveText(verify[lang].inclusion.pill.includedAltered);
    await expect(inclusion.locator(".pill")).toHaveClass(/pill-warn/);
    await expect(inclusion).toContainText(`${log.transparency?.index}`);
    // Nothing green in a report whose verdict is red.
    await expect(result.locator(".pill-ok")).toHaveCount(0);
  });

  test(`without JavaScript the dashboard gives the server's verdict and says where scripts are needed (${lang})`, async ({
    browser,
  }) => {
    const page = await noScriptPage(browser, lang);
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
    const server = page.getByTestId("server-verification");
    await expect(server.locator(".pill")).toHaveText(VERIFIED[lang]);
    await expectOnFirstScreen(page, server.locator(".pill"));
    // The browser's check, the live stream, the inclusion and the tamper demo say they need scripts.
    const browserCheck = page.getByTestId("browser-verification");
    await expect(browserCheck.getByText(audit[lang].request.needsScripts)).toBeVisible();
    await expect(browserCheck.locator(".pill")).toBeHidden();
    await expect(page.getByText(dashboard[lang].status.noScripts)).toBeVisible();
    await expect(page.locator(".live-status")).toBeHidden();
    await expect(page.getByText(verify[lang].inclusion.needsScripts)).toBeVisible();
    await expect(page.getByText(verify[lang].inclusion.checking)).toBeHidden();
    await expect(page.getByText(audit[lang].tamper.needsScripts)).toBeVisible();
    await expect(page.locator(".tamper-demo form")).toBeHidden();
    await page.context().close();
  });

  test(`without JavaScript /verify gives the server's verdict and says where scripts are needed (${lang})`, async ({
    browser,
  }) => {
    const page = await noScriptPage(browser, lang);
    await page.goto("/verify");
    // The form by id is a plain GET form: it works without scripts.
    await page.getByLabel(verify[lang].byId.label, { exact: true }).fill(E2E_SESSIONS.clean);
    await page.getByRole("button", { name: verify[lang].byId.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/verify\\?session=${E2E_SESSIONS.clean}$`));
    const title = verify[lang].byId.reportTitle.replace("{id}", E2E_SESSIONS.clean);
    const verdict = page.getByRole("region", { name: title }).locator(".verdict .pill");
    await expect(verdict).toHaveText(VERIFIED[lang]);
    await expectOnFirstScreen(page, verdict);
    await expect(page.getByText(verify[lang].inclusion.needsScripts)).toBeVisible();
    await expect(page.getByText(verify[lang].inclusion.checking)).toBeHidden();
    // The pasted-log check runs in the browser: its form gives way to the notice.
    await expect(page.getByLabel(verify[lang].paste.textLabel)).toBeHidden();
    await expect(page.getByText(audit[lang].request.needsScripts)).toBeVisible();
    await expect(page.getByText(audit[lang].tamper.needsScripts)).toBeVisible();
    await page.context().close();
  });
}
