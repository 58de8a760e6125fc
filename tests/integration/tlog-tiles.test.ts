// Full tiles and entry bundles leave the hot store for a tile store (files, or an S3-compatible
// bucket served here by s3rver, a real S3-protocol server on a free port): the log verifies from
// the tiles the service serves, a restart with only the tile store and the hot store's tail serves
// every tile byte-identical, and an edited stored tile is never served nor believed.
import fs from "node:fs";
import path from "node:path";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import {
  bundlePath,
  openCheckpoint,
  type Tile,
  tilePath,
  tilesForSize,
  verifyInclusion,
  verifyTreeFromTiles,
} from "@sociedades-ia/incorporate/tlog";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded";
import { FLUSHED_KEY, leafBucketKey, tileKey } from "@/lib/tlog/layout";
import { type AppServer, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { tempDir } from "../support/temp-dir";

const CASE_TIMEOUT_MS = 300_000;
const BUCKET = "tiles";
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const b64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

let s3: S3rver;
let s3Url = "";
let s3Dir = "";
beforeAll(async () => {
  s3Dir = tempDir("sia-s3-");
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  s3Url = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

/** Where a case's tiles are, read and edited as the operator of the store (or an attacker) can. */
interface TileTarget {
  env: () => Record<string, string>;
  read: (app: AppServer, path: string) => Promise<Uint8Array | null>;
  write: (app: AppServer, path: string, bytes: Uint8Array) => Promise<void>;
}

const client = () =>
  new S3Client({ endpoint: s3Url, region: "us-east-1", forcePathStyle: true, credentials: CREDENTIALS });

const targets: [string, TileTarget][] = [
  [
    "files under DATA_DIR",
    {
      env: () => ({}),
      read: async (app, p) => {
        const file = path.join(app.dataDir, "tiles", p);
        return fs.existsSync(file) ? new Uint8Array(fs.readFileSync(file)) : null;
      },
      write: async (app, p, bytes) => fs.writeFileSync(path.join(app.dataDir, "tiles", p), bytes),
    },
  ],
  [
    "an S3 bucket",
    {
      env: () => ({
        TLOG_TILES_S3_BUCKET: BUCKET,
        TLOG_TILES_S3_REGION: "us-east-1",
        TLOG_TILES_S3_ENDPOINT: s3Url,
        TLOG_TILES_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        TLOG_TILES_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
        TLOG_TILES_S3_PUBLIC_URL: `${s3Url}/${BUCKET}`,
      }),
      read: async (_app, p) => {
        try {
          const object = await client().send(new GetObjectCommand({ Bucket: BUCKET, Key: p }));
          return (await object.Body?.transformToByteArray()) ?? null;
        } catch {
          return null;
        }
      },
      write: async (_app, p, bytes) => {
        await client().send(new PutObjectCommand({ Bucket: BUCKET, Key: p, Body: bytes }));
      },
    },
  ],
];

describe.each(targets)("the log's tiles in %s", (_name, target) => {
  let app: AppServer;
  let writes = 0;
  const incorporate = () =>
    fetch(`${app.url}/api/auto-incorporate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...TYPICAL_INCORPORATION, denominacion: `Tesela ${writes++} Agentes SOCIEDAD-IA` }),
    });
  const checkpoint = async (server: AppServer) => {
    const vkey = (await (await fetch(`${server.url}/log/vkey`)).text()).trim();
    const note = await (await fetch(`${server.url}/log/checkpoint`)).text();
    return (await openCheckpoint(note, vkey)).checkpoint;
  };
  /** Every tile and bundle of the tree the server serves, by path. */
  const everyTile = async (server: AppServer, size: number) => {
    const served = new Map<string, { status: number; cache: string | null; bytes: Buffer }>();
    const paths = tilesForSize(size).map(tilePath);
    for (let index = 0; index * 256 < size; index++) {
      paths.push(bundlePath({ index, width: Math.min(256, size - index * 256) }));
    }
    for (const p of paths) {
      const res = await fetch(`${server.url}/log/${p}`);
      served.set(p, {
        status: res.status,
        cache: res.headers.get("cache-control"),
        bytes: Buffer.from(await res.arrayBuffer()),
      });
    }
    return served;
  };

  beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMIT_INCORPORATE: "100000/1h", ...target.env() } });
  }, CASE_TIMEOUT_MS);
  afterAll(async () => {
    await app?.stop();
  });

  it(
    "moves each full tile and bundle out of the hot store, serves the same bytes after a restart, and refuses an edited one",
    async () => {
      // More than one bundle of leaves (each incorporation writes at least one), four at a time.
      for (let size = 0; size < 300; size = (await checkpoint(app)).size) {
        const answers = await Promise.all(Array.from({ length: 4 }, () => incorporate()));
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      }
      const head = await checkpoint(app);
      expect(await target.read(app, "tile/0/000")).not.toBeNull();
      expect(await target.read(app, "tile/entries/000")).not.toBeNull();

      const before = await everyTile(app, head.size);
      for (const [p, { status, cache }] of before) {
        expect({ p, status }).toEqual({ p, status: 200 });
        expect(cache).toBe(p.includes(".p/") ? "public, max-age=60" : "public, max-age=31536000, immutable");
      }
      // Anyone rebuilds the signed root from the served tiles, and proves a leaf of the moved bundle.
      const fetchTile = async (tile: Tile) => new Uint8Array(before.get(tilePath(tile))?.bytes ?? []);
      await verifyTreeFromTiles(head, fetchTile);
      const proof = await (await fetch(`${app.url}/log/proof/5?size=${head.size}`)).json();
      verifyInclusion(b64(proof.leafHash), 5, head.size, proof.hashes.map(b64), head.root);
      // The stored copy is the served one.
      expect(Buffer.from((await target.read(app, "tile/0/000")) as Uint8Array)).toEqual(
        before.get("tile/0/000")?.bytes,
      );

      // The hot store keeps only the tail: the moved bundle's leaves and tile are gone from it.
      await app.stop();
      const store = EmbeddedStore.open(app.dataDir);
      try {
        expect(await store.range(leafBucketKey(0), 0, -1)).toEqual([]);
        expect(await store.range(tileKey(0, 0), 0, -1)).toEqual([]);
        expect(Number(await store.get(FLUSHED_KEY))).toBe(Math.floor(head.size / 256));
        expect((await store.range(leafBucketKey(Math.floor(head.size / 256)), 0, -1)).length).toBe(head.size % 256);
      } finally {
        await store.close();
      }
      if (target.env().TLOG_TILES_S3_BUCKET)
        fs.rmSync(path.join(app.dataDir, "tiles"), { recursive: true, force: true });

      // Restarted with only the tile store and the hot store's tail: every tile byte-identical.
      app = await startApp({
        dataDir: app.dataDir,
        port: app.port,
        env: { RATE_LIMIT_INCORPORATE: "100000/1h", ...target.env() },
      });
      const after = await everyTile(app, head.size);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [p, served] of after) expect({ p, bytes: served.bytes }).toEqual({ p, bytes: before.get(p)?.bytes });

      // An attacker edits the stored tile: a fresh server neither serves it nor builds proofs on it.
      const genuine = (await target.read(app, "tile/0/000")) as Uint8Array;
      const edited = new Uint8Array(genuine);
      edited[40] = (edited[40] as number) ^ 1;
      await target.write(app, "tile/0/000", edited);
      await app.stop();
      app = await startApp({
        dataDir: app.dataDir,
        port: app.port,
        env: { RATE_LIMIT_INCORPORATE: "100000/1h", ...target.env() },
      });
      for (const p of ["/log/tile/0/000", "/log/tile/0/000.p/7", "/log/tile/entries/000", "/log/proof/1"]) {
        const res = await fetch(`${app.url}${p}`);
        expect({ p, status: res.status }).toEqual({ p, status: 503 });
        expect((await res.json()).code).toBe("store_unavailable");
      }
      expect(app.output()).toMatch(
        /\[alarm\] tlog: the tile store holds a tile that does not give the signed root \(tile\/0\/000\)/,
      );
      // Tiles that do not rest on the edited one are still served; the log still takes writes.
      expect((await fetch(`${app.url}/log/${[...before.keys()].at(-1)}`)).status).toBe(200);
      expect((await incorporate()).status).toBe(200);

      // Put back, the tile is served again, byte-identical.
      await target.write(app, "tile/0/000", genuine);
      await app.stop();
      app = await startApp({
        dataDir: app.dataDir,
        port: app.port,
        env: { RATE_LIMIT_INCORPORATE: "100000/1h", ...target.env() },
      });
      const res = await fetch(`${app.url}/log/tile/0/000`);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(before.get("tile/0/000")?.bytes);
    },
    CASE_TIMEOUT_MS,
  );
});
