// Attacks of someone who can read and write the store but holds no key, against the transparency
// log and its index, on both stores: a session's tail cut and continued, leaves pushed into the
// log's list, a forged checkpoint ahead of the tree, edited tree hashes and index nodes. Each edit
// is made with store access only; then the live service must refuse or report it, and never sign
// over it.

import {
  type Coord,
  type IndexProof,
  type IndexValue,
  openCheckpoint,
  openIndexNote,
  rootCoords,
  verifyIndexProof,
} from "@sociedades-ia/incorporate/tlog";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INDEX_NOTE_KEY } from "@/lib/tlog/index-store";
import { CHECKPOINT_KEY } from "@/lib/tlog/layout";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import {
  embeddedTarget as embedded,
  type StoreTarget,
  upstashTarget as upstash,
  writeList,
} from "../support/store-target";
import { leafItems, levelHashes, pushLeafItems, writeLeafItems, writeLevelHashes } from "../support/tlog-layout";

const CASE_TIMEOUT_MS = 180_000;
const logKey = (sessionId: string) => `audit:${sessionId}:log`;
const checkpointKey = (sessionId: string) => `audit:${sessionId}:checkpoint`;
const summaryKey = (sessionId: string) => `audit:${sessionId}:summary`;

const ENV = { RATE_LIMIT_INCORPORATE: "1000/1m" };
const embeddedTarget = () => embedded(ENV);
const upstashTarget = () => upstash(ENV);

interface Incorporated {
  status: number;
  body: {
    code?: string;
    detail?: string;
    audit?: { sessionId: string; sessionToken?: string };
    transparency?: { index: number; checkpoint: string | null };
  };
}

