import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_SESSIONS } from "../support/e2e-sessions";
import { expectCleanPage, NARROW_VIEWPORT, preparePage, watchConsole } from "../support/page-checks";

/**
 * One sweep over every page, as a visitor first sees it, at desktop and phone width in both
 * languages: no console errors or hydration warnings, no serious or critical axe violation, nothing
 * wider than the screen. Each state's full-page screenshot is kept under
 * .test-output/screenshots/ (one file per page, width and language) for people to look at; the
 * page-specific specs test the interactions.
 */

const PAGES = [
  { name: "home", path: "/" },
  { name: "play", path: "/play" },
  { name: "verify", path: "/verify" },
  { name: "verify-session", path: `/verify?session=${E2E_SESSIONS.clean}` },
  { name: "test-vectors", path: "/test-vectors" },
  { name: "incorporar", path: "/incorporar" },
  { name: "registro", path: "/registro" },
  { name: "log", path: "/log" },
  { name: "glossary", path: "/glosario" },
  { name: "dashboard", path: `/dashboard/${E2E_SESSIONS.clean}` },
  { name: "dashboard-unknown", path: `/dashboard/${E2E_SESSIONS.unknown}` },
  { name: "verify-long-id", path: `/verify?session=${E2E_SESSIONS.longUnbroken}` },
  { name: "dashboard-long-id", path: `/dashboard/${E2E_SESSIONS.longUnbroken}` },
  { name: "not-found", path: "/no-such-page" },
] as const;

/** Desktop in the default language; the phone width in both, since their texts wrap differently. */
const STATES = [
  { width: "desktop", narrow: false, lang: "es" },
  { width: "375px", narrow: true, lang: "es" },
  { width: "375px", narrow: true, lang: "en" },
] as const;

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../.test-output/screenshots");

for (const { name, path: url } of PAGES) {
  for (const { width, narrow, lang } of STATES) {
    test(`${name} (${lang}, ${width}) loads cleanly`, async ({ page }) => {
      await preparePage(page, { lang, narrow });
      const problems = watchConsole(page);
      const res = await page.goto(url);
      const notFound = name === "not-found" || name === "dashboard-unknown";
      expect(res?.status()).toBe(notFound ? 404 : 200);
      // Scripts have run (the dashboard keeps its live stream open, so never "networkidle").
      await page.waitForLoadState("load");
      await expect(page.locator("h1")).toBeVisible();
      if (narrow) expect(page.viewportSize()?.width).toBe(NARROW_VIEWPORT.width);

      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = path.join(SCREENSHOT_DIR, `${name}-${width}-${lang}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await test.info().attach(`${name}-${width}-${lang}`, { path: file, contentType: "image/png" });

      // The browser reports a not-found page's own 404 status (once more when it fetches the page's
      // payload again after hydration); nothing else may appear.
      const notFounds = problems.filter((p) => /status of 404/.test(p)).length;
      const expected = notFound
        ? Array.from({ length: Math.max(1, notFounds) }, () => expect.stringMatching(/status of 404/))
        : [];
      await expectCleanPage(page, problems, expected);
    });
  }
}
