/**
 * Text made safe inside HTML or SVG markup, in element content and quoted attributes: the five
 * markup characters become numeric character references.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
