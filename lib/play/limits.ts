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
  /** Model calls per request: up to 6 tool calls, the answer, and slack for a real model. */
  maxSteps: 8,
} as const;
