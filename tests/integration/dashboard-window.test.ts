// The dashboard of a long session renders a window of its newest entries and links to the rest:
// one view costs the same, and weighs the same, whatever the session's size.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { appendEntries } from "../support/audit-seed";
import { applyEnv, startUpstashStack, type UpstashStack } from "../support/upstash-stack";

const ENTRIES = 205;
const SID = "dashboard-window-01";

let stack: UpstashStack;
let app: AppServer;
let restore: () => void;
beforeAll(async () => {
  stack = await startUpstashStack();
  restore = applyEnv(stack.env);
  app = await startApp({ env: stack.env });
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
