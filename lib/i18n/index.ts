import type { Message, MessageTree } from "./define-messages";
import type { Lang } from "./lang";
import { audit } from "./messages/audit";
import { common } from "./messages/common";
import { dashboard } from "./messages/dashboard";
import { home } from "./messages/home";
import { incorporate } from "./messages/incorporate";
import { play } from "./messages/play";
import { registry } from "./messages/registry";
import { testVectors } from "./messages/test-vectors";
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
};

/** Every string of the site in one language. */
export type Dictionary = typeof es;

/** Dotted path of a message, e.g. `"nav.verify"` or `"home.title"`. */
export type MessageKey<T extends MessageTree = Dictionary, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends MessageTree ? MessageKey<T[K], `${P}${K}.`> : `${P}${K}`;
}[keyof T & string];

const dictionaries: Record<Lang, Dictionary> = { es, en };

/** The dictionary for `lang`: `t(lang).nav.home`. */
export function t(lang: Lang): Dictionary {
  return dictionaries[lang];
}

/** Looks a message up by its dotted key, for code that carries keys around (e.g. error codes). */
export function message(lang: Lang, key: MessageKey): Message {
  let node: Message | MessageTree = dictionaries[lang];
  for (const part of key.split(".")) {
    if (typeof node !== "object") break;
    const child: Message | MessageTree | undefined = node[part];
    if (child === undefined) break;
    node = child;
  }
  if (typeof node === "object") throw new Error(`i18n: "${key}" names a group, not a message`);
  return node;
}
