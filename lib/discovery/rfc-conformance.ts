/**
 * Conformance tokens (SPEC 2.1 and 9). The manifest's `rfcConformance` lists only tokens this code
 * demonstrably honours. SPEC names the tokens but not the documents behind them, so none is claimed
 * yet: a token is added here together with a test that shows the behaviour its document requires.
 * docs/discovery.md gives the reasoning token by token.
 */

/** Every token SPEC mentions, for code that must recognise tokens (e.g. a self-listing's). */
export const KNOWN_RFC_TOKENS = ["rfc-001-v1", "rfc-002-v1", "rfc-003-draft", "rfc-004-draft", "rfc-004-v1"] as const;

export type RfcToken = (typeof KNOWN_RFC_TOKENS)[number];

/** What this implementation declares in its own manifest. */
export const HONOURED_RFC_TOKENS: readonly RfcToken[] = [];
