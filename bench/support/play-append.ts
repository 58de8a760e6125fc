// The append path of the benchmarks: POST /api/play with a prompt on which the scripted model calls
// exactly one tool (validar_cuit), so each request appends exactly one audit entry, and the answer
// acknowledges it with a `data-audit` part {sessionId, seq, hmac prefix}. There is no plain append
// endpoint: this is the cheapest real request that appends one entry.
import { cuitCheckDigit } from "../../lib/identity/cuit";
import type { AuditRef } from "../../lib/play/ui-message";

/** A valid CUIT made from a number (0..99,999,999): distinct numbers give distinct CUITs. */
export function cuitFor(n: number): string {
  for (const prefix of ["20", "23", "27"]) {
    const body = String(n).padStart(8, "0");
    const digit = cuitCheckDigit(`${prefix}${body}`);
    if (digit !== null) return `${prefix}-${body}-${digit}`;
  }
  throw new Error(`no valid CUIT for ${n}`);
}

/** The body of a play request that validates one CUIT (one tool call, one entry). */
export function playBody(cuit: string): string {
  return JSON.stringify({ messages: [{ role: "user", parts: [{ type: "text", text: `Validá el CUIT ${cuit}` }] }] });
}

/** The audit references a play answer streamed, in order; throws on a stream error part. */
export function auditAcks(sse: string): AuditRef[] {
  const acks: AuditRef[] = [];
  for (const event of sse.split("\n\n")) {
    const line = event.trim();
    if (!line.startsWith("data: {")) continue;
    const chunk = JSON.parse(line.slice(6)) as { type: string; data?: AuditRef; errorText?: string };
    if (chunk.type === "data-audit" && chunk.data) acks.push(chunk.data);
    if (chunk.type === "error" || chunk.type === "tool-output-error") {
      throw new Error(`the play stream reported: ${chunk.errorText ?? chunk.type}`);
    }
  }
  return acks;
}
