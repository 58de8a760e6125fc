import type { Lang } from "../../i18n/lang";

/** Lowercase, without accents: "Validá" and "valida" read the same. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const SPANISH = new Set(
  "el la los las de del que y por para con una un al es mi su como cual cuanto esta este hola emiti emitir manda mandale enviar envia valida validar consulta consultar busca buscar cobrale cobrar factura dolar deudas sociedad empresa diciendo necesito quiero".split(
    " ",
  ),
);
const ENGLISH = new Set(
  "the and of to for with please is are what my an this that hi hello issue send validate check look up search charge invoice rate dollar company saying need want how much".split(
    " ",
  ),
);

/** The language a message is written in, by counting common words; Spanish when unsure. */
export function detectLang(text: string): Lang {
  if (/[¿¡ñ]/i.test(text)) return "es";
  let es = 0;
  let en = 0;
  for (const word of fold(text).match(/[a-z]+/g) ?? []) {
    if (SPANISH.has(word)) es++;
    if (ENGLISH.has(word)) en++;
  }
  return en > es ? "en" : "es";
}
