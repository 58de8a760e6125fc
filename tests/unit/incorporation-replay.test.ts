import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_SCOPE } from "@/lib/identity/caller-scope";
import { idempotencyKey, sealedAnswer } from "@/lib/incorporation/idempotency";
import { type IncorporateInput, incorporate } from "@/lib/incorporation/incorporate";
import { getStore } from "@/lib/store";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

// A success's stored answer names its entry and record (lib/incorporation/stored-answer.ts); one
// stored by the version before, a copy of both, is still replayed the same within its day.
let restore: () => void;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: tempDir("sia-replay-") });
});
afterAll(async () => {
  await getStore().close();
  restore();
});

const input = (body: unknown): IncorporateInput => ({
  body,
  lang: "es",
  baseUrl: "http://localhost:3000",
  actor: "ip:test",
  scope: PUBLIC_SCOPE,
  sessionToken: null,
  idempotencyKey: null,
});

describe("a replayed incorporation", () => {
  it("is rebuilt the same from a stored answer that names its entry and record, or copies them", async () => {
    const body = { ...TYPICAL_INCORPORATION, denominacion: "Repeticion Agentes SOCIEDAD-IA" };
    const first = await incorporate(input(body));
    expect(first.status).toBe(200);
    const answer = JSON.parse(first.text);
    const replay = await incorporate(input(body));
    expect(replay.replayed).toBe(true);

    // The stored slot names the entry by its seq and hash, and the record by its id: no copies.
    // Without PUBLIC_BASE_URL, answers are kept per origin of their links.
    const { key } = idempotencyKey(body, null, PUBLIC_SCOPE, "http://localhost:3000");
    const slot = JSON.parse((await getStore().get(key)) as string);
    expect(slot.body.ref).toMatchObject({ entry: { seq: 0 }, record: answer.registry.record.id });
    expect(JSON.stringify(slot)).not.toContain(answer.audit.entry.hmac);
    expect(JSON.stringify(slot)).not.toContain(answer.registry.record.disclosure.es);

    // The form the version before stored: the same facts with the entry and the record copied in.
    const { entry: _named, record: _id, ...facts } = slot.body.ref;
    const copied = { ok: true, facts: { ...facts, entry: answer.audit.entry, record: answer.registry.record } };
    const { state, bodyHash, status, meta } = slot;
    await getStore().set(key, sealedAnswer(key, { state, bodyHash, status, body: copied, meta }));
    const fromCopy = await incorporate(input(body));
    expect(fromCopy.replayed).toBe(true);
    expect(fromCopy.text).toBe(replay.text);
  });

  it("of a refusal is the first answer without its one-time token, its entry named in the store", async () => {
    const body = { ...TYPICAL_INCORPORATION, denominacion: "Rechazo Agentes SOCIEDAD-IA", capitalSocial: 1 };
    const first = await incorporate(input(body));
    expect(first.status).toBe(422);
    const { transparency: receipt, ...answer } = JSON.parse(first.text);
    expect(answer.audit.sessionToken).toEqual(expect.any(String));
    const { key } = idempotencyKey(body, null, PUBLIC_SCOPE, "http://localhost:3000");
    const slot = JSON.parse((await getStore().get(key)) as string);
    expect(slot.body).toMatchObject({ ok: false, ref: { entry: { seq: 0 } } });
    // Only the facts: the report, the links and the entry are rebuilt or read back.
    expect(Object.keys(slot.body.ref).sort()).toEqual(["backend", "baseUrl", "entry", "findings"]);

    const replay = await incorporate(input(body));
    expect(replay).toMatchObject({ status: 422, replayed: true });
    const { sessionToken: _shownOnce, ...audit } = answer.audit;
    const { transparency, ...replayed } = JSON.parse(replay.text);
    expect(JSON.stringify(replayed)).toBe(JSON.stringify({ ...answer, audit }));
    // With the receipt of the same leaf, as a success's replay has it.
    expect(receipt.index).toBeGreaterThanOrEqual(0);
    expect(transparency).toMatchObject({ index: receipt.index, leafHash: receipt.leafHash });
  });
});
