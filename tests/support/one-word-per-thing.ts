import { expect, type Page } from "@playwright/test";
import type { Lang } from "./page-checks";

/**
 * Spanish uses "registro" for one thing only, the transparency log ("registro de transparencia"); the
 * audit log is "bitácora", the registry "directorio", one record "ficha". What may still say
 * "registro" is the State's public registry, which the legal roadmap names, and the path /registro.
 */
const SPANISH_ALLOWED = /\/registro|registros? (?:de transparencia|público|provincial|de la provincia)/gi;
/**
 * English calls the registry "directory"; "registry" stays for outside ones, for API names and for
 * the glossary's note that the identifiers keep that older name.
 */
const ENGLISH_ALLOWED =
  /(?:tax|debtor|company|public|provincial|MCP) registry|\/api\/registry|registry\.[a-z]|older name “registry”/gi;

/** What a person reads on the page now: its text, image alt texts, titles and the tab's title. */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const alts = [...document.querySelectorAll("img[alt], [title], [aria-label]")].map(
      (el) =>
        `${el.getAttribute("alt") ?? ""} ${el.getAttribute("title") ?? ""} ${el.getAttribute("aria-label") ?? ""}`,
    );
    return [document.title, document.body.innerText, ...alts].join("\n");
  });
}

/**
 * Fails when the page calls the audit log a "registro (de auditoría)", or the registry a "registro"
 * or a "registry": the words the glossary gives each thing are the only ones.
 */
export async function expectOneWordPerThing(page: Page, lang: Lang): Promise<void> {
  const text = await readableText(page);
  if (lang === "es") {
    const left = text.replace(SPANISH_ALLOWED, "");
    const lines = left.split("\n").filter((line) => /\bregistros?\b/i.test(line));
    expect(lines, `"registro" used for something else than the transparency log on ${page.url()}`).toEqual([]);
  } else {
    const left = text.replace(ENGLISH_ALLOWED, "");
    const lines = left.split("\n").filter((line) => /\bregistry\b/i.test(line));
    expect(lines, `"registry" left on ${page.url()}`).toEqual([]);
  }
}
