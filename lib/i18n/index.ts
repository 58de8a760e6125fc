import type { Lang } from "./lang";
import { audit } from "./messages/audit";
import { common } from "./messages/common";
import { dashboard } from "./messages/dashboard";
import { glossary } from "./messages/glossary";
import { home } from "./messages/home";
import { incorporate } from "./messages/incorporate";
import { play } from "./messages/play";
import { registry } from "./messages/registry";
import { testVectors } from "./messages/test-vectors";
import { transparencyLog } from "./messages/transparency-log";
import { verify } from "./messages/verify";

export * from "./lang";

// One namespace per page or area; add a file under messages/ and list it here.
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

/** The dictionary for `lang`: `t(lang).nav.home`. */
export function t(lang: Lang): Dictionary {
  return dictionaries[lang];
}
