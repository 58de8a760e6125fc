import { createHash } from "node:crypto";
import { canonicalJson } from "../audit/canonical";
import { ApiError } from "../http/problem";
import { getStore } from "../store";

/**
 * Idempotent execution of a write. The first request atomically claims its key (SET NX) and runs;
 * a concurrent twin finds the claim and waits for the stored answer instead of running again; later
 * replays get the stored answer. A claim whose runner died expires, so the key is never stuck.
 */
const PENDING_TTL_MS = 60_000;
const DONE_TTL_MS = 24 * 60 * 60_000;
const WAIT_MS = 20_000;

type Slot =
  | { state: "pending"; bodyHash: string }
  | { state: "done"; bodyHash: string; status: number; body: unknown; meta: Record<string, string> };

export interface IdempotentResult<T> {
  status: number;
  /** What every caller may see (stored for replays). */
  body: unknown;
  /** Stored facts about the answer that are not in its body (e.g. the session id for headers). */
  meta: Record<string, string>;
  /** Present only for the caller that ran the work (e.g. secrets shown once). */
  live: T | null;
  replayed: boolean;
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** The slot key: the client's Idempotency-Key (scoped to its credential), or the body itself. */
export function idempotencyKey(body: unknown, header: string | null, scope: string): { key: string; bodyHash: string } {
  const bodyHash = sha256Hex(canonicalJson(body));
  if (header === null) return { key: `idem:body:${bodyHash}`, bodyHash };
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) {
    throw new ApiError("invalid_idempotency_key", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
  }
  return { key: `idem:key:${sha256Hex(`${scope}\n${header}`)}`, bodyHash };
}

export async function runIdempotent<T>(
  key: string,
  bodyHash: string,
  work: () => Promise<{ status: number; body: unknown; meta: Record<string, string>; live: T }>,
): Promise<IdempotentResult<T>> {
  const store = getStore();
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const pending: Slot = { state: "pending", bodyHash };
    if (await store.set(key, JSON.stringify(pending), { nx: true, ttlMs: PENDING_TTL_MS })) {
      let result: { status: number; body: unknown; meta: Record<string, string>; live: T };
      try {
        result = await work();
      } catch (err) {
        await store.del(key).catch(() => {}); // let a retry run the work again
        throw err;
      }
      const done: Slot = { state: "done", bodyHash, status: result.status, body: result.body, meta: result.meta };
      await store.set(key, JSON.stringify(done), { ttlMs: DONE_TTL_MS });
      return { status: result.status, body: result.body, meta: result.meta, live: result.live, replayed: false };
    }
    const raw = await store.get(key);
    if (raw !== null) {
      const slot = JSON.parse(raw) as Slot;
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
