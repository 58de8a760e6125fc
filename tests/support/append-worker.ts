// A separate writer process for the concurrency test: appends COUNT entries to SESSION_ID with
// CONCURRENCY appends in flight, through the configured Upstash store, then prints a JSON summary.
import { appendAuditEvent } from "../../lib/audit/log";

const { SESSION_ID, SESSION_TOKEN, COUNT, CONCURRENCY, WORKER } = process.env;
let next = 0;
let done = 0;
async function lane() {
  while (next < Number(COUNT)) {
    const n = next++;
    await appendAuditEvent({
      sessionId: SESSION_ID as string,
      sessionToken: SESSION_TOKEN as string,
      event: {
        kind: "tool-call",
        action: "worker_append",
        actor: `worker:${WORKER}`,
        input: { n },
        output: null,
        outcome: "ok",
      },
    });
    done++;
  }
}
await Promise.all(Array.from({ length: Number(CONCURRENCY) }, lane));
console.log(JSON.stringify({ worker: WORKER, done }));
