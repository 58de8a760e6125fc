/**
 * Limits of POST /api/play, shared by the route and the page (which enforces them as you type).
 * docs/play.md documents them.
 */
export const PLAY_LIMITS = {
  /** The request body, counted on the bytes read. */
  maxBodyBytes: 256 * 1024,
  /** Messages per request: the whole conversation the page sends, both sides. */
  maxMessages: 40,
  /** Characters of text in one user message. */
  maxUserChars: 2000,
  /** Parts in one message. */
  maxParts: 100,
} as const;
// The model's budget (steps, output tokens, time-out) is configuration: PLAY_MAX_STEPS,
// PLAY_MAX_OUTPUT_TOKENS and PLAY_MODEL_TIMEOUT in lib/config/config.ts.
