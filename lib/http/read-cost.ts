/*
 * What a read costs against RATE_LIMIT_READ, in units. The limit bounds the server's work per
 * address, so a read is charged roughly what it costs: a page of 1,000 entries or a rendered page
 * takes ten times the CPU of a badge (docs/performance.md, "A long session"), and charging them one
 * unit each would let one address hold the server for much of every minute.
 */

/*
 * A request is let through while its address has a unit left (the one counted up front), then
 * charged the rest of its cost, up to what is left. Asking for all of it up front would refuse a
 * large read while small ones still fit, and @upstash/ratelimit's sliding window cannot do that
 * anyway: it takes a weighted request whole as long as one unit is left, and blocks the address in
 * its in-process cache when the sum goes over.
 */

/** Every read: one unit up front, which is what the limit refuses. */
export const READ_UNITS = 1;

/** A read that returns entries is charged one unit more per full this many of them, once read. */
export const ENTRIES_PER_UNIT = 100;

/** A view of a page that reads the store (/registro, /log, /verify?session=). */
export const PAGE_VIEW_UNITS = 5;

/**
 * A view of a dashboard, which renders up to its window of 200 entries
 * (app/(pages)/dashboard/[sessionId]/page.tsx).
 */
export const DASHBOARD_VIEW_UNITS = 10;

/** The units a read of `entries` entries costs beyond its first. */
export const entryUnits = (entries: number): number => Math.floor(Math.max(0, entries) / ENTRIES_PER_UNIT);

/** The rule in words, for refusals and docs. */
export const READ_UNITS_RULE = `a read is ${READ_UNITS} unit plus 1 per full ${ENTRIES_PER_UNIT} entries it returns, a page view ${PAGE_VIEW_UNITS}, a dashboard ${DASHBOARD_VIEW_UNITS}`;
