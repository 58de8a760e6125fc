import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/**
 * The checks every browser spec repeats: the site language and colour scheme, the 375 px phone
 * width, console problems, serious or critical axe violations and sideways scrolling.
 */

export type Lang = "es" | "en";
export type ColorScheme = "light" | "dark";

export const LANGS = ["es", "en"] as const satisfies readonly Lang[];
export const COLOR_SCHEMES = ["light", "dark"] as const satisfies readonly ColorScheme[];

/** The narrow phone viewport every page must fit without scrolling sideways. */
export const NARROW_VIEWPORT = { width: 375, height: 812 } as const;

/** The language toggle's link, named in the language it switches to. */
const TOGGLE_NAME: Record<Lang, string> = { es: "Español", en: "English" };

/**
 * Chooses the site's language for the page's whole browser context, as the language toggle's
 * cookie does, for the configured base URL.
 */
export async function setLang(page: Page, lang: Lang): Promise<void> {
  const url = test.info().project.use.baseURL ?? "http://127.0.0.1";
  await page.context().addCookies([{ name: "lang", value: lang, url }]);
}

export interface PageSetup {
  lang?: Lang;
  colorScheme?: ColorScheme;
  /** The 375 px phone viewport (NARROW_VIEWPORT). */
  narrow?: boolean;
}

/** Sets up the page before its first navigation: language cookie, emulated colour scheme, phone width. */
export async function preparePage(page: Page, { lang, colorScheme, narrow = false }: PageSetup): Promise<void> {
  if (lang) await setLang(page, lang);
  if (colorScheme) await page.emulateMedia({ colorScheme });
  if (narrow) await page.setViewportSize(NARROW_VIEWPORT);
}

/** Follows the site's language toggle to `lang` and waits for the page to be in it. */
export async function switchLang(page: Page, lang: Lang): Promise<void> {
  await page.getByRole("link", { name: TOGGLE_NAME[lang] }).click();
  await expectLang(page, lang);
}

/** The document is in `lang` (the root element's lang attribute). */
export async function expectLang(page: Page, lang: Lang): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
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

/**
 * Fails with the rule ids and targets of every serious or critical axe violation on the page as it
 * is now; `message` says which state of the page was scanned.
 */
export async function expectNoSevereAxeViolations(page: Page, message?: string): Promise<void> {
  // Every rule runs; only violations are read, so axe need not list each node that passed.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const severe = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(severe, message).toEqual([]);
}

/**
 * The same axe check in the light and then the dark scheme (the page stays dark afterwards);
 * `describe` names the scheme and state for a failure's message.
 */
export async function expectNoSevereAxeViolationsInBothSchemes(
  page: Page,
  describe: (colorScheme: ColorScheme) => string,
): Promise<void> {
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expectNoSevereAxeViolations(page, describe(colorScheme));
  }
}

/** The page does not scroll sideways: wide content scrolls inside its own box. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/**
 * The closing checks of a page-quality test: no sideways scrolling, no serious or critical axe
 * violation, and nothing in `problems` (from watchConsole) beyond the `expected` ones.
 */
export async function expectCleanPage(page: Page, problems: string[], expected: unknown[] = []): Promise<void> {
  await expectNoHorizontalOverflow(page);
  await expectNoSevereAxeViolations(page);
  expect(problems).toEqual(expected);
}
