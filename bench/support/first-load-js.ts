// First-load JavaScript of a page: the gzipped size of every external script its HTML loads
// (<script src>, without the nomodule ones that modern browsers skip). Inline scripts are part of
// the HTML and not counted.
import { gzipSync } from "node:zlib";

const SCRIPT_TAG = /<script\b([^>]*)>/gi;
const SRC = /\bsrc=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** The src of every external, non-nomodule script in an HTML document, in order, without repeats. */
export function externalScripts(html: string): string[] {
  const found = new Set<string>();
  for (const [, attributes = ""] of html.matchAll(SCRIPT_TAG)) {
    if (/\bnomodule\b/i.test(attributes)) continue;
    const src = SRC.exec(attributes);
    const value = src?.[1] ?? src?.[2] ?? src?.[3];
    if (value) found.add(value.replaceAll("&amp;", "&"));
  }
  return [...found];
}

export interface FirstLoad {
  page: string;
  scripts: number;
  gzipBytes: number;
}

/** Fetches the page and its scripts from `base` and sums the scripts' gzipped sizes. */
export async function firstLoadJs(base: string, page: string): Promise<FirstLoad> {
  const res = await fetch(new URL(page, base));
  if (res.status !== 200) throw new Error(`GET ${page} answered ${res.status}`);
  const scripts = externalScripts(await res.text());
  let gzipBytes = 0;
  for (const src of scripts) {
    const script = await fetch(new URL(src, new URL(page, base)));
    if (script.status !== 200) throw new Error(`GET ${src} (a script of ${page}) answered ${script.status}`);
    // Compressed here at zlib's default level, as a server compressing on the fly would send it.
    gzipBytes += gzipSync(Buffer.from(await script.arrayBuffer())).length;
  }
  return { page, scripts: scripts.length, gzipBytes };
}
