import { getConfig } from "../config/config";
import type { LogWitness } from "../config/witnesses";
import { afterAnswer } from "../http/after-answer";
import { randomToken } from "../identity/random-token";
import { getStore } from "../store";
import type { Store } from "../store/types";
import { requestCosignature } from "./witness-client";
import { readWitnessStatuses, type WitnessStatus, witnessSlotKey } from "./witness-status";

const LOOPS = Symbol.for("sia.tlog.witness-loops");
type Loop = {
  running: boolean;
  /** The request in flight, if any. */
  inflight: Promise<WitnessStatus | null> | null;
  again: boolean;
  timer: NodeJS.Timeout | null;
  /** The failure last written to the server log, and when: a refusal is said once, not every try. */
  told: { error: string; at: number } | null;
};

/** A failure that goes on is written to the server log again this often, not at every try. */
const RETELL_MS = 10 * 60_000;
type LoopGlobal = typeof globalThis & { [LOOPS]?: Map<string, Loop> };

/**
 * Asks each configured witness to cosign the latest checkpoint, in the background: a write never
 * waits for a witness. At most one request per witness per TLOG_WITNESS_INTERVAL across processes
 * (a claim in the store); a checkpoint that arrives meanwhile, or a witness that failed, is tried
 * again once the interval has passed, so the latest checkpoint is eventually sent without another
 * write. The request is work after the answer (after()); without background timers the retry is
 * left to the cron route (witnessNow). Never throws.
 */
export function witnessInBackground(store: Store = getStore()): void {
  const { witnesses } = getConfig().tlog.witnesses;
  for (const witness of witnesses) schedule(witness, store);
}

function loopOf(witness: LogWitness): Loop {
  const g = globalThis as LoopGlobal;
  g[LOOPS] ??= new Map();
  let loop = g[LOOPS].get(witness.label);
  if (!loop) {
    loop = { running: false, inflight: null, again: false, timer: null, told: null };
    g[LOOPS].set(witness.label, loop);
  }
  return loop;
}

function schedule(witness: LogWitness, store: Store): void {
  const loop = loopOf(witness);
  if (loop.running) {
    loop.again = true;
    return;
  }
  if (loop.timer !== null) return; // a try is already due; it sends the latest checkpoint then
  loop.inflight = run(witness, store, loop);
  afterAnswer(loop.inflight);
}

/** A witness's stored status after the round (null before its first answer). */
export interface WitnessRound {
  label: string;
  status: WitnessStatus | null;
}

/**
 * Asks every witness now for the latest checkpoint, each at most once per interval as always: the
 * scheduled call's work, so that the latest checkpoint is witnessed with no timer left running.
 */
export async function witnessNow(store: Store = getStore()): Promise<WitnessRound[]> {
  const { witnesses } = getConfig().tlog.witnesses;
  return Promise.all(
    witnesses.map(async (witness) => {
      const loop = loopOf(witness);
      // A request this process has in flight first (the round's own integration may have sent it).
      await loop.inflight;
      const asked = await run(witness, store, loop);
      // Another request holds the slot this interval: what it got is in the store.
      const status = asked ?? (await readWitnessStatuses(store, [witness]))[0]?.status ?? null;
      return { label: witness.label, status };
    }),
  );
}

/**
 * Writes a witness's failure to the server log when it first happens or changes, and again every
 * RETELL_MS while it lasts; and says when the witness cosigns again. A log its witnesses refuse is
 * a fork or a misconfiguration: its operator must see it without polling /api/health.
 */
function tellOutcome(witness: LogWitness, status: WitnessStatus, loop: Loop, now = Date.now()): void {
  if (status.error === null) {
    if (loop.told !== null) console.error(`[tlog] witness ${witness.label} cosigned size ${status.size} again`);
    loop.told = null;
    return;
  }
  if (loop.told?.error === status.error && now - loop.told.at < RETELL_MS) return;
  loop.told = { error: status.error, at: now };
  const what = status.errorKind === "refused" ? "REFUSED this log's checkpoint" : "could not be asked";
  console.error(`[tlog] witness ${witness.label} (${witness.url}) ${what}: ${status.error}`);
}

async function run(witness: LogWitness, store: Store, loop: Loop): Promise<WitnessStatus | null> {
  const { intervalMs, timeoutMs } = getConfig().tlog.witnesses;
  loop.running = true;
  loop.again = false;
  let retry = false;
  let answer: WitnessStatus | null = null;
  try {
    const claimed = await store.set(witnessSlotKey(witness), randomToken(), {
      nx: true,
      ttlMs: intervalMs,
      volatile: true,
    });
    if (!claimed) retry = true;
    else {
      const status = await requestCosignature(witness, store, { timeoutMs });
      retry = status?.error != null;
      if (status) tellOutcome(witness, status, loop);
      answer = status ?? null;
    }
  } catch (err) {
    console.error(`[tlog] witness ${witness.label}: ${(err as Error).message}`);
    retry = true;
  } finally {
    loop.running = false;
  }
  if ((retry || loop.again) && getConfig().backgroundTimers) {
    loop.timer = setTimeout(() => {
      loop.timer = null;
      schedule(witness, store);
    }, intervalMs);
    loop.timer.unref();
  }
  return answer;
}