describe.each([
  ["embedded", embeddedTarget],
  ["upstash", upstashTarget],
])("the %s store edited under the transparency log", (_name, makeTarget) => {
  let target: StoreTarget;
  let names = 0;
  beforeAll(async () => {
    target = await makeTarget();
  }, CASE_TIMEOUT_MS);
  afterAll(async () => {
    await target?.close();
  });

  async function incorporate(session?: { sessionId: string; token: string }): Promise<Incorporated> {
    const res = await fetch(`${target.url()}/api/auto-incorporate`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(session ? { "x-session-token": session.token } : {}) },
      body: JSON.stringify({
        ...TYPICAL_INCORPORATION,
        denominacion: `Índice ${names++} Agentes SOCIEDAD-IA`,
        ...(session ? { sessionId: session.sessionId } : {}),
      }),
    });
    return { status: res.status, body: (await res.json()) as Incorporated["body"] };
  }

  /** A session of `n` incorporations written by the live service. */
  async function session(n: number): Promise<{ sessionId: string; token: string }> {
    const first = await incorporate();
    expect(first.status).toBe(200);
    const s = { sessionId: first.body.audit?.sessionId as string, token: first.body.audit?.sessionToken as string };
    for (let i = 1; i < n; i++) expect((await incorporate(s)).status).toBe(200);
    return s;
  }

  async function lookup(sessionId: string) {
    const res = await fetch(`${target.url()}/log/index/session/${sessionId}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** Checks a lookup as an outsider holding the log's key would: notes, then the proof. */
  async function verifiedLookup(sessionId: string): Promise<IndexValue | null> {
    const { status, body } = await lookup(sessionId);
    expect(status).toBe(200);
    const vkey = (await (await fetch(`${target.url()}/log/vkey`)).text()).trim();
    const { checkpoint } = await openCheckpoint(body.checkpoint as string, vkey);
    const note = await openIndexNote(body.indexNote as string, vkey, { origin: checkpoint.origin });
    expect({ size: note.size, root: Buffer.from(note.root).toString("base64") }).toEqual({
      size: checkpoint.size,
      root: Buffer.from(checkpoint.root).toString("base64"),
    });
    const value = body.value as IndexValue | null;
    verifyIndexProof(note.indexRoot, `session:${sessionId}`, value, body.proof as IndexProof);
    return value;
  }

  it(
    "a session's tail cut and continued: the append is refused, reads say cut, the log keeps one leaf per seq",
    async () => {
      const s = await session(2);
      // The attacker keeps the session's state at two entries, then lets the owner write a third.
      const saved = await target.edit(async (store) => ({
        log: await store.range(logKey(s.sessionId), 0, -1),
        checkpoint: await store.get(checkpointKey(s.sessionId)),
        summary: await store.get(summaryKey(s.sessionId)),
      }));
      expect((await incorporate(s)).status).toBe(200);
      const latest = await verifiedLookup(s.sessionId);
      expect(latest).toMatchObject({ seq: 2 });
      // Cut: every stored part of the session put back as it was at two entries.
      await target.edit(async (store) => {
        await writeList(store, logKey(s.sessionId), saved.log);
        await store.set(checkpointKey(s.sessionId), saved.checkpoint as string);
        await store.set(summaryKey(s.sessionId), saved.summary as string);
      });
      const read = await (await fetch(`${target.url()}/api/play/audit/${s.sessionId}?verify=1`)).json();
      expect(read.entries).toHaveLength(2);
      expect(read.verification).toMatchObject({ checkpoint: "valid", index: { status: "cut", seq: 2 } });
      expect(await (await fetch(`${target.url()}/api/badge/${s.sessionId}`)).text()).toContain("tampered");
      // The owner continues: the service will not sign a second entry at seq 2.
      const refused = await incorporate(s);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("audit_session_cut");
      expect(refused.body.detail).toMatch(/latest is seq 2/);
      expect(await verifiedLookup(s.sessionId)).toEqual(latest);
      expect(target.output()).toMatch(new RegExp(`ALARM: session ${s.sessionId} is cut in the store`));
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "a missing session is proved absent, and a present one's proof fails for any other value",
    async () => {
      const s = await session(1);
      const value = (await verifiedLookup(s.sessionId)) as IndexValue;
      expect(value).toMatchObject({ subject: `session:${s.sessionId}`, seq: 0 });
      expect(await verifiedLookup("nobody-has-this-session")).toBeNull();
      const { body } = await lookup(s.sessionId);
      const vkey = (await (await fetch(`${target.url()}/log/vkey`)).text()).trim();
      const note = await openIndexNote(body.indexNote as string, vkey);
      const proof = body.proof as IndexProof;
      expect(() =>
        verifyIndexProof(note.indexRoot, `session:${s.sessionId}`, { ...value, seq: value.seq + 1 }, proof),
      ).toThrow(/index root/);
      expect(() => verifyIndexProof(note.indexRoot, `session:${s.sessionId}`, null, proof)).toThrow();
      expect((await fetch(`${target.url()}/log/index/session/bad%20id`)).status).toBe(400);
      expect((await fetch(`${target.url()}/log/index/planet/${s.sessionId}`)).status).toBe(400);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "an index note of the earlier format: the next write builds this format's index from the signed tree",
    async () => {
      const s = await session(2);
      // A store an earlier version left: its note names the two-child trie (log-index/v1), whose
      // nodes lived under other keys. The root node of this format is taken away too, so the
      // service cannot answer from the nodes that are there: it must build them again.
      await target.edit(async (store) => {
        const note = (await store.get(INDEX_NOTE_KEY)) as string;
        expect(note.startsWith("log-index/v2\n")).toBe(true);
        await store.set(INDEX_NOTE_KEY, note.replace(/^log-index\/v2\n/, "log-index/v1\n"));
        await store.del("tlog:ix4:0:");
      });
      await target.restart();
      // Until a write builds it, a lookup has no index to answer from.
      expect((await lookup(s.sessionId)).status).toBe(503);
      expect((await incorporate(s)).status).toBe(200);
      expect(await verifiedLookup(s.sessionId)).toMatchObject({ subject: `session:${s.sessionId}`, seq: 2 });
      expect(((await lookup(s.sessionId)).body.indexNote as string).startsWith("log-index/v2\n")).toBe(true);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "leaves pushed into the log's list, forged or replayed, are never signed: the log stalls and says why",
    async () => {
      await session(1);
      const before = await (await fetch(`${target.url()}/log/checkpoint`)).text();
      const size = Number(before.split("\n")[1]);
      // A forged leaf (no MAC), then a genuine sealed item replayed: both would be the next leaves.
      await target.edit(async (store) => {
        const genuine = (await leafItems(store)).at(-1);
        const forged = JSON.stringify({ kind: "audit.entry", sessionId: "forged-session-01", seq: 0, entryHash: "x" });
        await pushLeafItems(store, [forged, genuine as string]);
      });
      // Writes go on until the integrator meets the forged leaf; from then on they are refused.
      let answer = await incorporate();
      if (answer.status === 200) answer = await incorporate();
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe("tlog_stalled");
      expect(answer.body.detail).toMatch(new RegExp(`leaf ${size} is refused: it carries no MAC`));
      const after = await (await fetch(`${target.url()}/log/checkpoint`)).text();
      expect(after).toBe(before);
      expect(target.output()).toMatch(/ALARM: integration refused/);
      const health = await (await fetch(`${target.url()}/api/health`)).json();
      expect(health.log).toMatchObject({ state: "stalled", reason: expect.stringMatching(/it carries no MAC/) });
      // The log is repaired by taking the pushed leaves out again; the service then resumes.
      await target.edit(async (store) => {
        const items = await leafItems(store);
        await writeLeafItems(store, [...items.slice(0, size), ...items.slice(size + 2)]);
      });
      const resumed = await incorporate();
      expect(resumed.status).toBe(200);
      expect(resumed.body.transparency?.checkpoint).not.toBeNull();
      expect((await (await fetch(`${target.url()}/api/health`)).json()).log).toEqual({ state: "integrating" });
    },
    CASE_TIMEOUT_MS,
  );
});

describe.each([
  ["embedded", embeddedTarget],
  ["upstash", upstashTarget],
])("the %s store's tree state edited", (_name, makeTarget) => {
  let target: StoreTarget;
  beforeEach(async () => {
    target = await makeTarget();
  }, CASE_TIMEOUT_MS);
  afterEach(async () => {
    await target?.close();
  });

  let writes = 0;
  /** A new incorporation each time: the same body again would be an idempotent replay, which writes nothing. */
  async function write(): Promise<Incorporated> {
    const res = await fetch(`${target.url()}/api/auto-incorporate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...TYPICAL_INCORPORATION, denominacion: `Árbol ${writes++} Agentes SOCIEDAD-IA` }),
    });
    return { status: res.status, body: (await res.json()) as Incorporated["body"] };
  }

  /** Writes until one is refused (the integrator meets the edit), at most three. */
  async function writeUntilRefused(): Promise<Incorporated> {
    let answer = await write();
    for (let i = 0; i < 2 && answer.status === 200; i++) answer = await write();
    return answer;
  }

  it(
    "a forged checkpoint ahead of the tree, its hash lists padded: nothing is signed over it",
    async () => {
      expect((await write()).status).toBe(200);
      const startRefused = await target.editRefusingStart(async (store) => {
        const note = (await store.get(CHECKPOINT_KEY)) as string;
        const [origin, size] = note.split("\n") as [string, string];
        const ahead = Number(size) + 3;
        await store.set(CHECKPOINT_KEY, note.replace(`${origin}\n${size}\n`, `${origin}\n${ahead}\n`));
        const padding = Array.from({ length: 3 }, () => Buffer.alloc(32, 7).toString("base64"));
        await writeLevelHashes(store, 0, [...(await levelHashes(store, 0)), ...padding]);
      });
      if (startRefused !== null) {
        // A restarted embedded server checks the stored checkpoint before it serves anything.
        expect(startRefused).toMatch(/holds a transparency log that .* did not sign/);
        return;
      }
      const refused = await writeUntilRefused();
      expect(refused.status).toBe(503);
      expect(refused.body.detail).toMatch(/the stored checkpoint is not the log's/);
      // Readers hand out no checkpoint the log did not sign.
      expect((await fetch(`${target.url()}/log/checkpoint`)).status).toBe(503);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "a tree hash at the edge edited: the log stalls instead of signing a root built on it",
    async () => {
      expect((await write()).status).toBe(200);
      await target.edit(async (store) => {
        // The hash of the tree's largest complete subtree, which the next root is built on.
        const size = Number(((await store.get(CHECKPOINT_KEY)) as string).split("\n")[1]);
        const [edge] = rootCoords(size) as [Coord];
        // The hot store keeps tile levels (Merkle levels 8L): the edge is hashed up from one of their hashes.
        const level = Math.floor(edge.level / 8);
        const hashes = await levelHashes(store, level);
        hashes[edge.index * 2 ** (edge.level - 8 * level)] = Buffer.alloc(32, 9).toString("base64");
        await writeLevelHashes(store, level, hashes);
      });
      // A process that computed the hash itself keeps using its own: a new one must read it.
      await target.restart();
      const refused = await writeUntilRefused();
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe("tlog_stalled");
      expect(refused.body.detail).toMatch(/do not give the signed root/);
    },
    CASE_TIMEOUT_MS,
  );

  /** Edits the stored index note with store access only: reads report it, lookups and writes stop. */
  async function expectNoteEditStalls(edit: (note: string) => string): Promise<void> {
    const first = await write();
    expect(first.status).toBe(200);
    const sessionId = first.body.audit?.sessionId as string;
    await target.edit(async (store) => {
      await store.set(INDEX_NOTE_KEY, edit((await store.get(INDEX_NOTE_KEY)) as string));
    });
    const read = await (await fetch(`${target.url()}/api/play/audit/${sessionId}?verify=1`)).json();
    expect(read.verification.index.status).toBe("unavailable");
    const res = await fetch(`${target.url()}/log/index/session/${sessionId}`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe("tlog_stalled");
    const refused = await writeUntilRefused();
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toMatch(/index note is not the log's/);
  }

  it(
    "the index note edited: lookups refuse it and the log stalls",
    () =>
      // The index root line replaced; the signature no longer covers it.
      expectNoteEditStalls((note) => {
        const lines = note.split("\n");
        lines[4] = Buffer.alloc(32, 1).toString("base64");
        return lines.join("\n");
      }),
    CASE_TIMEOUT_MS,
  );

  it(
    "an index note whose first line is edited is not taken for the earlier format: the log stalls",
    () => expectNoteEditStalls((note) => note.replace(/^log-index\/v2\n/, "log-index/v3\n")),
    CASE_TIMEOUT_MS,
  );
});
