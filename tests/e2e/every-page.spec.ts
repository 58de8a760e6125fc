import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { E2E_SESSIONS } from "../support/e2e-sessions";
import {
  expectNoHorizontalOverflow,
  expectNoSevereAxeViolations,
  type Lang,
  NARROW_VIEWPORT,
  preparePage,
  watchConsole,
} from "../support/page-checks";

/**
 * One sweep over every page, as a visitor first sees it, at desktop and phone width in both
 * languages: no console errors or hydration warnings, nothing wider than the screen, and on the phone
 * the first control above the fold, in every state; no serious or critical axe violation in each
 * colour scheme, scanned once per page (a scan costs seconds, the other checks milliseconds). A
 * full-page screenshot of each page at desktop and phone width in Spanish is kept under
 * .test-output/screenshots/ for people to look at; the page-specific specs test the interactions,
 * and the quality of states a visitor reaches only by using a page.
 */

/** What a page has finished doing once a visitor sees it whole (its checks run in the browser). */
type Ready = (page: Page, lang: Lang) => Promise<void>;

const testVectorsChecked: Ready = async (page) => {
  await expect(page.locator("[data-summary]")).toBeVisible({ timeout: 15_000 });
};
const dashboardVerified: Ready = async (page, lang) => {
  await expect(page.getByTestId("browser-verification").locator(".pill")).toHaveText(
    lang === "es" ? "VERIFICADO" : "VERIFIED",
  );
};

const PAGES: readonly { name: string; path: string; ready?: Ready }[] = [
  { name: "home", path: "/" },
  { name: "play", path: "/play" },
  { name: "verify", path: "/verify" },
  { name: "verify-session", path: `/verify?session=${E2E_SESSIONS.clean}` },
  { name: "test-vectors", path: "/test-vectors", ready: testVectorsChecked },
  { name: "incorporar", path: "/incorporar" },
  { name: "registro", path: "/registro" },
  { name: "registro-record", path: "/registro/demo-estudio-contable-autonomo" },
  { name: "registro-nueva", path: "/registro/nueva" },
  { name: "log", path: "/log" },
  { name: "glossary", path: "/glosario" },
  { name: "dashboard", path: `/dashboard/${E2E_SESSIONS.clean}`, ready: dashboardVerified },
  { name: "dashboard-unknown", path: `/dashboard/${E2E_SESSIONS.unknown}` },
  { name: "verify-long-id", path: `/verify?session=${E2E_SESSIONS.longUnbroken}` },
  { name: "dashboard-long-id", path: `/dashboard/${E2E_SESSIONS.longUnbroken}` },
  { name: "not-found", path: "/no-such-page" },
];

/**
 * Desktop in the default language; the phone width in both, since their texts wrap differently.
 * Each scheme's axe scan runs in one state, the two together covering both widths and languages:
 * the dark one at desktop width in Spanish, the light one on the phone in English.
 */
const STATES = [
  { width: "desktop", narrow: false, lang: "es", axe: "dark", shot: true },
  { width: "375px", narrow: true, lang: "es", axe: null, shot: true },
  { width: "375px", narrow: true, lang: "en", axe: "light", shot: false },
] as const;

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../.test-output/screenshots");

/** Keeps a screenshot of the page as it is now, for people to look at (not compared). */
async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * On a 375 x 812 phone: no element reaches past the right edge of the screen (content inside a box
 * that scrolls sideways on its own is that box's business), and the page's first control (a field,
 * a button or a link in the main area) is within the first screen, above the fold.
 */
const FIRST_CONTROL = "main :is(input:not([type=hidden]), select, textarea, button, a[href])";

async function expectFitsThePhone(page: Page): Promise<void> {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsItself = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === "auto" || style.overflowX === "scroll" || style.overflowX === "hidden") {
          return true;
        }
      }
      return false;
    };
    return [...document.body.querySelectorAll("*")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5 && !scrollsItself(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`);
  });
  expect(wide, "elements reaching past the 375 px screen").toEqual([]);

  const first = page.locator(FIRST_CONTROL).filter({ visible: true }).first();
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  expect(box, "the first control has a box").not.toBeNull();
  expect((box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0), "first control's bottom edge").toBeLessThanOrEqual(
    NARROW_VIEWPORT.height,
  );
}

for (const { name, path: url, ready } of PAGES) {
  const notFound = name === "not-found" || name === "dashboard-unknown";
  for (const { width, narrow, lang, axe, shot: keepShot } of STATES) {
    const fits = narrow && !notFound ? ", fits a 375 x 812 screen with its first control in view" : "";
    test(`${name} (${lang}, ${width}) loads cleanly${fits}`, async ({ page }) => {
      await preparePage(page, { lang, narrow });
      const problems = watchConsole(page);
      const res = await page.goto(url);
      expect(res?.status()).toBe(notFound ? 404 : 200);
      // Scripts have run (the dashboard keeps its live stream open, so never "networkidle").
      await page.waitForLoadState("load");
      await expect(page.locator("h1")).toBeVisible();
      await ready?.(page, lang);
      if (narrow) expect(page.viewportSize()?.width).toBe(NARROW_VIEWPORT.width);

      if (keepShot) {
        fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const file = path.join(SCREENSHOT_DIR, `${name}-${width}-${lang}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await test.info().attach(`${name}-${width}-${lang}`, { path: file, contentType: "image/png" });
      }

      await expectNoHorizontalOverflow(page);
      if (fits) await expectFitsThePhone(page);
      if (axe) {
        await page.emulateMedia({ colorScheme: axe });
        await expectNoSevereAxeViolations(page, `${axe} scheme`);
      }
      // The browser reports a not-found page's own 404 status (once more when it fetches the page's
      // payload again after hydration); nothing else may appear.
      const notFounds = problems.filter((p) => /status of 404/.test(p)).length;
      const expected = notFound
        ? Array.from({ length: Math.max(1, notFounds) }, () => expect.stringMatching(/status of 404/))
        : [];
      expect(problems).toEqual(expected);
    });
  }
}

