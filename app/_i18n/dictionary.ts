import { audit } from "@/app/_i18n/audit-words";
import { dashboard } from "@/app/(pages)/dashboard/[sessionId]/words";
import { glossary } from "@/app/(pages)/glosario/words";
import { home } from "@/app/(pages)/home-words";
import { incorporate } from "@/app/(pages)/incorporar/words";
import { transparencyLog } from "@/app/(pages)/log/words";
import { play } from "@/app/(pages)/play/words";
import { registry } from "@/app/(pages)/registro/words";
import { testVectors } from "@/app/(pages)/test-vectors/words";
import { verify } from "@/app/(pages)/verify/words";
import type { Lang } from "@/lib/i18n";
import { common } from "@/lib/i18n/messages/common";

// Each page's words live beside the page (words.ts); the shell's are in lib/i18n/messages/common.ts.
// One namespace per page or area: add the page's words.ts and list it here.
const es = {
  ...common.es,
  home: home.es,
  play: play.es,
  registry: registry.es,
  audit: audit.es,
  verify: verify.es,
  testVectors: testVectors.es,
  dashboard: dashboard.es,
  incorporate: incorporate.es,
  tlog: transparencyLog.es,
  glossary: glossary.es,
};
const en: typeof es = {
  ...common.en,
  home: home.en,
  play: play.en,
  registry: registry.en,
  audit: audit.en,
  verify: verify.en,
  testVectors: testVectors.en,
  dashboard: dashboard.en,
  incorporate: incorporate.en,
  tlog: transparencyLog.en,
  glossary: glossary.en,
};

/** Every string of the site in one language. */
export type Dictionary = typeof es;

const dictionaries: Record<Lang, Dictionary> = { es, en };

/** The dictionary for `lang`: `t(lang).nav.home`. Server code only: it holds both languages. */
export function t(lang: Lang): Dictionary {
  return dictionaries[lang];
}
