// One-off: seals session headers written before headers were sealed (docs/security.md, "Statements
// the service keeps in the store"). Run with the service stopped, with its environment (DATA_DIR or
// the Upstash variables, and the audit keys): npm run audit:seal-headers [-- <sessionId> ...]
// Without ids, it seals every session the transparency log or the registry names.
import { loggedSessionIds, sealLegacyHeaders } from "../lib/audit/seal-legacy-headers";
import { recordSessionIds } from "../lib/registry/record-session-ids";
import { getStore } from "../lib/store";

const store = getStore();
try {
  const ids =
    process.argv.length > 2
      ? process.argv.slice(2)
      : [...new Set([...(await loggedSessionIds(store)), ...(await recordSessionIds(store))])];
  const { sealed, alreadySealed, refused } = await sealLegacyHeaders(store, ids);
  console.log(`sealed ${sealed.length} session header(s); ${alreadySealed} already sealed`);
  for (const id of refused) console.log(`left alone, not a header this service wrote: ${id}`);
  process.exitCode = refused.length > 0 ? 1 : 0;
} finally {
  await store.close();
}
