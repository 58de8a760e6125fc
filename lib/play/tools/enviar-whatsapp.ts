import { tool } from "ai";
import { z } from "zod";
import { SandboxSeed } from "../sandbox";
import { ToolRejection } from "../tool-rejection";

/**
 * The number in E.164 as WhatsApp uses it, or null. Argentine numbers written nationally (10 digits
 * with area code, e.g. 11 5555-1234, optionally with the leading 0 and the old mobile 15 after the
 * area code) or internationally with or without the mobile 9 become +54 9 + 10 digits; other
 * countries must be written with + and 8-15 digits.
 */
export function toWhatsappNumber(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  let national: string | null = null;
  if (digits.startsWith("54") && (trimmed.startsWith("+") || digits.length >= 12)) {
    const rest = digits.slice(2);
    national = rest.startsWith("9") && rest.length === 11 ? rest.slice(1) : rest;
  } else if (!trimmed.startsWith("+")) {
    national = digits.startsWith("0") ? digits.slice(1) : digits;
  } else {
    return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  }
  // The old local mobile form puts 15 after the area code (2 to 4 digits): 11 15 5555-1234.
  if (national.length === 12) {
    const len = [2, 3, 4].find((n) => national?.slice(n, n + 2) === "15");
    if (len) national = national.slice(0, len) + national.slice(len + 2);
  }
  return /^[1-9]\d{9}$/.test(national) ? `+549${national}` : null;
}

/** enviar_whatsapp: a mock of sending a WhatsApp Business text message. */
export const enviarWhatsapp = tool({
  description:
    "Send a WhatsApp text message to a phone number (Argentine numbers may be written nationally, e.g. 11 5555-1234). Sandbox: the message is accepted and given an id, but nothing is delivered.",
  inputSchema: z.object({
    telefono: z.string().trim().min(6).max(30).describe("Recipient phone, e.g. +54 9 11 5555-1234 or 11 5555-1234."),
    mensaje: z.string().trim().min(1).max(1000).describe("The text to send."),
  }),
  execute: ({ telefono, mensaje }) => {
    const para = toWhatsappNumber(telefono);
    if (!para) {
      throw new ToolRejection(`"${telefono}" is not a phone number WhatsApp can reach.`, [
        { code: "telefono_invalido", field: "telefono", message: "Not a valid phone number." },
      ]);
    }
    const seed = new SandboxSeed("whatsapp", { para, mensaje });
    return {
      sandbox: true,
      estado: "aceptado",
      messageId: `wamid.SANDBOX.${seed.hex(24).toUpperCase()}`,
      para,
      caracteres: [...mensaje].length,
      entregado: false,
    };
  },
});
