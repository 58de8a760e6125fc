// The service-wide transparency log as an outsider checks it, with the client package's verifier
// only: the checkpoint under the published vkey, a write's receipt, the audit read's proof that a
// session's head is in the log, consistency between two checkpoints, the tiles and entry bundles,
// and bad requests that change nothing. Then the log refuses to run under another origin.
import { createHash } from "node:crypto";
import { canonicalize } from "@sociedades-ia/incorporate";
import {
  bundlePath,
  type Checkpoint,
  decodeEntryBundle,
  leafHash,
  openCheckpoint,
  type Tile,
  tilePath,
  verifyConsistency,
  verifyInclusion,
  verifyTreeFromTiles,
} from "@sociedades-ia/incorporate/tlog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import { type AppServer, startApp, startAppExpectingFailure } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { postPlay, userMessage } from "../support/play-client";
import { leafItems, writeLeafItems } from "../support/tlog-layout";

let app: AppServer;
let vkey: string;
beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMIT_PLAY: "1000/1m", RATE_LIMIT_INCORPORATE: "1000/1h" } });
  vkey = (await (await fetch(`${app.url}/log/vkey`)).text()).trim();
});
afterAll(async () => {
  await app?.stop();
});

const b64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));
const encoder = new TextEncoder();

async function latest(): Promise<{ note: string; checkpoint: Checkpoint }> {
  const res = await fetch(`${app.url}/log/checkpoint`);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  const note = await res.text();
  const origin = note.split("\n")[0] as string;
  expect(origin).toMatch(/^sociedades-ia\.localhost\/log\/[0-9a-f]{16}$/);
  expect(vkey.startsWith(`${origin}+`)).toBe(true);
  return { note, checkpoint: (await openCheckpoint(note, vkey, { origin })).checkpoint };
}

interface Receipt {
  index: number;
  leafHash: string;
  checkpoint: string | null;
  inclusion: { size: number; hashes: string[] } | null;
}

/** The leaf an audit entry gets, computed from the entry alone, as any verifier can. */
function auditLeaf(entry: { sessionId: string; seq: number }) {
  const entryHash = `sha256:${createHash("sha256").update(canonicalize(entry)).digest("hex")}`;
  return encoder.encode(canonicalize({ kind: "audit.entry", sessionId: entry.sessionId, seq: entry.seq, entryHash }));
}

async function expectIncluded(receipt: Receipt, leaf: Uint8Array) {
  expect(Buffer.from(leafHash(leaf)).toString("base64")).toBe(receipt.leafHash);
  expect(receipt.checkpoint).not.toBeNull();
  const { checkpoint } = await openCheckpoint(receipt.checkpoint as string, vkey);
  expect(receipt.inclusion?.size).toBe(checkpoint.size);
  verifyInclusion(
    leafHash(leaf),
    receipt.index,
    checkpoint.size,
    (receipt.inclusion?.hashes ?? []).map(b64),
    checkpoint.root,
  );
}

