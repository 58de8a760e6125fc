import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { type CliIo, EXIT_ALARM, EXIT_ERROR, EXIT_OK, runCli } from "../src/monitor-cli.ts";
import { toBase64 } from "../src/tlog/bytes.ts";
import { formatCheckpoint } from "../src/tlog/checkpoint.ts";
import { cosignerFromSeed } from "../src/tlog/cosignature.ts";
import { encodeEntryBundle } from "../src/tlog/entry-bundle.ts";
import { TlogError } from "../src/tlog/errors.ts";
import { formatIndexNote } from "../src/tlog/index-note.ts";
import { KEY_TYPE_COSIGNATURE_V1 } from "../src/tlog/key-id.ts";
import { MemoryIndex } from "../src/tlog/log-index.ts";
import { MemoryTree } from "../src/tlog/memory-tree.ts";
import { checkLog } from "../src/tlog/monitor.ts";
import { type NoteSigner, signNote } from "../src/tlog/note.ts";
import { formatVerifierKey, generateNoteKey, signerFromKey } from "../src/tlog/note-keys.ts";
import { checkWitnessPolicy, openCheckpointWithPolicy, parseWitnessPolicy } from "../src/tlog/policy.ts";
import { tileFromStored } from "../src/tlog/tiles.ts";

const ORIGIN = "registro.example/log";
const PKG = path.resolve(import.meta.dirname, "..");
const entry = (tag: string, i: number) => new TextEncoder().encode(`${tag} ${i}`);

/**
 * A log server as the service exposes it: checkpoint, vkey and consistency proofs under /log/.
 * Each test swaps in the tree and key it wants the server to show.
 */
const served = {
  tree: new MemoryTree(),
  entries: [] as Uint8Array[],
  size: 0,
  signer: null as unknown as NoteSigner,
  vkey: "",
  /** Replaces the consistency answer when set. */
  consistency: null as null | ((from: number, to: number) => unknown),
  /** Witnesses whose cosignatures the checkpoint carries. */
  cosigners: [] as NoteSigner[],
  /** What the witness's monitoring path serves for the log (`/witness/<origin hash>/checkpoint`); 404 when null. */
  witnessHolds: null as string | null,
  /** The index root the log's signed index note states (`/log/index/...`); no index served when null. */
  indexRoot: null as Uint8Array | null,
};
let server: Server;
let base: string;
let logKey: { signerKey: string; verifierKey: string };
let dir: string;
let stateFile: string;

function showTree(tag: string, size: number) {
  showEntries(Array.from({ length: size }, (_, i) => entry(tag, i)));
}

function showEntries(entries: Uint8Array[]) {
  served.tree = new MemoryTree();
  served.tree.appendEntries(...entries);
  served.entries = entries;
  served.size = entries.length;
}

/** An audit entry's leaf, as the service sequences it. */
const auditLeaf = (sessionId: string, seq: number) =>
  new TextEncoder().encode(
    JSON.stringify({ entryHash: `sha256:${String(seq).repeat(64).slice(0, 64)}`, kind: "audit.entry", seq, sessionId }),
  );

