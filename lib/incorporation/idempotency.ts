import { hash, randomUUID } from "node:crypto";
import { ApiError } from "../http/problem";
import { PUBLIC_SCOPE } from "../identity/caller-scope";
import { canonicalJson } from "../signing/canonical";
import { type Seal, sealHolds, sealOfJson } from "../signing/seal";
import { getStore } from "../store";
import { storeAlarm } from "../store/store-alarm";
import type { BatchWrite } from "../store/types";

/**
 * Idempotent execution of a write. The first request atomically claims its key (SET NX) and runs;
 * a concurrent twin finds the claim and waits for the stored answer instead of running again; later
 * replays get the stored answer. The work stores its answer in the same atomic batch as its effects,
 * as a compare-and-set on its own claim: effects and answer land together, and only once even if a
 * claim expired under a slow runner and a twin ran too. A runner whose work fails releases its claim
 * (a compare-and-delete, so a twin's claim or answer stays); one that died (or hit an outage) leaves
 * it to expire after PENDING_TTL_MS, within a waiting twin's patience, so the key is never stuck.
 * A stored answer is sealed (an HMAC under the audit keys over its key and every member): a replay
 * hands out only an answer the service stored under this very key, never one edited in the store.
 */
const PENDING_TTL_MS = 10_000;
const DONE_TTL_MS = 24 * 60 * 60_000;
const WAIT_MS = 20_000;

type Done = { state: "done"; bodyHash: string; status: number; body: unknown; meta: Record<string, string> };
type Slot = { state: "pending"; bodyHash: string; runner: string } | (Done & Partial<Seal>);

const PURPOSE = "sia.idempotent-answer.v1";

// The members as JSON.stringify writes them: a parsed answer stringifies back to the same text (it
// keeps its members' order), so the seal needs no canonical form, whose sorting cost as much as the
// rest of the seal.
const sealParts = (key: string, done: Done) => [key, done.bodyHash, done.status, done.body, done.meta] as const;

/**
 * A stored answer as the store holds it: its members and their seal under `key`. Each member's JSON
 * is made once, for the seal and for the stored text (the answer's body is most of both).
 */
export function sealedAnswer(key: string, done: Done): string {
  const [k, bodyHash, status, body, meta] = sealParts(key, done).map((part) => JSON.stringify(part) ?? "null");
  const { kid, mac } = sealOfJson(PURPOSE, [k, bodyHash, status, body, meta] as string[]);
  return `{"state":"done","bodyHash":${bodyHash},"status":${status},"body":${body},"meta":${meta},"kid":${JSON.stringify(kid)},"mac":${JSON.stringify(mac)}}`;
}

/** A stored answer the service sealed under this key, or 409 idempotent_answer_corrupt and an alarm. */
function openAnswer(key: string, slot: Done & Partial<Seal>): Done {
  const { state, bodyHash, status, body, meta } = slot;
  const done: Done = { state, bodyHash, status, body, meta };
  let holds = false;
  try {
    holds = sealHolds(PURPOSE, sealParts(key, done), slot);
  } catch {
    // A value without a JSON form (edited in by hand) fails the seal like any other edit.
  }
  if (holds) return done;
  storeAlarm("incorporation", "stored idempotent answer fails its seal; replay refused", key.slice(0, 40));
  throw new ApiError(
    "idempotent_answer_corrupt",
    "The answer stored for this request is not one this service sealed (the store was edited), so it is not handed out; nothing was written. Send the request with a new Idempotency-Key to run it afresh.",
  );
}

export interface IdempotentResult<T> {
  status: number;
  /** The work's own answer; on a replay, the body its runner stored (which may be a compact form). */
  body: unknown;
  /** Stored facts about the answer that are not in its body (e.g. the session id for headers). */
  meta: Record<string, string>;
  /** Present only for the caller that ran the work (e.g. secrets shown once). */
  live: T | null;
  replayed: boolean;
}

export interface WorkResult<T> {
  status: number;
  /** The answer for this caller (the stored one goes through `claim.answer`). */
  body: unknown;
  meta: Record<string, string>;
  live: T;
}

