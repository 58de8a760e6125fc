// The dashboard of a long session renders a window of its newest entries and links to the rest:
// one view costs the same, and weighs the same, whatever the session's size.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { appendEntries } from "../support/audit-seed";
import { applyEnv, startUpstashStack, type UpstashStack } from "../support/upstash-stack";

const ENTRIES = 205;
const SID = "dashboard-window-01";
// Small enough to spend in a test; each view and read below comes from an address of its own. A day's
// window: Upstash's sliding window weighs in the previous window's count, so the exact figures below
// hold only while no window boundary (00:00 UTC for a day) falls inside a test.
const READ_BUDGET = 40;

let stack: UpstashStack;
let app: AppServer;
let restore: () => void;
beforeAll(async () => {
  stack = await startUpstashStack();
  restore = applyEnv(stack.env);
  app = await startApp({ env: { ...stack.env, RATE_LIMIT_READ: `${READ_BUDGET}/1d`, TRUSTED_PROXY_HOPS: "1" } });
  await appendEntries(stack.store, SID, ENTRIES);
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await stack?.close();
  restore?.();
});

const page = async (path: string) => {
  const res = await fetch(`${app.url}${path}`, { headers: { cookie: "lang=en" } });
  return { res, html: await res.text() };
};
const rows = (html: string) => [...html.matchAll(/id="entry-(\d+)"/g)].map((m) => Number(m[1]));

describe("/dashboard/{sessionId} of a long session", () => {
  it("renders the newest 200 entries with the whole log's verdict, and links to the older ones", async () => {
    const { res, html } = await page(`/dashboard/${SID}`);
    expect(res.status).toBe(200);
    const shown = rows(html);
    expect(shown).toHaveLength(200);
    expect(Math.min(...shown)).toBe(5);
    expect(Math.max(...shown)).toBe(204);
    expect(html).toContain("Entries 5 to 204 of 205.");
    expect(html).toMatch(/href="\?after=-1"[^>]*>Older entries</);
    // The server's report covers all 205 entries.
    expect(html).toContain("205 of 205 entries verify.");
  });

  it("renders the entries after ?after=<seq>, with links to the newer ones", async () => {
    const { res, html } = await page(`/dashboard/${SID}?after=-1`);
    expect(res.status).toBe(200);
    const shown = rows(html);
    expect(Math.min(...shown)).toBe(0);
    expect(Math.max(...shown)).toBe(199);
    expect(html).toContain("Entries 0 to 199 of 205.");
    expect(html).toMatch(/href="\?after=199"[^>]*>Newer entries</);
  });
});

// Reads are charged what they cost (lib/http/read-cost.ts), here on the Upstash limiter: a page of
// many entries or a rendered dashboard spends more of an address's budget than a badge does.
describe("RATE_LIMIT_READ charges a read by its size", () => {
  let client = 0;
  const from = (path: string, address: string) =>
    fetch(`${app.url}${path}`, { headers: { "x-forwarded-for": address } });
  const remaining = async (path: string, address: string) => {
    const res = await from(path, address);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    return Number(res.headers.get("ratelimit-remaining"));
  };
  const fresh = () => `198.51.100.${++client}`;

  it("takes 1 unit for a read, plus 1 per full 100 entries it returns", async () => {
    const a = fresh();
    expect(await remaining(`/api/play/audit/${SID}`, a)).toBe(READ_BUDGET - (1 + 2));
    expect(await remaining(`/api/play/audit/${SID}/csv`, fresh())).toBe(READ_BUDGET - (1 + 2));
    const b = fresh();
    expect(await remaining(`/api/play/audit/${SID}?limit=150`, b)).toBe(READ_BUDGET - (1 + 1));
    expect(await remaining(`/api/play/audit/${SID}?limit=99`, b)).toBe(READ_BUDGET - 2 - 1);
    // An empty log and a badge cost one unit whatever the session.
    const c = fresh();
    expect(await remaining("/api/play/audit/no-such-session-01", c)).toBe(READ_BUDGET - 1);
    expect(await remaining(`/api/badge/${SID}`, c)).toBe(READ_BUDGET - 2);
  });

  it("takes 10 units for a dashboard view, or what is left of the budget, then refuses", async () => {
    const a = fresh();
    const view = await from(`/dashboard/${SID}`, a);
    await view.arrayBuffer();
    expect(view.status).toBe(200);
    expect(await remaining("/api/play/audit/no-such-session-01", a)).toBe(READ_BUDGET - 10 - 1);
    // Spend all but 5 units: the next view is let through and takes those 5, and then nothing is left.
    for (let left = READ_BUDGET - 11; left > 5; left--) await remaining(`/api/badge/${SID}`, a);
    const last = await from(`/dashboard/${SID}`, a);
    await last.arrayBuffer();
    expect(last.status).toBe(200);
    const refused = await from(`/dashboard/${SID}`, a);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("como mucho 40 unidades cada 1 d");
    expect((await from(`/api/badge/${SID}`, a)).status).toBe(429);
  });

  it("charges a stream what it sends, as a read of as many entries", async () => {
    const a = fresh();
    const res = await from(`/api/play/audit/${SID}/stream?maxSeconds=1`, a);
    const events = await res.text();
    expect(events.match(/^event: entry$/gm)).toHaveLength(ENTRIES);
    expect(events).toContain("event: checkpoint");
    // 1 unit to open it, 2 for its 205 entries, then 1 for this read.
    expect(await remaining("/api/play/audit/no-such-session-01", a)).toBe(READ_BUDGET - (1 + 2) - 1);
  });

  it("ends a stream whose address's budget runs out, before it sends the rest", async () => {
    const a = fresh();
    for (let left = READ_BUDGET; left > 2; left--) await remaining(`/api/badge/${SID}`, a);
    // 2 units left: the stream opens (1), its first page of 200 entries takes the last one, and it ends.
    const res = await from(`/api/play/audit/${SID}/stream?maxSeconds=5`, a);
    expect(res.status).toBe(200);
    const events = await res.text();
    expect(events.match(/^event: entry$/gm)).toHaveLength(200);
    expect(events).toContain('event: error\ndata: {"code":"rate_limited","lastEventId":199}');
    expect(events).not.toContain("event: checkpoint");
    expect((await from(`/api/badge/${SID}`, a)).status).toBe(429);
  });

  it("charges a page's entries only up to what the budget has left, and the next read is refused", async () => {
    const a = fresh();
    for (let left = READ_BUDGET; left > 2; left--) await remaining(`/api/badge/${SID}`, a);
    // 2 units left: the read is answered (1 unit), its 2 more units stop at the 1 left.
    expect(await remaining(`/api/play/audit/${SID}`, a)).toBe(0);
    const refused = await from(`/api/badge/${SID}`, a);
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toMatch(
      /at most 40 read units \(a read is 1 unit plus 1 per full 100 entries/,
    );
  });
});
