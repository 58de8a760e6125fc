import type { Disclosure } from "./record-schema";

/**
 * Disclosures the service writes itself, by name. A stored entry holds the name instead of the text
 * (seal-entry.ts): every formed company would otherwise keep the same two paragraphs. A named text
 * never changes, or stored entries would change meaning under their seals: a new text takes a new name.
 */
export const FIXED_DISCLOSURES: Readonly<Record<string, Disclosure>> = Object.freeze({
  "formed/1": Object.freeze({
    es: "Sociedad en formación: se constituyó con este servicio y todavía no opera ni fue certificada. Sus datos provienen de la solicitud de constitución.",
    en: "Company in formation: it was incorporated with this service and does not operate yet, nor has it been certified. Its data comes from the incorporation request.",
  }),
});

/** The name of a fixed disclosure with exactly this text, or null. */
export function fixedDisclosureName(disclosure: Disclosure): string | null {
  for (const [name, fixed] of Object.entries(FIXED_DISCLOSURES)) {
    if (fixed.es === disclosure.es && fixed.en === disclosure.en && Object.keys(disclosure).length === 2) return name;
  }
  return null;
}

/** The text of a fixed disclosure by name, or undefined for a name the service never wrote. */
export function fixedDisclosure(name: string): Disclosure | undefined {
  return Object.hasOwn(FIXED_DISCLOSURES, name) ? FIXED_DISCLOSURES[name] : undefined;
}
