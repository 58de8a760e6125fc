import type { Lang } from "../../i18n/lang";

// Building an Intl.NumberFormat costs far more than using one: one per language, made once.
const CENTS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const MONEY_FORMAT: Record<Lang, Intl.NumberFormat> = {
  es: new Intl.NumberFormat("es-AR", CENTS),
  en: new Intl.NumberFormat("en-US", CENTS),
};

/** An amount in pesos as people in each language write it: $ 15.000,00 or ARS 15,000.00. */
export function money(n: unknown, lang: Lang): string {
  const text = MONEY_FORMAT[lang].format(typeof n === "number" ? n : Number(n));
  return lang === "es" ? `$ ${text}` : `ARS ${text}`;
}

/** A YYYY-MM-DD date as 15/01/2026 (es) or 2026-01-15 (en, unambiguous). */
export function day(date: unknown, lang: Lang): string {
  const s = String(date);
  if (lang === "en" || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const [y, m, d] = s.split("-");
  return `${d}/${m}/${y}`;
}
