import { cookies } from "next/headers";
import { cache } from "react";
import { LANG_COOKIE, type Lang, parseLang } from "@/lib/i18n";
import { type Dictionary, t } from "./dictionary";

/** The visitor's language from the `lang` cookie (Spanish when absent or unknown). Server only. */
export const getLang = cache(async (): Promise<Lang> => {
  const store = await cookies();
  return parseLang(store.get(LANG_COOKIE)?.value);
});

/** Language and its dictionary, for server components and `generateMetadata`. */
export async function getDictionary(): Promise<{ lang: Lang; d: Dictionary }> {
  const lang = await getLang();
  return { lang, d: t(lang) };
}
