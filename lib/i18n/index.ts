import type { Message, MessageTree } from "./define-messages";
import type { Lang } from "./lang";
import { common } from "./messages/common";
import { home } from "./messages/home";

export * from "./lang";

// One namespace per page or area; add a file under messages/ and list it here.
const es = { ...common.es, home: home.es };
const en: typeof es = { ...common.en, home: home.en };

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