beforeAll(async () => {
  logKey = await generateNoteKey(ORIGIN);
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
      res.end(body);
    };
    if (url.pathname.startsWith("/stall")) return; // never answers
    if (url.pathname === `/witness/${createHash("sha256").update(ORIGIN).digest("hex")}/checkpoint`) {
      return served.witnessHolds === null ? send(404, "never cosigned\n") : send(200, served.witnessHolds);
    }
    if (url.pathname === "/log/vkey") return send(200, `${served.vkey}\n`);
    if (url.pathname === "/log/checkpoint") {
      const text = formatCheckpoint({
        origin: ORIGIN,
        size: served.size,
        root: served.tree.root(served.size),
        extensions: [],
      });
      return send(200, await signNote(text, [served.signer, ...served.cosigners]));
    }
    const tile = /^\/log\/tile\/(\d+)\/(\d{3})(?:\.p\/(\d+))?$/.exec(url.pathname);
    if (tile) {
      const width = Number(tile[3] ?? 256);
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return res.end(tileFromStored({ level: Number(tile[1]), index: Number(tile[2]), width }, served.tree.lookup));
    }
    const bundle = /^\/log\/tile\/entries\/(\d{3})(?:\.p\/(\d+))?$/.exec(url.pathname);
    if (bundle) {
      const first = Number(bundle[1]) * 256;
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return res.end(encodeEntryBundle(served.entries.slice(first, first + Number(bundle[2] ?? 256))));
    }
    if (url.pathname.startsWith("/log/index/") && served.indexRoot) {
      const body = formatIndexNote({
        origin: ORIGIN,
        size: served.size,
        root: served.tree.root(served.size),
        indexRoot: served.indexRoot,
      });
      return send(200, JSON.stringify({ indexNote: await signNote(body, served.signer) }));
    }
    if (url.pathname === "/log/consistency") {
      const from = Number(url.searchParams.get("from"));
      const to = Number(url.searchParams.get("to"));
      const answer = served.consistency
        ? served.consistency(from, to)
        : { from, to, hashes: served.tree.consistencyProof(from, to).map(toBase64) };
      return send(200, JSON.stringify(answer));
    }
    send(404, "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  served.signer = await signerFromKey(logKey.signerKey);
  served.vkey = logKey.verifierKey;
  served.consistency = null;
  served.cosigners = [];
  served.witnessHolds = null;
  served.indexRoot = null;
  showTree("main", 3);
  dir = tempDir("sia-monitor-");
  stateFile = path.join(dir, "state.json");
});

