import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page } from "@playwright/test";

export type Lang = "es" | "en";

/** Chooses the site's language for the whole browser context, as the language toggle's cookie does. */
export async function useLang(context: BrowserContext, baseURL: string | undefined, lang: Lang): Promise<void> {
  await context.addCookies([{ name: "lang", value: lang, url: baseURL ?? "http://127.0.0.1" }]);
}

/** Collects console errors, hydration warnings and uncaught page errors; expect it to stay empty. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || /hydrat/i.test(msg.text())) problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/** Fails with the rule ids and targets of every serious or critical axe violation on the page as it is now. */
export async function expectNoSevereAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(severe).toEqual([]);
}

/** The page does not scroll sideways: wide content scrolls inside its own box. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}
