// A read of a session's log costs what its page holds: `?after=<seq>&limit=<n>` pages, each page
// carries the checkpoint and the report of the whole log, and the client follows the pages to
// verify the whole log offline.

import { fetchAudit, type PublicJwk, verifyAuditLog } from "@sociedades-ia/incorporate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { appendEntries } from "../support/audit-seed";
import { applyEnv, startUpstashStack, type UpstashStack } from "../support/upstash-stack";

let stack: UpstashStack;
let app: AppServer;
let restore: () => void;
const SID = "paged-session-01";

beforeAll(async () => {
  stack = await startUpstashStack();
  restore = applyEnv(stack.env);
  app = await startApp({ env: stack.env });
  await appendEntries(stack.store, SID, 7);
});
afterAll(async () => {
  await app?.stop();
  await stack?.close();
  restore?.();
});

const getJson = async (p: string) => {
  const res = await fetch(`${app.url}${p}`);
  return { res, body: await res.json() };
};

describe("GET /api/play/audit/{sessionId}?after=&limit=", () => {
  it("pages the entries, each page with the whole log's checkpoint and report", async () => {
    const whole = (await getJson(`/api/play/audit/${SID}?verify=1`)).body;
    expect(whole.page).toEqual({ after: -1, limit: 1000, total: 7, next: null });
    const seen: number[] = [];
    let after: number | null = -1;
    const pages = [];
    while (after !== null) {
      const { res, body } = await getJson(`/api/play/audit/${SID}?verify=1&after=${after}&limit=3`);
      expect(res.status).toBe(200);
      expect(body.checkpoint).toBe(whole.checkpoint);
      expect(body.verification).toMatchObject({ total: 7, verified: 7, tampered: 0, checkpoint: "valid" });
      expect(body.count).toBe(body.entries.length);
      seen.push(...body.entries.map((e: { seq: number }) => e.seq));
      pages.push(body.page);
      after = body.page.next;
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pages).toEqual([
      { after: -1, limit: 3, total: 7, next: 2 },
      { after: 2, limit: 3, total: 7, next: 5 },
      { after: 5, limit: 3, total: 7, next: null },
    ]);
    // Past the end: an empty last page.
    const past = (await getJson(`/api/play/audit/${SID}?after=40`)).body;
    expect(past).toMatchObject({ count: 0, entries: [], page: { total: 7, next: null } });
  });

  it.each([
    ["limit", "0"],
    ["limit", "1001"],
    ["limit", "1.5"],
    ["limit", ""],
    ["after", "-2"],
    ["after", "abc"],
  ])("answers %s=%s with 400 invalid_query naming the parameter", async (name, value) => {
    const { res, body } = await getJson(`/api/play/audit/${SID}?${name}=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_query", parameter: name });
    expect(body.detail).toContain(name);
  });

  it("lets the client read every page and verify the whole log offline", async () => {
    const jwks = (await (await fetch(`${app.url}/.well-known/jwks.json`)).json()) as { keys: PublicJwk[] };
    const log = await fetchAudit(SID, { baseUrl: app.url, pageSize: 2 });
    expect(log.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await verifyAuditLog(log, { jwks })).toMatchObject({ ok: true, total: 7 });
  });
});
