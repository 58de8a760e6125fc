/**
 * The half of an envVars description in `lang` (the whole text when it has no " / "), for pages
 * that show one language: a description from an older answer may not be split.
 */
export function envVarDescriptionIn(description: string, lang: "es" | "en"): string {
  const [es = description, en, ...rest] = description.split(" / ");
  return en === undefined || rest.length > 0 ? description : lang === "es" ? es : en;
}