/** Runs the command with Node's files, capturing what it prints. */
async function monitor(...extra: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    readFile: async (p) => (fs.existsSync(p) ? fs.readFileSync(p, "utf8") : null),
    writeFile: async (p, text) => fs.writeFileSync(p, text),
    stdout: (line) => out.push(line),
    stderr: (line) => err.push(line),
  };
  const code = await runCli(["monitor", base, "--state", stateFile, ...extra], io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** The saved state of the one log these tests serve. */
const saved = () => {
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8"));
  expect(state).toMatchObject({ version: 2 });
  expect(state.logs).toHaveLength(1);
  return state.logs[0];
};

describe("incorporate monitor", () => {
  it("pins the key and the first checkpoint, then follows the log as it grows", async () => {
    const first = await monitor();
    expect(first).toMatchObject({ code: EXIT_OK, err: "" });
    expect(first.out).toContain("first checkpoint, size 3");
    expect(saved()).toMatchObject({ urls: [base], vkey: logKey.verifierKey, origin: ORIGIN, size: 3, sessions: {} });

    expect((await monitor()).out).toContain("unchanged at size 3");
    showTree("main", 700);
    const grew = await monitor();
    expect(grew.code).toBe(EXIT_OK);
    expect(grew.out).toContain("grew from 3 to 700, consistent");
    expect(saved().size).toBe(700);
    expect(saved().root).toBe(toBase64(served.tree.root()));
  });

  it("starts from an empty log", async () => {
    showTree("main", 0);
    expect((await monitor()).code).toBe(EXIT_OK);
    showTree("main", 5);
    expect((await monitor()).out).toContain("grew from 0 to 5");
  });

  it("raises the alarm when the log forks: another tree of the same size", async () => {
    await monitor();
    const before = fs.readFileSync(stateFile, "utf8");
    showTree("forged", 3);
    const fork = await monitor();
    expect(fork.code).toBe(EXIT_ALARM);
    expect(fork.err).toMatch(/ALERT: .*two roots for size 3/);
    expect(fs.readFileSync(stateFile, "utf8")).toBe(before);
  });

  it("raises the alarm when a larger tree does not extend the old one", async () => {
    await monitor();
    showTree("forged", 10);
    const res = await monitor();
    expect(res.code).toBe(EXIT_ALARM);
    expect(res.err).toMatch(/not consistent with the one of size 3/);
    expect(saved().size).toBe(3);
  });

  it("raises the alarm when the log shrinks", async () => {
    showTree("main", 8);
    await monitor();
    showTree("main", 5);
    const res = await monitor();
    expect(res.code).toBe(EXIT_ALARM);
    expect(res.err).toMatch(/shrank from 8 to 5/);
  });

  it("raises the alarm on a forged proof and on a checkpoint signed by another key", async () => {
    await monitor();
    showTree("main", 9);
    const honest = served.tree.consistencyProof(3, 9).map(toBase64);
    served.consistency = (from, to) => ({ from, to, hashes: [...honest].reverse() });
    expect((await monitor()).code).toBe(EXIT_ALARM);

    served.consistency = null;
    const other = await generateNoteKey(ORIGIN);
    served.signer = await signerFromKey(other.signerKey);
    const res = await monitor();
    expect(res.code).toBe(EXIT_ALARM);
    expect(res.err).toMatch(/no signature of a trusted key/);
    // Nor does publishing the new key help: the first run pinned the old one.
    served.vkey = other.verifierKey;
    expect((await monitor()).code).toBe(EXIT_ALARM);
    expect((await monitor("--vkey", other.verifierKey)).err).toMatch(/differs from the key pinned/);
  });

  it("says it could not check, with status 2, when the log or the arguments are unusable", async () => {
    await monitor();
    const valid = saved();
    showTree("main", 9);
    served.consistency = (from) => ({ from, to: 8, hashes: [] });
    const wrongRange = await monitor();
    expect(wrongRange.code).toBe(EXIT_ERROR);
    expect(wrongRange.err).toMatch(/could not check .*for 3 to 8, not 3 to 9/);

    const io: CliIo = { readFile: async () => null, writeFile: async () => {}, stdout: () => {}, stderr: () => {} };
    expect(await runCli(["monitor"], io)).toBe(EXIT_ERROR);
    expect(await runCli(["watch", base], io)).toBe(EXIT_ERROR);
    expect(await runCli(["monitor", "ftp://x"], io)).toBe(EXIT_ERROR);
    expect(await runCli(["monitor", base, "--state"], io)).toBe(EXIT_ERROR);
    expect(await runCli(["monitor", "http://127.0.0.1:1"], io)).toBe(EXIT_ERROR);

    fs.writeFileSync(stateFile, "{not json");
    expect((await monitor()).err).toMatch(/is not JSON/);
    fs.writeFileSync(stateFile, JSON.stringify({ version: 2, logs: [{ ...valid, size: "3" }] }));
    expect((await monitor()).err).toMatch(/not a monitor state file/);
  });

  it("keeps a log by its origin and key: the same log read at another address must agree with itself", async () => {
    await monitor();
    showTree("forged", 3);
    // Another address of the same server: a mirror, or a fork shown to some.
    const elsewhere = base.replace("127.0.0.1", "localhost");
    const out: string[] = [];
    const io: CliIo = {
      readFile: async (p) => (fs.existsSync(p) ? fs.readFileSync(p, "utf8") : null),
      writeFile: async (p, text) => fs.writeFileSync(p, text),
      stdout: (line) => out.push(line),
      stderr: (line) => out.push(line),
    };
    expect(await runCli(["monitor", elsewhere, "--state", stateFile], io)).toBe(EXIT_ALARM);
    expect(out.join("\n")).toMatch(/ALERT: .*two roots for size 3/);
    showTree("main", 5);
    expect(await runCli(["monitor", elsewhere, "--state", stateFile], io)).toBe(EXIT_OK);
    expect(saved().urls).toEqual([base, elsewhere]);
  });

  it("reads a state file of the first version as that log's, and rereads the log's sessions", async () => {
    await monitor();
    const { urls, sessions: _, ...log } = saved();
    fs.writeFileSync(stateFile, JSON.stringify({ version: 1, url: urls[0], ...log }));
    showTree("main", 4);
    const res = await monitor();
    expect(res).toMatchObject({ code: EXIT_OK, err: "" });
    expect(res.out).toContain("grew from 3 to 4");
    expect(res.out).toContain("read 4 new leaves");
  });

  it("raises the alarm when an audit session's entry is sequenced twice or skipped", async () => {
    showEntries([auditLeaf("s1", 0), entry("other", 0), auditLeaf("s1", 1), auditLeaf("s2", 0)]);
    expect((await monitor()).code).toBe(EXIT_OK);
    expect(saved().sessions).toEqual({ s1: 1, s2: 0 });

    // A session cut back and continued: a second leaf for seq 1, in a log that still only grew.
    const cut = [...served.entries, auditLeaf("s2", 1), auditLeaf("s1", 1)];
    showEntries(cut);
    const twice = await monitor();
    expect(twice.code).toBe(EXIT_ALARM);
    expect(twice.err).toMatch(/leaf 5 is seq 1 of session s1, which the log already holds/);
    expect(saved().size).toBe(4);

    showEntries([...cut.slice(0, 5), auditLeaf("s1", 3)]);
    const skipped = await monitor();
    expect(skipped.code).toBe(EXIT_ALARM);
    expect(skipped.err).toMatch(/leaf 5 is seq 3 of session s1, but the log's last was 1 \(entries skipped\)/);

    // Bundles that do not match the checkpoint are not read as the log's.
    showEntries([...cut.slice(0, 5), auditLeaf("s1", 2)]);
    const bundles = served.entries;
    served.entries = [...bundles.slice(0, 5), auditLeaf("s1", 9)];
    const lying = await monitor();
    expect(lying.code).toBe(EXIT_ALARM);
    expect(lying.err).toMatch(/does not hash to its leaf/);
    served.entries = bundles;
    expect((await monitor()).code).toBe(EXIT_OK);
    expect(saved().sessions).toEqual({ s1: 2, s2: 1 });
  });

  it("recomputes the log's index from its leaves and raises the alarm when the signed root differs", async () => {
    const leaves = [auditLeaf("s1", 0), entry("other", 0), auditLeaf("s1", 1), auditLeaf("s2", 0)];
    showEntries(leaves);
    // The index the service would commit to: each session's latest leaf.
    const genuine = new MemoryIndex();
    const hashOf = (leaf: Uint8Array) =>
      (JSON.parse(new TextDecoder().decode(leaf)) as { entryHash: string }).entryHash;
    await genuine.set({ subject: "session:s1", seq: 1, index: 2, hash: hashOf(leaves[2] as Uint8Array) });
    await genuine.set({ subject: "session:s2", seq: 0, index: 3, hash: hashOf(leaves[3] as Uint8Array) });
    served.indexRoot = genuine.root;
    expect((await monitor()).code).toBe(EXIT_OK);
    expect(saved().index).toHaveLength(2);

    // The log grows; the service signs an index that names an older leaf as s1's latest.
    showEntries([...leaves, auditLeaf("s1", 2)]);
    const lying = new MemoryIndex();
    await lying.set({ subject: "session:s1", seq: 1, index: 2, hash: hashOf(leaves[2] as Uint8Array) });
    await lying.set({ subject: "session:s2", seq: 0, index: 3, hash: hashOf(leaves[3] as Uint8Array) });
    served.indexRoot = lying.root;
    const alarm = await monitor();
    expect(alarm.code).toBe(EXIT_ALARM);
    expect(alarm.err).toMatch(/signed index root for size 5 is not the index its leaves give/);
    expect(saved().size).toBe(4);
  });

  it("gives up on a log that does not answer", async () => {
    const err = await checkLog({ url: `${base}/stall`, timeoutMs: 200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TlogError);
    expect((err as TlogError).code).toBe("missing_data");
    expect((err as TlogError).message).toMatch(/stall\/log\/vkey failed/);
  });
});

describe("the installed command", () => {
  it("runs from bin/ against the built package and exits with the monitor's status", async () => {
    // Build the package into a scratch copy, as npm would install it.
    const pkg = tempDir("sia-bin-");
    execFileSync(
      path.resolve(PKG, "../../node_modules/.bin/tsc"),
      ["-p", "tsconfig.build.json", "--outDir", path.join(pkg, "dist")],
      {
        cwd: PKG,
      },
    );
    fs.cpSync(path.join(PKG, "bin"), path.join(pkg, "bin"), { recursive: true });
    fs.copyFileSync(path.join(PKG, "package.json"), path.join(pkg, "package.json"));
    // Asynchronously: the log server runs in this process and must answer while the command waits.
    const run = (...args: string[]) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        execFile(process.execPath, [path.join(pkg, "bin/incorporate.js"), ...args], { cwd: dir }, (err, _out, stderr) =>
          resolve({ status: err ? (err.code as number) : 0, stderr }),
        );
      });

    const first = await run("monitor", base);
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, ".sia-monitor.json"), "utf8")).logs[0].size).toBe(3);
    showTree("forged", 3);
    const fork = await run("monitor", base);
    expect(fork.status).toBe(1);
    expect(fork.stderr).toContain("ALERT");
    expect((await run()).status).toBe(2);
  }, 60_000);
});