/** What the work gets from its claim. */
export interface IdempotencyClaim {
  /**
   * The write that stores the answer: put it in the batch that writes the work's effects. The store
   * refuses it ("changed") when another runner's answer or claim holds the key.
   */
  answer(result: Omit<WorkResult<unknown>, "live">): BatchWrite;
  /** Throw this when the answer write was refused: the caller then waits for the other runner's answer. */
  lost(): Error;
}

class ClaimLost extends Error {}

export function sha256Hex(text: string): string {
  return hash("sha256", text, "hex");
}

/**
 * The slot key: the client's Idempotency-Key or else the body itself, either scoped to the caller's
 * credential, so that one API key's callers never receive another's answer. The public scope keeps
 * the bare body hash, the key it has always had (a deploy must not forget answers stored before it).
 *
 * `requestOrigin` is the origin the answer's links were built from when it came from the request's
 * Host (no PUBLIC_BASE_URL): it scopes the key too, or anyone could send the published example body
 * with `Host: evil.example` and have that answer, links and all, replayed to every later sender.
 */
export function idempotencyKey(
  body: unknown,
  header: string | null,
  scope: string,
  requestOrigin: string | null = null,
): { key: string; bodyHash: string } {
  const bodyHash = sha256Hex(canonicalJson(body));
  const scoped = (text: string) => (requestOrigin === null ? text : sha256Hex(`${requestOrigin}\n${text}`));
  if (header === null) {
    return {
      key: `idem:body:${scoped(scope === PUBLIC_SCOPE ? bodyHash : sha256Hex(`${scope}\n${bodyHash}`))}`,
      bodyHash,
    };
  }
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) {
    throw new ApiError("invalid_idempotency_key", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
  }
  return { key: `idem:key:${scoped(sha256Hex(`${scope}\n${header}`))}`, bodyHash };
}

export async function runIdempotent<T>(
  key: string,
  bodyHash: string,
  work: (claim: IdempotencyClaim) => Promise<WorkResult<T>>,
): Promise<IdempotentResult<T>> {
  const store = getStore();
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const pending = JSON.stringify({ state: "pending", bodyHash, runner: randomUUID() } satisfies Slot);
    // The claim only keeps twins apart while its runner lives: it need not survive a crash.
    if (await store.set(key, pending, { nx: true, ttlMs: PENDING_TTL_MS, volatile: true })) {
      const claim: IdempotencyClaim = {
        answer: ({ status, body, meta }) => ({
          type: "set",
          key,
          value: sealedAnswer(key, { state: "done", bodyHash, status, body, meta }),
          ttlMs: DONE_TTL_MS,
          // Our own claim, or none left (it expired and nobody took it): no other answer can exist.
          expect: [pending, null],
        }),
        lost: () => new ClaimLost(),
      };
      let result: WorkResult<T>;
      try {
        result = await work(claim);
      } catch (err) {
        if (err instanceof ClaimLost) continue; // another runner answers: replay its answer below
        // Let a retry run the work again, but only while the key still holds our claim: if it expired
        // under a slow run, it may now hold a twin's claim or answer, which must stay.
        await store.batch([{ type: "del", key, expect: [pending] }]).catch(() => {});
        throw err;
      }
      return { status: result.status, body: result.body, meta: result.meta, live: result.live, replayed: false };
    }
    const raw = await store.get(key);
    if (raw !== null) {
      let slot = parseSlot(raw, key);
      if (slot.state === "done") slot = openAnswer(key, slot);
      if (slot.bodyHash !== bodyHash) {
        throw new ApiError(
          "idempotency_key_reused",
          "This Idempotency-Key was already used with a different body; use a new key for a new request.",
        );
      }
      if (slot.state === "done") {
        return { status: slot.status, body: slot.body, meta: slot.meta, live: null, replayed: true };
      }
    }
    if (Date.now() > deadline) {
      throw new ApiError(
        "idempotency_in_progress",
        "An identical request is still being processed; retry shortly to get its answer.",
        {},
        { "retry-after": "2" },
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A stored slot; a value that is not one was written by hand, and is refused as an edited answer. */
function parseSlot(raw: string, key: string): Slot {
  try {
    const slot = JSON.parse(raw) as Slot | null;
    if (slot !== null && typeof slot === "object" && (slot.state === "pending" || slot.state === "done")) return slot;
  } catch {
    // falls through to the refusal
  }
  return openAnswer(key, {} as Done);
}