describe("the transparency log", () => {
  it("publishes a checkpoint signed under its vkey, named by its origin, with the keys in use as its first leaves", async () => {
    expect(vkey).toMatch(/^sociedades-ia\.localhost\/log\/[0-9a-f]{16}\+[0-9a-f]{8}\+/);
    const { checkpoint } = await latest();
    expect(checkpoint.size).toBeGreaterThanOrEqual(3);
    const bundle = await fetch(`${app.url}/log/${bundlePath({ index: 0, width: 3 })}`);
    const kinds = decodeEntryBundle(new Uint8Array(await bundle.arrayBuffer()), 3).map(
      (e) => JSON.parse(new TextDecoder().decode(e)) as { kind: string; purpose: string },
    );
    expect(kinds.map((k) => k.kind)).toEqual(["key.event", "key.event", "key.event"]);
    expect(kinds.map((k) => k.purpose).sort()).toEqual(["audit-checkpoint", "audit-hmac", "log"]);
  });

  it("gives an incorporation a receipt that proves its audit entry is in the log", async () => {
    const res = await fetch(`${app.url}/api/auto-incorporate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...TYPICAL_INCORPORATION, denominacion: "Receipt Check SOCIEDAD-IA" }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      audit: { entry: { sessionId: string; seq: number } };
      registry: { record: { id: string } };
      transparency: Receipt;
    };
    await expectIncluded(body.transparency, auditLeaf(body.audit.entry));
    // The forming record it created is a leaf of the same batch, right after the entry's.
    const start = body.transparency.index + 1;
    const bundle = await fetch(`${app.url}/log/${bundlePath({ index: 0, width: start + 1 })}`);
    const leaves = decodeEntryBundle(new Uint8Array(await bundle.arrayBuffer()), start + 1);
    expect(JSON.parse(new TextDecoder().decode(leaves[start]))).toMatchObject({
      kind: "registry.record",
      id: body.registry.record.id,
      event: "created",
      status: "forming",
    });

    // The audit read proves the session's signed head is that same leaf.
    const log = await (await fetch(`${app.url}/api/play/audit/${body.audit.entry.sessionId}`)).json();
    const payload = JSON.parse(Buffer.from(log.checkpoint.split(".")[1], "base64url").toString());
    expect(payload.logIndex).toBe(body.transparency.index);
    expect(log.transparency.index).toBe(body.transparency.index);
    await expectIncluded(log.transparency, auditLeaf(log.entries[0]));
  });

  it("gives a replayed incorporation the receipt of the first call's leaf, with its proof", async () => {
    const send = () =>
      fetch(`${app.url}/api/auto-incorporate`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": "receipt-replay-1" },
        body: JSON.stringify({ ...TYPICAL_INCORPORATION, denominacion: "Replay Receipt SOCIEDAD-IA" }),
      });
    const first = (await (await send()).json()) as {
      audit: { entry: { sessionId: string; seq: number } };
      transparency: Receipt;
    };
    const again = await send();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const replay = (await again.json()) as typeof first;
    expect(replay.transparency.index).toBe(first.transparency.index);
    await expectIncluded(replay.transparency, auditLeaf(first.audit.entry));
  });

  it("gives every tool call of the demo agent its leaf, and proves later checkpoints extend earlier ones", async () => {
    const before = await latest();
    const { chunks } = await postPlay(app.url, {
      messages: [userMessage("Validá el CUIT 20-17254359-7 y consultá su situación en la Central de Deudores")],
    });
    const refs = chunks.filter((c) => c.type === "data-audit").map((c) => (c as { data: { logIndex: number } }).data);
    expect(refs).toHaveLength(2);
    expect(refs[1]?.logIndex).toBe((refs[0]?.logIndex as number) + 1);
    const after = await latest();
    expect(after.checkpoint.size).toBeGreaterThanOrEqual(before.checkpoint.size + 2);

    const proof = await (
      await fetch(`${app.url}/log/consistency?from=${before.checkpoint.size}&to=${after.checkpoint.size}`)
    ).json();
    expect(proof).toMatchObject({ from: before.checkpoint.size, to: after.checkpoint.size });
    verifyConsistency(
      before.checkpoint.size,
      after.checkpoint.size,
      proof.hashes.map(b64),
      before.checkpoint.root,
      after.checkpoint.root,
    );
    // A forged root at the old size fails the same proof.
    const forged = new Uint8Array(before.checkpoint.root);
    forged[0] = (forged[0] as number) ^ 1;
    expect(() =>
      verifyConsistency(
        before.checkpoint.size,
        after.checkpoint.size,
        proof.hashes.map(b64),
        forged,
        after.checkpoint.root,
      ),
    ).toThrow();

    const leaf = await (await fetch(`${app.url}/log/proof/${refs[0]?.logIndex}?size=${after.checkpoint.size}`)).json();
    expect(leaf.checkpoint).toBe(after.note);
    verifyInclusion(b64(leaf.leafHash), leaf.index, leaf.size, leaf.hashes.map(b64), after.checkpoint.root);
  });

  it("serves tiles from which anyone rebuilds the checkpoint's root, full ones cacheable for good", async () => {
    const { checkpoint } = await latest();
    let fetched = 0;
    await verifyTreeFromTiles(checkpoint, async (tile: Tile) => {
      const res = await fetch(`${app.url}/log/${tilePath(tile)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe(
        tile.width === 256 ? "public, max-age=31536000, immutable" : "public, max-age=60",
      );
      fetched++;
      return new Uint8Array(await res.arrayBuffer());
    });
    expect(fetched).toBeGreaterThan(0);
  });

  it("answers bad or out-of-range numbers and paths with a 400 or 404 problem, and changes nothing", async () => {
    const before = (await latest()).note;
    const size = (await latest()).checkpoint.size;
    for (const path of [
      "/log/proof/abc",
      "/log/proof/-1",
      "/log/proof/01",
      `/log/proof/${size}`,
      `/log/proof/0?size=${size + 1}`,
      "/log/proof/0?size=0",
      "/log/consistency",
      "/log/consistency?from=0",
      `/log/consistency?from=2&to=1`,
      `/log/consistency?from=1&to=${size + 1}`,
      "/log/consistency?from=1.5",
      "/log/tile/0/0001",
      "/log/tile/0/000.p/0",
      "/log/tile/0/000.p/256",
      "/log/tile/x/000",
    ]) {
      const res = await fetch(`${app.url}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.headers.get("content-type")).toMatch(/problem\+json/);
    }
    const missing = await fetch(`${app.url}/log/tile/0/999`);
    expect(missing.status).toBe(404);
    expect((await latest()).note).toBe(before);
  });
});

describe("a replay's receipt after a store edit", () => {
  it("is left out when the store's leaf at the named index is not the entry's: never another leaf's proof", async () => {
    const own = await startApp({ env: { RATE_LIMIT_INCORPORATE: "1000/1h" } });
    const send = (target: AppServer) =>
      fetch(`${target.url}/api/auto-incorporate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...TYPICAL_INCORPORATION, denominacion: "Edited Leaf SOCIEDAD-IA" }),
      });
    const first = (await (await send(own)).json()) as { transparency: Receipt };
    await own.stop();
    // The attacker swaps the entry's leaf for the one before it (a genuine leaf of another write).
    const store = EmbeddedStore.open(own.dataDir);
    const leaves = await leafItems(store);
    const index = first.transparency.index;
    leaves[index] = leaves[index - 1] as string;
    await writeLeafItems(store, leaves);
    await store.close();
    const after = await startApp({ dataDir: own.dataDir, port: own.port });
    try {
      const res = await send(after);
      expect(res.headers.get("idempotent-replayed")).toBe("true");
      expect(((await res.json()) as { transparency?: Receipt }).transparency).toBeUndefined();
    } finally {
      await after.stop();
    }
  });
});

