/**
 * The alt text of a badge image, one wording per language for every page and snippet that shows one
 * (a page that knows the verdict adds it after a colon). It names the badge by its own label
 * (render-badge.ts), so what a screen reader says matches the picture.
 */
export const BADGE_ALT: Readonly<Record<"es" | "en", string>> = {
  es: "Insignia de la bitácora",
  en: "Audit log badge",
};
