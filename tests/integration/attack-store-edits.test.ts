// Attack: someone with write access to the store (the Upstash REST token, or the embedded store's
// directory) edits a session's log, then the public checks what the live service hands out. The
// checkpoint is signed when its head is appended and stored with it; reads never sign, so no edit
// gets a fresh signature: the JSON read, the CSV export, the stream, the badge and the /verify page
// must each make offline verification fail, or, for a log cut back to an earlier genuine
// checkpoint, verify as exactly that earlier log, which a checkpoint kept from before shows. The
// service also refuses to sign anything more over an edited log. Both store backends.

import { type PublicJwk, parseAuditCsv, verifyAuditLog } from "@sociedades-ia/incorporate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalForms, hashOf } from "@/lib/signing/canonical";
import { EmbeddedStore } from "@/lib/store/embedded";
import type { Store } from "@/lib/store/types";
import { type AppServer, startApp } from "../support/app-server";
import { chunksOf, postPlay, userMessage } from "../support/play-client";
import { startUpstashStack, type UpstashStack } from "../support/upstash-stack";

const TWO_TOOLS = "Validá el CUIT 20-17254359-7 y consultá su situación en la Central de Deudores";
const logKey = (sessionId: string) => `audit:${sessionId}:log`;
const checkpointKey = (sessionId: string) => `audit:${sessionId}:checkpoint`;
const DAY_MS = 86_400_000;
// The embedded server restarts to edit its store, twice in all: generous on a busy machine.
const CASE_TIMEOUT_MS = 180_000;

type Entry = Record<string, unknown> & { seq: number; prev: string | null };

/** A live service on one backend, and a way to edit its store directly. */
interface Target {
  url(): string;
  /** Runs `edit` on the store as an attacker with store access would. */
  edit(edit: (store: Store) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

async function embeddedTarget(): Promise<Target> {
  const env = { RATE_LIMIT_PLAY: "1000/1m" };
  let app: AppServer = await startApp({ env });
  const dataDir = app.dataDir;
  return {
    url: () => app.url,
    // The embedded store belongs to one process: stop the server, edit its files, start it again.
    async edit(edit) {
      await app.stop();
      const store = EmbeddedStore.open(dataDir);
      try {
        await edit(store);
      } finally {
        await store.close();
      }
      app = await startApp({ env, dataDir });
    },
    close: () => app.stop(),
  };
}

async function upstashTarget(): Promise<Target> {
  const stack: UpstashStack = await startUpstashStack();
  const app = await startApp({ env: { ...stack.env, RATE_LIMIT_PLAY: "1000/1m" } });
  return {
    url: () => app.url,
    edit: (edit) => edit(stack.store),
    async close() {
      await app.stop();
      await stack.close();
    },
  };
}

async function readList(store: Store, key: string): Promise<string[]> {
  return store.range(key, 0, -1);
}

/** Replaces a stored list with `items`, as a forger with store access can. */
async function writeList(store: Store, key: string, items: string[]): Promise<void> {
  await store.del(key);
  for (const [i, item] of items.entries()) await store.append(key, i, item, { expiry: DAY_MS });
}

const payloadOf = (jws: string) =>
  JSON.parse(Buffer.from(jws.split(".")[1] as string, "base64url").toString("utf8")) as { size: number; ts: string };

describe.each([
  ["embedded", embeddedTarget],
  ["upstash", upstashTarget],
])("the %s store edited by hand", (_name, makeTarget) => {
  let target: Target;
  let jwks: { keys: PublicJwk[] };
  beforeAll(async () => {
    target = await makeTarget();
    jwks = await (await fetch(`${target.url()}/.well-known/jwks.json`)).json();
    await writeAndEditSessions();
  }, CASE_TIMEOUT_MS);
  afterAll(async () => {
    await target?.close();
  });

  /** A session of four entries written by the live service, and its write token. */
  /** A session of four entries, and the checkpoint it had at two (which anyone reading it then kept). */
  async function session(): Promise<{ sessionId: string; token: string; atTwo: string }> {
    const first = await postPlay(target.url(), { messages: [userMessage(TWO_TOOLS)] });
    const sessionId = first.res.headers.get("x-session-id") as string;
    const token = first.res.headers.get("x-session-token") as string;
    const atTwo = (await readJson(sessionId)).checkpoint as string;
    expect(payloadOf(atTwo).size).toBe(2);
    const second = await postPlay(
      target.url(),
      { messages: [userMessage(TWO_TOOLS)] },
      { "x-session-id": sessionId, "x-session-token": token },
    );
    expect(second.res.status).toBe(200);
    const log = await readJson(sessionId);
    expect(log.entries).toHaveLength(4);
    expect(await verifyAuditLog(log, { jwks })).toMatchObject({ ok: true });
    return { sessionId, token, atTwo };
  }

  async function readJson(sessionId: string) {
    const res = await fetch(`${target.url()}/api/play/audit/${sessionId}?verify=1`);
    expect(res.status).toBe(200);
    return (await res.json()) as {
      sessionId: string;
      entries: Entry[];
      checkpoint: string | null;
      verification: { tampered: number; checkpoint: string; firstBadSeq: number | null };
    };
  }

  /** The entries and the newest checkpoint as a follower of the stream receives them. */
  async function readStream(sessionId: string) {
    const text = await (await fetch(`${target.url()}/api/play/audit/${sessionId}/stream?maxSeconds=1`)).text();
    const events = text.split("\n\n").map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: /^data: (.*)$/m.exec(block)?.[1],
    }));
    const entries = events.filter((e) => e.event === "entry").map((e) => JSON.parse(e.data as string) as Entry);
    const checkpoints = events.filter((e) => e.event === "checkpoint").map((e) => JSON.parse(e.data as string));
    return { sessionId, entries, checkpoint: (checkpoints.at(-1)?.checkpoint as string | undefined) ?? null };
  }

