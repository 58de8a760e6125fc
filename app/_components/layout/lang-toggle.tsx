import type { Dictionary } from "@/app/_i18n/dictionary";
import { type Lang, langSwitchHref, otherLang } from "@/lib/i18n";

/**
 * Switches between Spanish and English with a plain link to /lang, which sets the `lang` cookie and
 * redirects back (to `next`, else to the referring page). Works without JavaScript. The label is in
 * the target language and marked as such, so screen readers pronounce it right.
 */
export function LangToggle({ lang, dictionary, next }: { lang: Lang; dictionary: Dictionary; next?: string }) {
  const target = otherLang(lang);
  return (
    <p className="lang-toggle">
      <span className="visually-hidden">{dictionary.lang.label}: </span>
      <a href={langSwitchHref(target, next)} hrefLang={target} lang={target} rel="nofollow">
        {dictionary.lang[target]}
      </a>
    </p>
  );
}