describe("the log's origin and key", () => {
  it("refuse to start on a store that holds a log of another origin", async () => {
    await app.stop();
    const moved = await startAppExpectingFailure({ DATA_DIR: app.dataDir, TLOG_ORIGIN: "elsewhere.example/log" });
    expect(moved.code).not.toBe(0);
    expect(moved.output).toMatch(/holds a transparency log that elsewhere\.example\/log .* did not sign/);
    app = await startApp({ dataDir: app.dataDir });
    expect((await fetch(`${app.url}/log/checkpoint`)).status).toBe(200);
  });
});

describe("two instances left unnamed", () => {
  it("get different origins, each its key's own, kept across a restart; witnesses need a public name", async () => {
    const other = await startApp();
    try {
      const names = await Promise.all(
        [app, other].map(async (a) => (await (await fetch(`${a.url}/log/checkpoint`)).text()).split("\n")[0]),
      );
      expect(names[0]).toMatch(/^sociedades-ia\.localhost\/log\/[0-9a-f]{16}$/);
      expect(names[1]).toMatch(/^sociedades-ia\.localhost\/log\/[0-9a-f]{16}$/);
      expect(names[1]).not.toBe(names[0]);
      const otherVkey = (await (await fetch(`${other.url}/log/vkey`)).text()).trim();
      expect(otherVkey.startsWith(`${names[1]}+`)).toBe(true);
      await other.stop();
      const again = await startApp({ dataDir: other.dataDir });
      try {
        expect((await (await fetch(`${again.url}/log/vkey`)).text()).trim()).toBe(otherVkey);
      } finally {
        await again.stop();
      }
    } finally {
      await other.stop();
    }
    const vkeyOfWitness = "w.example/a+01020304+BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const unnamed = await startAppExpectingFailure({ TLOG_WITNESSES: `${vkeyOfWitness} https://w.example` });
    expect(unnamed.code).not.toBe(0);
    expect(unnamed.output).toMatch(/TLOG_WITNESSES: witnesses know a log by its public name.*Set TLOG_ORIGIN/);
  });
});