  async function readCsv(sessionId: string) {
    const res = await fetch(`${target.url()}/api/play/audit/${sessionId}/csv`);
    return { sessionId, entries: parseAuditCsv(await res.text()), checkpoint: res.headers.get("x-audit-checkpoint") };
  }

  /** Everything the live service hands out for the session, each as an outsider checks it. */
  async function whatThePublicSees(sessionId: string) {
    const json = await readJson(sessionId);
    const badge = await (await fetch(`${target.url()}/api/badge/${sessionId}`)).text();
    const page = await (await fetch(`${target.url()}/verify?session=${sessionId}`)).text();
    return {
      server: json.verification,
      badge,
      page,
      offline: {
        json: await verifyAuditLog(json, { jwks }),
        csv: await verifyAuditLog(await readCsv(sessionId), { jwks }),
        stream: await verifyAuditLog(await readStream(sessionId), { jwks }),
      },
    };
  }

  function expectCaught(seen: Awaited<ReturnType<typeof whatThePublicSees>>) {
    for (const [form, result] of Object.entries(seen.offline)) {
      expect({ form, ok: result.ok }).toEqual({ form, ok: false });
    }
    expect(seen.badge).toContain("tampered");
    expect(seen.page).toContain("ADULTERADO");
  }

  /** The session's stored log, then its checkpoint. */
  const storedState = async (store: Store, sessionId: string) => [
    ...(await readList(store, logKey(sessionId))),
    String(await store.get(checkpointKey(sessionId))),
  ];

  const edited = (raw: string): Entry => ({ ...(JSON.parse(raw) as Entry), output: { forged: true } });
  const full = (entry: Entry) => canonicalForms(entry).full;

  // Every case's session is written by the live service first, then all of them are edited in one
  // go: on the embedded store an edit means stopping the server, and one stop for all the cases
  // keeps the file from being mostly server restarts. Each case then reads only its own session.
  const sessions = new Map<string, { sessionId: string; token: string; atTwo: string }>();
  /** A checkpoint a verifier kept from before the cut-back. */
  let kept = "";
  /** What each edited session held right after the edit. */
  const afterEdit = new Map<string, string[]>();
  const REFUSING = ["in place", "re-linked", "dropped", "spliced", "no checkpoints", "cut back"];

  async function writeAndEditSessions() {
    for (const name of [...REFUSING, "donor"]) sessions.set(name, await session());
    const id = (name: string) => sessions.get(name)?.sessionId as string;
    kept = (await readJson(id("cut back"))).checkpoint as string;
    await target.edit(async (store) => {
      // An entry changed in place, its HMAC left alone.
      let items = await readList(store, logKey(id("in place")));
      items[2] = full(edited(items[2] as string));
      await writeList(store, logKey(id("in place")), items);
      // An entry changed and every later link re-computed, so the chain holds.
      items = await readList(store, logKey(id("re-linked")));
      items[2] = full(edited(items[2] as string));
      for (let i = 3; i < items.length; i++) {
        items[i] = full({ ...(JSON.parse(items[i] as string) as Entry), prev: hashOf(items[i - 1] as string) });
      }
      await writeList(store, logKey(id("re-linked")), items);
      // The last entries dropped.
      items = await readList(store, logKey(id("dropped")));
      await writeList(store, logKey(id("dropped")), items.slice(0, -2));
      // Another session's entries spliced in.
      items = await readList(store, logKey(id("spliced")));
      const foreign = await readList(store, logKey(id("donor")));
      await writeList(store, logKey(id("spliced")), [...items.slice(0, 3), ...foreign.slice(3)]);
      // The checkpoint deleted, and an entry changed.
      await store.del(checkpointKey(id("no checkpoints")));
      items = await readList(store, logKey(id("no checkpoints")));
      items[2] = full(edited(items[2] as string));
      await writeList(store, logKey(id("no checkpoints")), items);
      // Cut back to the checkpoint signed at two entries, which the attacker kept from then.
      items = await readList(store, logKey(id("cut back")));
      await writeList(store, logKey(id("cut back")), items.slice(0, 3));
      await store.set(checkpointKey(id("cut back")), sessions.get("cut back")?.atTwo as string);
      for (const name of REFUSING) afterEdit.set(name, await storedState(store, id(name)));
    });
  }