test.describe("the header on a phone", () => {
  test("folds the menu behind one button that opens, closes with Escape and returns focus", async ({ page }) => {
    await preparePage(page, { lang: "es", narrow: true });
    await page.goto("/registro");
    const nav = page.getByRole("navigation", { name: "Principal" });
    const button = nav.getByRole("button", { name: "Menú" });
    const header = page.locator(".site-header");
    // One row: brand, language and menu button, no rows of links.
    expect((await header.boundingBox())?.height).toBeLessThan(72);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Verificar" })).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Directorio" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Verificar" })).toBeVisible();
    await shot(page, "header-menu-open-375px-es");
    await expectNoSevereAxeViolations(page, "menu open");

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await expect(nav.getByRole("link", { name: "Verificar" })).toBeHidden();

    await button.click();
    await nav.getByRole("link", { name: "Verificar" }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole("button", { name: "Menú" })).toHaveAttribute("aria-expanded", "false");
  });

  for (const lang of ["es", "en"] as const) {
    test(`never breaks "sociedades-IA" at its hyphen, from 280 px to a desktop (${lang})`, async ({ page }) => {
      await preparePage(page, { lang });
      await page.goto("/");
      // 280 px (the narrowest phones) is where an unprotected name splits at its hyphen; around
      // 1030 px the name sits beside a full row of links.
      for (const width of [280, 320, 375, 414, 480, 560, 640, 1030, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        // The tops of the lines the word's characters sit on: one line, one top.
        const tops = await page.locator(".site-header .brand").evaluate((brand) => {
          const walker = document.createTreeWalker(brand, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent?.indexOf("sociedades-IA") ?? -1;
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + "sociedades-IA".length);
            return [...new Set([...range.getClientRects()].map((r) => Math.round(r.top)))];
          }
          return null;
        });
        expect(tops, `${width} px`).toHaveLength(1);
      }
    });
  }

  test("shows every link in one row at 1280 px, with no menu button", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByRole("button", { name: "Menú" })).toBeHidden();
    await expect(nav.getByRole("link")).toHaveCount(7);
    for (const link of await nav.getByRole("link").all()) await expect(link).toBeVisible();
    expect((await page.locator(".site-header").boundingBox())?.height).toBeLessThan(72);
  });

  test("says the legal note once, with its details one link away", async ({ page }) => {
    await preparePage(page, { lang: "es", narrow: true });
    await page.goto("/incorporar");
    const note = page.getByRole("complementary", { name: "Aviso legal" });
    await expect(note).toContainText("pendiente de ley");
    // No second banner in the page itself.
    await expect(page.locator("main .notice")).toHaveCount(0);
    await note.getByRole("link", { name: "Detalles" }).click();
    await expect(page.getByRole("region", { name: "Aviso legal" })).toBeInViewport();
  });
});

test.describe("wide layouts", () => {
  test("/incorporar puts a live summary beside the form", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/incorporar");
    const summary = page.getByRole("complementary", { name: "Tu sociedad" });
    await expect(summary).toContainText("SOCIEDAD-IA");
    await page.getByLabel("Denominación").fill("Vista Previa SOCIEDAD-IA");
    await expect(summary).toContainText("Vista Previa SOCIEDAD-IA");
    await shot(page, "incorporar-live-summary-1280px-es");
    const form = await page.locator(".inc-form").boundingBox();
    const aside = await summary.boundingBox();
    // Side by side: the summary starts to the right of the form, level with it.
    expect(aside?.x).toBeGreaterThan((form?.x ?? 0) + (form?.width ?? 0));
  });

  test("the dashboard shows its timeline beside the verification", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
    const timeline = await page.locator("#dashboard-timeline").boundingBox();
    const verification = await page.locator("#dashboard-verification").boundingBox();
    expect(verification?.x).toBeGreaterThan((timeline?.x ?? 0) + (timeline?.width ?? 0));
    await shot(page, "dashboard-side-by-side-1280px-es");
    // The whole row fits: the HMAC column is inside the timeline's box, no sideways scroll.
    const lastCell = await page.locator(".timeline-table tbody tr").first().locator("td").last().boundingBox();
    expect((lastCell?.x ?? 0) + (lastCell?.width ?? 0)).toBeLessThanOrEqual(
      (timeline?.x ?? 0) + (timeline?.width ?? 0) + 1,
    );
  });

  test("on a phone the dashboard's timeline is a card per entry, every value on screen", async ({ page }) => {
    await preparePage(page, { lang: "es", narrow: true });
    await page.goto(`/dashboard/${E2E_SESSIONS.clean}`);
    const row = page.locator(".timeline-table tbody tr").first();
    for (const cell of await row.locator("td").all()) {
      const box = await cell.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(NARROW_VIEWPORT.width);
    }
    await expect(row.locator("td[data-label='HMAC']")).toBeVisible();
  });
});