describe("incorporate monitor --policy", () => {
  const witnesses = async () => {
    const [w1, w2] = await Promise.all([
      cosignerFromSeed("w.example/1", new Uint8Array(32).fill(7), () => 1_700_000_000),
      cosignerFromSeed("w.example/2", new Uint8Array(32).fill(8), () => 1_700_000_001),
    ]);
    const vkey = (w: typeof w1) =>
      formatVerifierKey({ name: w.name, type: KEY_TYPE_COSIGNATURE_V1, publicKey: w.publicKey });
    return {
      w1,
      w2,
      policy: {
        log: { origin: ORIGIN, vkey: logKey.verifierKey },
        witnesses: [w1, w2].map((w) => ({ name: w.name, vkey: vkey(w) })),
        quorum: 2,
      },
    };
  };
  const writePolicy = (policy: unknown) => {
    const file = path.join(dir, "policy.json");
    fs.writeFileSync(file, JSON.stringify(policy));
    return file;
  };

  it("accepts a checkpoint only with the quorum of cosignatures, and keeps the state until then", async () => {
    const { w1, w2, policy } = await witnesses();
    const file = writePolicy(policy);
    served.cosigners = [w1];
    const short = await monitor("--policy", file);
    expect(short.code).toBe(EXIT_ERROR);
    expect(short.err).toContain("1 of the 2 witness cosignatures");
    expect(fs.existsSync(stateFile)).toBe(false);

    served.cosigners = [w1, w2];
    const ok = await monitor("--policy", file);
    expect(ok.code).toBe(EXIT_OK);
    expect(ok.out).toContain("cosigned by w.example/1, w.example/2");
    expect(saved().vkey).toBe(logKey.verifierKey);
  });

  it("raises the alarm on a fork its witnesses never cosigned, before counting cosignatures", async () => {
    const { w1, w2, policy } = await witnesses();
    const file = writePolicy(policy);
    served.cosigners = [w1, w2];
    expect((await monitor("--policy", file)).code).toBe(EXIT_OK);
    // The fork: witnesses refuse it, so it carries none of their cosignatures.
    served.cosigners = [];
    showTree("forged", 3);
    const fork = await monitor("--policy", file);
    expect(fork.code).toBe(EXIT_ALARM);
    expect(fork.err).toMatch(/ALERT: .*two roots for size 3/);
    showTree("forged", 9);
    expect((await monitor("--policy", file)).err).toMatch(/ALERT: .*not consistent with the one of size 3/);
    // The genuine log grown, not cosigned yet: that alone is "not witnessed yet", status 2.
    showTree("main", 9);
    const lagging = await monitor("--policy", file);
    expect(lagging.code).toBe(EXIT_ERROR);
    expect(lagging.err).toMatch(/not witnessed yet: the checkpoint of size 9 is consistent, but has 0 of the 2/);
    expect(saved().size).toBe(3);
  });

  it("compares the log with what each policy witness holds: a fork they refused alarms even on a first run", async () => {
    const { w1, w2, policy } = await witnesses();
    const file = writePolicy({ ...policy, witnesses: policy.witnesses.map((w) => ({ ...w, url: `${base}/witness` })) });
    // The witnesses hold the genuine log at 3, cosigned by both.
    served.cosigners = [w1, w2];
    served.witnessHolds = await (await fetch(`${base}/log/checkpoint`)).text();
    // This monitor never saw it: it is shown a fork of the same size, which no witness cosigned.
    served.cosigners = [];
    showTree("forged", 3);
    const fork = await monitor("--policy", file);
    expect(fork.code).toBe(EXIT_ALARM);
    expect(fork.err).toMatch(
      /ALERT: .*the witness w\.example\/1 cosigned a checkpoint of size 3 .*two roots for one size/,
    );
    expect(fs.existsSync(stateFile)).toBe(false);
    showTree("forged", 8);
    expect((await monitor("--policy", file)).err).toMatch(/ALERT: .*no consistency between them/);

    // The genuine log, grown and cosigned: consistent with what the witnesses hold.
    showTree("main", 8);
    served.cosigners = [w1, w2];
    const ok = await monitor("--policy", file);
    expect(ok.code).toBe(EXIT_OK);
    expect(ok.out).toContain("witness w.example/1 holds size 3: consistent");
    // A witness that cannot be read is said so, never an alarm.
    served.witnessHolds = null;
    const unread = await monitor("--policy", file);
    expect(unread.code).toBe(EXIT_OK);
    expect(unread.out).toMatch(/witness w\.example\/2: its checkpoint could not be compared \(GET .* answered 404\)/);
  });

  it("raises the alarm on a bad cosignature by a policy witness, and refuses a bad policy file", async () => {
    const { w1, w2, policy } = await witnesses();
    const liar = { ...w2, sign: async (text: string) => w2.sign(`${text}x`) };
    served.cosigners = [w1, liar];
    expect((await monitor("--policy", writePolicy(policy))).code).toBe(EXIT_ALARM);
    expect(fs.existsSync(stateFile)).toBe(false);

    const bad = await monitor("--policy", writePolicy({ ...policy, quorum: 3 }));
    expect(bad.code).toBe(EXIT_ERROR);
    expect(bad.err).toMatch(/cannot read the policy: .*quorum must be 0 to 2/);
    expect((await monitor("--policy", path.join(dir, "missing.json"))).code).toBe(EXIT_ERROR);
  });

  it("checks a policy without the command too", async () => {
    const { w1, policy } = await witnesses();
    served.cosigners = [w1];
    const note = await (await fetch(`${base}/log/checkpoint`)).text();
    const checked = await checkWitnessPolicy(note, parseWitnessPolicy(policy));
    expect(checked).toMatchObject({ meets: false, cosigned: [{ name: "w.example/1", timestamp: 1_700_000_000 }] });
    await expect(openCheckpointWithPolicy(note, { ...policy, quorum: 1 })).resolves.toMatchObject({ meets: true });
    await expect(openCheckpointWithPolicy(note, policy)).rejects.toMatchObject({ code: "unverified" });
    expect(() => parseWitnessPolicy({ ...policy, witnesses: [{ vkey: logKey.verifierKey }] })).toThrow(
      /not a cosignature key/,
    );
  });
});
