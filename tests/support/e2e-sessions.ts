/**
 * Sessions that tests/support/seed-e2e.ts writes into the e2e DATA_DIR before the server starts,
 * for the browser specs to read. Plain data: importing this file writes nothing.
 */
export const E2E_SESSIONS = {
  /** Three signed, chained entries: an incorporation and two tool calls. */
  clean: "e2e-clean-session-0001",
  /** Never written: an unknown session. */
  unknown: "e2e-unknown-session-0001",
  /** One entry, and 64 characters without a break point: the longest id a page must fit at 375 px. */
  longUnbroken: `e2e_unbroken_${"x".repeat(51)}`,
  /** More entries than one page of the audit JSON holds (1,000): read in two pages. */
  twoPages: "e2e-two-pages-session-0001",
} as const;

/** Entries of the two-page session. */
export const TWO_PAGES_ENTRIES = 1001;

/** The events of the clean session, in order. */
export const CLEAN_SESSION_EVENTS = [
  {
    kind: "incorporation",
    action: "auto_incorporate",
    actor: "system",
    input: { denominacion: "Prueba E2E Automatizada SOCIEDAD-IA", tipo: "SOCIEDAD-IA", capitalSocial: 2000000 },
    output: { ok: true, slug: "prueba-e2e-automatizada-sociedad-ia" },
    outcome: "ok",
  },
  {
    kind: "tool-call",
    action: "validar_cuit",
    actor: "system",
    input: { cuit: "30-71234567-1" },
    output: { valido: true },
    outcome: "ok",
  },
  {
    kind: "tool-call",
    action: "emitir_factura",
    actor: "system",
    input: { tipo: "C", importe: 15000 },
    output: { cae: "74123456789012" },
    outcome: "ok",
  },
] as const;
