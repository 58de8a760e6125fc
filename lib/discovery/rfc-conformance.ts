/**
 * Conformance tokens (SPEC 2.1 and 9). The manifest's `rfcConformance` lists only tokens this code
 * demonstrably honours: each is backed by its RFC's published vectors, which
 * tests/unit/rfc-conformance.test.ts runs against the implementation. docs/discovery.md gives the
 * reasoning token by token.
 */

/** Every token SPEC mentions, for code that must recognise tokens (e.g. a self-listing's). */
export const KNOWN_RFC_TOKENS = ["rfc-001-v1", "rfc-002-v1", "rfc-003-draft", "rfc-004-draft", "rfc-004-v1"] as const;

export type RfcToken = (typeof KNOWN_RFC_TOKENS)[number];

/** What this implementation declares in its own manifest: RFC-004 v1's seven vectors all pass. */
export const HONOURED_RFC_TOKENS: readonly RfcToken[] = ["rfc-004-v1"];
