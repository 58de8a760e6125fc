import type { Lang } from "./lang";

/**
 * An amount of pesos as each language writes it: `$ 2.000.000,5` in Spanish, `ARS 2,000,000.5` in
 * English. The one money format of the pages and the incorporation findings. Written by hand rather than with Intl, whose output (spaces, symbols) differs between the
 * server's and the browser's ICU and would break hydration.
 */
export function formatPesos(amount: number, lang: Lang): string {
  const [whole = "0", fraction] = Math.abs(amount)
    .toFixed(2)
    .replace(/\.?0+$/, "")
    .split(".");
  const group = lang === "es" ? "." : ",";
  const decimal = lang === "es" ? "," : ".";
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const sign = amount < 0 ? "-" : "";
  // A no-break space keeps the currency with its number when the line wraps.
  return `${lang === "es" ? "$\u00a0" : "ARS\u00a0"}${sign}${grouped}${fraction ? `${decimal}${fraction}` : ""}`;
}
