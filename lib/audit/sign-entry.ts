import { canonicalMembers, hmacOf, joinMembers, withStringMember } from "../signing/canonical";
import { toWellFormedJson } from "../text/well-formed";
import type { AuditEntry, AuditEvent } from "./entry";

export interface SignInput extends AuditEvent {
  sessionId: string;
  seq: number;
  ts: string;
  prev: string | null;
}

/** Builds and signs the entry at `seq`, returning it with its full canonical form (the next `prev`). */
export function signEntry(input: SignInput, key: { kid: string; secret: string }): { entry: AuditEntry; full: string } {
  const unsigned = {
    id: `${input.sessionId}:${input.seq}`,
    sessionId: input.sessionId,
    seq: input.seq,
    ts: input.ts,
    kind: input.kind,
    action: input.action,
    // What callers pass may hold text cut inside an emoji, or a model's lone \ud800: a lone surrogate has
    // no canonical form, so it is stored as U+FFFD instead of failing the write.
    actor: toWellFormedJson(input.actor),
    input: toWellFormedJson(input.input ?? null),
    output: toWellFormedJson(input.output ?? null),
    outcome: input.outcome,
    prev: input.prev,
    kid: key.kid,
  };
  // Canonicalised once: the full form is the signed one with the `hmac` member in its sorted place.
  const members = canonicalMembers(unsigned);
  const hmac = hmacOf(joinMembers(members), key.secret);
  const full = joinMembers(withStringMember(members, "hmac", hmac));
  return { entry: { ...unsigned, hmac }, full };
}
