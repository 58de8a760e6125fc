/** Types for refusal-memo.mjs (plain JS, loaded by scripts/server.mjs without a build). */
import type { IncomingMessage, ServerResponse } from "node:http";

export const REFUSAL_MARK: string;
export const REFUSAL_MARK_ENV: string;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface RefusalMemo {
  /** Refusals kept. */
  readonly size: number;
  /** Requests waiting for their window. */
  readonly waiting: number;
  /**
   * Takes `req` when a refusal is kept for it (answered now or at its turn, or handed to `forward`
   * if by then Next would answer otherwise) and returns true; otherwise returns false.
   */
  answer(req: IncomingMessage, res: ServerResponse, forward: Handler): boolean;
  /** Strips the mark from `res` and keeps it when it is a marked refusal of a GET or HEAD. */
  watch: Handler;
}

export function refusalMemo(options?: {
  now?: () => number;
  schedule?: (run: () => void, ms: number) => unknown;
  maxEntries?: number;
  /** At most `perWindow` answers from one kept refusal per `windowMs` (default 1 per 50 ms). */
  windowMs?: number;
  perWindow?: number;
}): RefusalMemo;
