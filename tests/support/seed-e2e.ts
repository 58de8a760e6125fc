// Seeds the browser tests' sessions into the embedded store of DATA_DIR, before the server opens it
// (the embedded store is single-process). Entries are real: signed and chained by lib/audit/log.ts
// with the keys lib/config keeps in DATA_DIR, so the server verifies them as its own.
//   DATA_DIR=/tmp/x npx tsx tests/support/seed-e2e.ts
import { appendAuditEvent, readAuditEntries } from "../../lib/audit/log";
import { EmbeddedStore } from "../../lib/store/embedded";
import { appendEntries } from "./audit-seed";
import { CLEAN_SESSION_EVENTS, E2E_SESSIONS, TWO_PAGES_ENTRIES } from "./e2e-sessions";

const dataDir = process.env.DATA_DIR;
if (!dataDir) {
  console.error("seed-e2e: set DATA_DIR to the e2e server's data directory.");
  process.exit(1);
}

const store = EmbeddedStore.open(dataDir);
try {
  // Idempotent: a re-run on the same directory adds nothing.
  if ((await readAuditEntries(E2E_SESSIONS.clean, store)).length === 0) {
    let sessionToken: string | null = null;
    for (const event of CLEAN_SESSION_EVENTS) {
      const outcome = await appendAuditEvent({ sessionId: E2E_SESSIONS.clean, sessionToken, event }, store);
      sessionToken ??= outcome.sessionToken;
    }
  }
  // The longest id a page must fit: written once, so that its dashboard is a timeline, not a 404.
  if ((await readAuditEntries(E2E_SESSIONS.longUnbroken, store)).length === 0) {
    const event = CLEAN_SESSION_EVENTS[1];
    await appendAuditEvent({ sessionId: E2E_SESSIONS.longUnbroken, sessionToken: null, event }, store);
  }
  if ((await readAuditEntries(E2E_SESSIONS.twoPages, store)).length === 0) {
    await appendEntries(store, E2E_SESSIONS.twoPages, TWO_PAGES_ENTRIES);
  }
} finally {
  await store.close();
}
