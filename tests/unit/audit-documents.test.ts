import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuditLog, getAuditLogJson } from "@/lib/audit/get-audit-log";
import { appendAuditEvent } from "@/lib/audit/log";
import { getStore } from "@/lib/store";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// GET /api/play/audit/{id} writes its JSON from the stored text (getAuditLogJson) while the /verify
// page reads the same log as an object (getAuditLog): they must stay one document.
let restore: () => void;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-audit-docs-") });
});
afterAll(async () => {
  await getStore().close?.();
  restore();
});

const withoutCheckpoint = ({ checkpoint, ...rest }: { checkpoint: unknown }) => {
  expect(checkpoint).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // the one stored with the head
  return rest;
};

/** Four entries appended through the service, then its stored items (the header first) replaced by `edit`'s. */
async function sessionEditedBehindTheService(sessionId: string, edit: (items: string[]) => string[]) {
  let token: string | null = null;
  for (let n = 0; n < 4; n++) {
    const input = { n, text: 'quote " \u2028' };
    const event = { kind: "tool-call", action: "demo", actor: "t", input, output: null, outcome: "ok" } as const;
    const out = await appendAuditEvent({ sessionId, sessionToken: token, event });
    token ??= out.sessionToken;
  }
  const key = `audit:${sessionId}:log`;
  const items = await getStore().range(key, 0, -1);
  await getStore().del(key);
  for (const [i, item] of edit(items).entries()) await getStore().append(key, i, item);
}

describe("the audit log as text and as an object", () => {
  it("are the same document, with and without verification, a hand-edited item included", async () => {
    const sessionId = "audit-documents-1";
    // An item that is not JSON (an edit behind the service's back) is reported, not dropped.
    await sessionEditedBehindTheService(sessionId, (items) => [...items.slice(0, -1), "not json {"]);

    for (const verify of [false, true]) {
      const object = await getAuditLog(sessionId, { verify });
      const text = JSON.parse((await getAuditLogJson(sessionId, { verify })).json);
      expect(withoutCheckpoint(text)).toEqual(withoutCheckpoint(object as never));
      expect(object.count).toBe(4);
      expect(object.entries[3]).toBe("not json {");
      if (verify) {
        expect(object.verification).toMatchObject({ total: 4, verified: 3, tampered: 1, firstBadSeq: 3 });
        expect(object.verification?.checkpoint).toBe("mismatch");
      }
    }
  });

  it("hands out an item that is JSON but no entry as stored, on a page as in the whole read", async () => {
    const sessionId = "audit-documents-2";
    // seq 1 edited into a JSON string behind the service's back; the head stays as it was.
    await sessionEditedBehindTheService(sessionId, (items) =>
      items.map((item, i) => (i === 2 ? '"an edited string"' : item)),
    );

    // The whole read finds it (and records it with the head); a page is then verified on its own.
    const whole = await getAuditLog(sessionId, { verify: true });
    expect(whole.entries[1]).toBe("an edited string");
    expect(whole.verification).toMatchObject({ total: 4, tampered: 2, firstBadSeq: 1 });
    for (const verify of [false, true]) {
      const page = { after: 0, limit: 1 };
      const object = await getAuditLog(sessionId, { verify, page });
      const text = JSON.parse((await getAuditLogJson(sessionId, { verify, page })).json);
      expect(withoutCheckpoint(text)).toEqual(withoutCheckpoint(object as never));
      expect(text.entries, `verify=${verify}`).toEqual(["an edited string"]);
    }
  });
});
