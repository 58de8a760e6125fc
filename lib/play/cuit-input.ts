import { z } from "zod";
import { isValidCuit, normaliseCuit } from "../identity/cuit";

/** Input field of every tool that takes a CUIT: 11 digits, hyphens optional. */
export const cuitField = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .describe("Argentine CUIT/CUIL: 11 digits, with or without hyphens, e.g. 20-17254359-7 or 20172543597.");

export interface ReadCuit {
  /** Written as NN-NNNNNNNN-N when it has 11 digits (or the 7-digit-DNI form); else as given. */
  cuit: string;
  format: boolean;
  valid: boolean;
  kind: "persona_humana" | "persona_juridica" | "desconocido";
}

const HUMAN = new Set(["20", "23", "24", "27"]);
const LEGAL = new Set(["30", "33", "34"]);

/** Normalises a CUIT as people write it and checks it with lib/identity/cuit.ts. */
export function readCuit(raw: string): ReadCuit {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/[\s.-]/g, "");
  // A model may write the digits with spaces or dots: 11 of them get the forms' written form.
  const cuit = /^\d{11}$/.test(digits) ? normaliseCuit(digits) : trimmed;
  const format = /^\d{2}-\d{7,8}-\d$/.test(cuit);
  const prefix = cuit.slice(0, 2);
  const kind = HUMAN.has(prefix) ? "persona_humana" : LEGAL.has(prefix) ? "persona_juridica" : "desconocido";
  return { cuit, format, valid: format && isValidCuit(cuit), kind: format ? kind : "desconocido" };
}
