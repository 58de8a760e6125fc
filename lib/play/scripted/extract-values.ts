import { toWhatsappNumber } from "../tools/enviar-whatsapp";
import { fold } from "./detect-lang";

/** What the scripted model reads out of a message: identifiers, amounts, quoted text and choices. */
export interface ExtractedValues {
  cuits: string[];
  cbus: string[];
  phones: string[];
  /** Amounts in pesos, in order of appearance. */
  amounts: number[];
  /** Text between double quotes, curly quotes or guillemets, with where it starts in the message. */
  quoted: { text: string; at: number }[];
  invoiceType: "A" | "B" | "C" | null;
  frequency: "semanal" | "mensual" | "anual" | null;
  dates: string[];
}

const CBU = /(?<!\d)(\d{8})[\s-]?(\d{14})(?!\d)/g;
const CUIT = /(?<!\d)((?:2[0-7]|3[0-4]))[-\s.]?(\d{7,8})[-\s.]?(\d)(?!\d)/g;
const PHONE = /(?<![\w+])\+?\d[\d\s()-]{6,}\d(?!\d)/g;
const DATE = /\b(\d{4}-\d{2}-\d{2})\b/g;
const QUOTED = /"([^"]{2,300})"|“([^”]{2,300})”|«([^»]{2,300})»/g;
const MONEY =
  /(?:(?:\$|ar\$|ars|pesos?)\s*(\d[\d.,]*)(?:\s*(mil|millones|millon|million|millions|k)\b)?)|(?:(\d[\d.,]*)\s*(mil|millones|millon|million|millions|k)?\s*(?:pesos|ars)\b)/g;
const BARE_NUMBER =
  /(?<![\w.,])(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:\s*(mil|millones|millon|million|millions|k)\b)?/g;

/** Reads a written number: 15.000,50 (Spanish), 15,000.50 (English), 15000, 1,5 or 1.5. */
export function parseAmount(raw: string, scale?: string): number | null {
  let s = raw.replace(/[.,]$/, "");
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const thousands = decimal === "." ? "," : ".";
    s = s.split(thousands).join("").replace(decimal, ".");
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? "." : ",";
    const grouped = new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+$`).test(s);
    s = grouped ? s.split(sep).join("") : s.replace(sep, ".");
  }
  const n = Number(s);
  if (!Number.isFinite(n) || n <= 0) return null;
  const factor = !scale ? 1 : scale === "mil" || scale === "k" ? 1_000 : 1_000_000;
  return Math.round(n * factor * 100) / 100;
}

/** Blanks out the matches `onMatch` accepts, so that one number is not read twice (a CUIT inside a phone, say). */
function take(text: string, pattern: RegExp, onMatch: (m: RegExpMatchArray) => boolean): string {
  let out = text;
  for (const m of text.matchAll(pattern)) {
    const at = m.index ?? 0;
    if (onMatch(m)) out = out.slice(0, at) + " ".repeat(m[0].length) + out.slice(at + m[0].length);
  }
  return out;
}

/** Extracts every value the planner may need from a user message. */
export function extractValues(message: string): ExtractedValues {
  const values: ExtractedValues = {
    cuits: [],
    cbus: [],
    phones: [],
    amounts: [],
    quoted: [],
    invoiceType: null,
    frequency: null,
    dates: [],
  };
  let rest = take(message, QUOTED, (m) => {
    values.quoted.push({ text: (m[1] ?? m[2] ?? m[3] ?? "").trim(), at: m.index ?? 0 });
    return true;
  });
  rest = take(rest, DATE, (m) => {
    values.dates.push(m[1] as string);
    return true;
  });
  rest = take(rest, CBU, (m) => {
    values.cbus.push(`${m[1]}${m[2]}`);
    return true;
  });
  rest = take(rest, CUIT, (m) => {
    values.cuits.push(`${m[1]}-${(m[2] as string).padStart(8, "0")}-${m[3]}`);
    return true;
  });
  rest = take(rest, PHONE, (m) => {
    const digits = m[0].replace(/\D/g, "");
    // Phones have at least 8 digits and a separator or a +; plain long numbers are amounts.
    if (digits.length < 8 || !/[+\s-]/.test(m[0].trim())) return false;
    const phone = toWhatsappNumber(m[0]);
    if (phone) values.phones.push(phone);
    return phone !== null;
  });
  const lower = fold(rest);
  const moneyLeft = take(lower, MONEY, (m) => {
    const amount = parseAmount((m[1] ?? m[3]) as string, m[2] ?? m[4]);
    if (amount !== null) values.amounts.push(amount);
    return amount !== null;
  });
  if (values.amounts.length === 0) {
    take(moneyLeft, BARE_NUMBER, (m) => {
      const amount = parseAmount(m[1] as string, m[2]);
      if (amount !== null && amount >= 10) values.amounts.push(amount);
      return true;
    });
  }
  // The letter must be a capital: "factura a Juan" is Spanish for "an invoice to Juan".
  const type =
    /\b[Ff]acturas?\s+(?:[Tt]ipo\s+)?([ABC])\b/.exec(message) ??
    /\b[Ff]acturas?\s+tipo\s+([abc])\b/i.exec(message) ??
    /\b(?:type\s+)?([ABC])\s+invoices?\b/.exec(message) ??
    /\binvoices?\s+(?:of\s+)?type\s+([abc])\b/i.exec(message);
  values.invoiceType = type ? ((type[1] as string).toUpperCase() as "A" | "B" | "C") : null;
  const folded = fold(message);
  values.frequency = /\b(semanal|semanalmente|cada semana|weekly|every week)\b/.test(folded)
    ? "semanal"
    : /\b(anual|anualmente|cada ano|yearly|annual|annually|every year)\b/.test(folded)
      ? "anual"
      : /\b(mensual|mensualmente|cada mes|monthly|every month)\b/.test(folded)
        ? "mensual"
        : null;
  return values;
}