  const seenFor = (name: string) => whatThePublicSees(sessions.get(name)?.sessionId as string);

  it("an entry changed in place, its HMAC left alone", async () => {
    const seen = await seenFor("in place");
    // The head is untouched, so the checkpoint still matches it; the HMAC and the next link do not.
    expect(seen.server).toMatchObject({ checkpoint: "valid", tampered: 2, firstBadSeq: 1 });
    expect(seen.offline.json.firstBadSeq).toBe(2);
    expectCaught(seen);
  });

  it("an entry changed and every later link re-computed, so the chain holds", async () => {
    const seen = await seenFor("re-linked");
    // The chain itself is whole: only the signed head shows the rewrite.
    expect(seen.offline.json.firstBadSeq).toBeNull();
    expect(seen.offline.json.checkpoint?.error).toMatch(/differs from the entries/);
    expectCaught(seen);
  });

  it("the last entries dropped", async () => {
    const seen = await seenFor("dropped");
    expect(seen.server).toMatchObject({ checkpoint: "mismatch", tampered: 0 });
    expectCaught(seen);
  });

  it("another session's entries spliced in", async () => {
    const seen = await seenFor("spliced");
    expect(seen.offline.json.problems.map((p) => p.seq)).toContain(2);
    expectCaught(seen);
  });

  it("the checkpoints deleted: nothing can be verified offline", async () => {
    const seen = await seenFor("no checkpoints");
    expect(seen.server).toMatchObject({ checkpoint: "missing" });
    expectCaught(seen);
  });

  it("cut back to an earlier genuine checkpoint: served as exactly that log, and a kept checkpoint shows the cut", async () => {
    const json = await readJson(sessions.get("cut back")?.sessionId as string);
    // On its own, the earlier log is genuine: two entries under the checkpoint signed for them.
    expect(json.entries).toHaveLength(2);
    expect(payloadOf(json.checkpoint as string).size).toBe(2);
    expect(await verifyAuditLog(json, { jwks })).toMatchObject({ ok: true, total: 2 });
    const withKept = await verifyAuditLog(json, { jwks, knownCheckpoint: kept });
    expect(withKept.ok).toBe(false);
    expect(withKept.known).toMatchObject({ consistent: false, size: 4 });
    expect(withKept.known?.error).toMatch(/cut back: it holds 2 entries.*signed 4/);
    // A kept checkpoint the log does extend is no objection.
    expect((await verifyAuditLog(json, { jwks, knownCheckpoint: json.checkpoint as string })).ok).toBe(true);
    // The service itself knows better: the log's index holds the session's entry at seq 3.
    const seen = await seenFor("cut back");
    expect(seen.server).toMatchObject({ checkpoint: "valid", tampered: 0, index: { status: "cut", seq: 3 } });
    expect(seen.badge).toContain("tampered");
    expect(seen.page).toContain("ADULTERADO");
  });

  it(
    "signs nothing more over any edited log: each append is refused with its reason, and the store stays as edited",
    async () => {
      for (const name of REFUSING) {
        const { sessionId, token } = sessions.get(name) as { sessionId: string; token: string };
        const more = await postPlay(
          target.url(),
          { messages: [userMessage(TWO_TOOLS)] },
          { "x-session-id": sessionId, "x-session-token": token },
        );
        // The tool ran, but its call could not be recorded: the agent is told why, and gets no result.
        const refusals = chunksOf(more.chunks, "tool-output-error").map((c) => c.errorText);
        expect({ name, refused: refusals.length > 0 }).toEqual({ name, refused: true });
        // A log whose head the transparency log's index contradicts reads as cut back.
        for (const text of refusals)
          expect(text).toMatch(/fails verification .*signs nothing more over it|was cut back/);
        expect(chunksOf(more.chunks, "tool-output-available")).toEqual([]);
      }
      await target.edit(async (store) => {
        for (const name of REFUSING) {
          const state = await storedState(store, sessions.get(name)?.sessionId as string);
          expect({ name, state }).toEqual({ name, state: afterEdit.get(name) });
        }
      });
    },
    CASE_TIMEOUT_MS,
  );
});
