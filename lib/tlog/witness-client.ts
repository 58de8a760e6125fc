import {
  cosignatureTimestamp,
  formatAddCheckpoint,
  formatSignatureLine,
  fromBase64,
  parseNote,
  verifierFromKey,
  verifyNote,
} from "@sociedades-ia/incorporate/tlog";
import type { LogWitness } from "../config/witnesses";
import type { Store } from "../store/types";
import { readLogHead } from "./log-head";
import { proveConsistency } from "./read-log";
import { readWitnessStatuses, type WitnessStatus, witnessStatusKey } from "./witness-status";

/**
 * Kept of a witness's error answer: a whole problem detail or a plain-text reason, not a page of
 * HTML. A reason cut short hides why a log is refused.
 */
const MAX_ERROR_TEXT = 2000;

/**
 * One c2sp.org/tlog-witness exchange: sends the latest checkpoint to `witness` with the proof from
 * the size it holds, and records the outcome. A 409 gives the witness's size: the request is made
 * once more from there. Any other status, a time-out or a bad answer is recorded as the witness's
 * error, classed as a refusal (the witness said no: 400, 403, 404, 422, or it holds a larger tree)
 * or as the witness being unavailable (no answer, 429, 5xx, an answer that does not verify), and
 * leaves its last cosignature as it was. Never throws.
 */
export async function requestCosignature(
  witness: LogWitness,
  store: Store,
  options: { timeoutMs: number; fetch?: typeof fetch; now?: () => Date },
): Promise<WitnessStatus | null> {
  const now = options.now ?? (() => new Date());
  const [head, [entry]] = await Promise.all([readLogHead(store), readWitnessStatuses(store, [witness])]);
  if (head === null || entry === undefined) return null;
  const { raw, status } = entry;
  const { text } = parseNote(head.note);
  if (status.cosigned?.text === text) return status;
  let next: WitnessStatus = { ...status, checkedAt: now().toISOString() };
  try {
    let oldSize = status.size;
    for (let attempt = 1; ; attempt++) {
      const answer = await exchange(witness, head.note, head.size, oldSize, store, options);
      if (answer.kind === "conflict" && attempt === 1 && answer.size !== oldSize) {
        oldSize = answer.size;
        next = { ...next, size: answer.size };
        continue;
      }
      if (answer.kind !== "cosigned") {
        next = { ...next, error: answer.why, errorKind: answer.kind === "refused" ? "refused" : "unavailable" };
        break;
      }
      next = {
        size: head.size,
        cosigned: { lines: answer.lines, at: answer.at, size: head.size, text },
        error: null,
        errorKind: null,
        checkedAt: next.checkedAt,
      };
      break;
    }
  } catch (err) {
    next = { ...next, error: (err as Error).message.slice(0, MAX_ERROR_TEXT), errorKind: "unavailable" };
  }
  // Another process's newer outcome wins: this one is dropped rather than written over it.
  await store.batch([{ type: "set", key: witnessStatusKey(witness), value: JSON.stringify(next), expect: [raw] }]);
  return next;
}

type Answer =
  | { kind: "cosigned"; lines: string; at: string }
  | { kind: "conflict"; size: number; why: string }
  | { kind: "refused"; why: string }
  | { kind: "unavailable"; why: string };

/** What each refusal status of c2sp.org/tlog-witness means for this log. */
const REFUSALS: Record<number, string> = {
  400: "refused the request as malformed (400)",
  403: "refused the checkpoint's signature (403): it does not trust this log's key for its origin",
  404: "does not witness this log's origin (404): its operator must add the origin and key",
  422: "refused the checkpoint as inconsistent with the one it cosigned last (422): a fork of this log, or another log under the same origin",
};

async function exchange(
  witness: LogWitness,
  note: string,
  size: number,
  oldSize: number,
  store: Store,
  options: { timeoutMs: number; fetch?: typeof fetch },
): Promise<Answer> {
  if (oldSize > size) {
    return {
      kind: "refused",
      why: `the witness holds size ${oldSize}, beyond the log's ${size}: it cosigned a larger tree under this origin (a rollback or a fork of this log)`,
    };
  }
  const proof =
    oldSize === 0 || oldSize === size ? [] : (await proveConsistency(oldSize, size, store)).hashes.map(proofHash);
  const body = formatAddCheckpoint({ oldSize, proof, checkpoint: note });
  const res = await (options.fetch ?? fetch)(`${witness.url}/add-checkpoint`, {
    method: "POST",
    headers: { "content-type": "text/plain; charset=utf-8" },
    body,
    signal: AbortSignal.timeout(options.timeoutMs),
    redirect: "error",
  });
  const answer = await res.text();
  if (res.status === 409) {
    const match = /^(0|[1-9][0-9]*)\n$/.exec(answer);
    const type = res.headers.get("content-type")?.split(";")[0]?.trim();
    if (type !== "text/x.tlog.size" || !match) {
      return { kind: "unavailable", why: "add-checkpoint answered 409 without a text/x.tlog.size body" };
    }
    return { kind: "conflict", size: Number(match[1]), why: `the witness holds size ${match[1]}` };
  }
  if (res.status !== 200) {
    const said = reasonOf(answer, res.headers.get("content-type"));
    const refusal = REFUSALS[res.status];
    if (refusal) return { kind: "refused", why: `add-checkpoint: the witness ${refusal}${said ? `: ${said}` : ""}` };
    return { kind: "unavailable", why: `add-checkpoint answered ${res.status}${said ? `: ${said}` : ""}` };
  }
  // Only lines by this witness's key count, each verified: a witness cannot slip in others' names.
  const { text } = parseNote(note);
  const verified = await verifyNote(`${text}\n${answer}`, verifierFromKey(witness.vkey));
  const mine = verified.verified;
  const at = Math.max(...mine.map((s) => cosignatureTimestamp(s.signature)));
  return { kind: "cosigned", lines: mine.map(formatSignatureLine).join(""), at: new Date(at * 1000).toISOString() };
}

/** The witness's own words: a problem's detail (RFC 9457) when it sends one, else its text. */
function reasonOf(body: string, contentType: string | null): string {
  let text = body.trim();
  if (contentType?.includes("json")) {
    try {
      const problem = JSON.parse(body) as { detail?: unknown };
      if (typeof problem.detail === "string") text = problem.detail;
    } catch {}
  }
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text;
}

function proofHash(text: string): Uint8Array {
  const bytes = fromBase64(text);
  if (bytes === null) throw new Error("the log's own consistency proof is not base64");
  return bytes;
}
