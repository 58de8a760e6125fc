import { randomUUID } from "node:crypto";
import type { Checkpoint } from "@sociedades-ia/incorporate/tlog";
// The writes the transparency-log proof drives (tests/integration/tlog-proof.test.ts and the
// full-size run, bench/tlog-proof.ts): incorporations through the HTTP API, a mix of new sessions,
// sessions many writes chain into, and refusals (which are recorded too), each keeping its receipt.
import type { Store } from "@/lib/store/types";
import { HANG_MS, send } from "./fault-client";
import { TYPICAL_INCORPORATION } from "./fixtures";
import { openLogCheckpoint, type Receipt, readStoredLeaves } from "./tlog-check";
import { sequenced } from "./tlog-layout";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One incorporation request of a burst: into a session of its own, or chained into a shared one. */
export interface Write {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** What a burst saw: the receipts of acknowledged writes and the sessions they wrote to. */
export interface Seen {
  receipts: Receipt[];
  sessions: Set<string>;
  notes: Set<string>;
  /** Writes sent again after a 503. */
  retried: number;
  /** Acknowledged writes answered without a receipt (replays only). */
  withoutReceipt: number;
}

export const newSeen = (): Seen => ({
  receipts: [],
  sessions: new Set(),
  notes: new Set(),
  retried: 0,
  withoutReceipt: 0,
});

/**
 * Sends one write; keeps its receipt when acknowledged (200, or 422 for a refusal it recorded).
 * Throws on a status not in `accept`. With `retries`, a 503 (outcome unknown) is sent again with the
 * same body after a pause, as the answer tells a client to: the service makes it at most once.
 */
export async function write(
  url: string,
  w: Write,
  seen: Seen,
  accept: number[] = [200, 422],
  retries = 0,
): Promise<number> {
  let answer = await send(url, "POST", "/api/auto-incorporate", { body: w.body, headers: w.headers });
  for (let left = retries; answer.status === 503 && left > 0; left--) {
    seen.retried++;
    await sleep(1000);
    answer = await send(url, "POST", "/api/auto-incorporate", { body: w.body, headers: w.headers });
  }
  if (!accept.includes(answer.status)) {
    throw new Error(`${w.body.denominacion}: answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  if (answer.status === 200 || answer.status === 422) {
    // A replay omits the receipt only when its append's checkpoint was never stored; counted apart.
    if (answer.body.transparency) seen.receipts.push(answer.body.transparency as Receipt);
    else seen.withoutReceipt++;
    seen.sessions.add(answer.body.audit.sessionId ?? answer.body.audit.entry.sessionId);
  }
  return answer.status;
}

/** Shared sessions that later writes chain into (each has its first entry already). */
export async function openChains(url: string, run: string, count: number, seen: Seen) {
  const chains: { sessionId: string; token: string }[] = [];
  for (let c = 0; c < count; c++) {
    const sessionId = randomUUID(); // incorporations take UUID session ids
    const body = { ...TYPICAL_INCORPORATION, denominacion: `Cadena ${run} ${c} SOCIEDAD-IA`, sessionId };
    const answer = await send(url, "POST", "/api/auto-incorporate", { body });
    if (answer.status !== 200) throw new Error(`opening ${sessionId}: answered ${answer.status}`);
    seen.receipts.push(answer.body.transparency as Receipt);
    seen.sessions.add(sessionId);
    chains.push({ sessionId, token: answer.headers.get("x-session-token") as string });
  }
  return chains;
}

/** A mix of writes: chained into shared sessions (3 in 5), new sessions, and recorded refusals. */
export function burst(run: string, count: number, chains: { sessionId: string; token: string }[], seen: Seen): Write[] {
  for (const chain of chains) seen.sessions.add(chain.sessionId);
  return Array.from({ length: count }, (_, i): Write => {
    const denominacion = `Carga ${run} ${i} SOCIEDAD-IA`;
    if (i % 5 < 3) {
      const chain = chains[i % chains.length] as { sessionId: string; token: string };
      return {
        body: { ...TYPICAL_INCORPORATION, denominacion, sessionId: chain.sessionId },
        headers: { "x-session-token": chain.token },
      };
    }
    // New sessions are named here, so that a write that got no answer is checked too.
    const sessionId = randomUUID();
    seen.sessions.add(sessionId);
    const refused = i % 5 === 4;
    return {
      body: { ...TYPICAL_INCORPORATION, denominacion, sessionId, ...(refused ? { capitalSocial: 10 } : {}) },
      headers: {},
    };
  });
}

/** Waits until the served checkpoint covers every stored leaf; returns it and the leaves. */
export async function converged(
  url: string,
  store: Store,
  vkey: string,
): Promise<{ final: Checkpoint; leaves: string[] }> {
  const deadline = Date.now() + HANG_MS;
  for (;;) {
    const [note, count] = await Promise.all([(await fetch(`${url}/log/checkpoint`)).text(), sequenced(store)]);
    const final = await openLogCheckpoint(note, vkey);
    if (final.size === count) return { final, leaves: await readStoredLeaves(store) };
    if (Date.now() > deadline) throw new Error(`the log stayed at ${final.size} of ${count} leaves`);
    await sleep(100);
  }
}
