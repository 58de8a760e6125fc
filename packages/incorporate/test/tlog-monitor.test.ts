import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CliIo, EXIT_ALARM, EXIT_ERROR, EXIT_OK, runCli } from "../src/monitor-cli.ts";
import { toBase64 } from "../src/tlog/bytes.ts";
import { formatCheckpoint } from "../src/tlog/checkpoint.ts";
import { cosignerFromSeed } from "../src/tlog/cosignature.ts";
import { TlogError } from "../src/tlog/errors.ts";
import { KEY_TYPE_COSIGNATURE_V1 } from "../src/tlog/key-id.ts";
import { MemoryTree } from "../src/tlog/memory-tree.ts";
import { checkLog } from "../src/tlog/monitor.ts";
import { type NoteSigner, signNote } from "../src/tlog/note.ts";
import { formatVerifierKey, generateNoteKey, signerFromKey } from "../src/tlog/note-keys.ts";
import { checkWitnessPolicy, openCheckpointWithPolicy, parseWitnessPolicy } from "../src/tlog/policy.ts";

const ORIGIN = "registro.example/log";
const PKG = path.resolve(import.meta.dirname, "..");
const entry = (tag: string, i: number) => new TextEncoder().encode(`${tag} ${i}`);

/**
 * A log server as the service exposes it: checkpoint, vkey and consistency proofs under /log/.
 * Each test swaps in the tree and key it wants the server to show.
 */
const served = {
  tree: new MemoryTree(),
  size: 0,
  signer: null as unknown as NoteSigner,
  vkey: "",
  /** Replaces the consistency answer when set. */
  consistency: null as null | ((from: number, to: number) => unknown),
  /** Witnesses whose cosignatures the checkpoint carries. */
  cosigners: [] as NoteSigner[],
};
let server: Server;
let base: string;
let logKey: { signerKey: string; verifierKey: string };
let dir: string;
let stateFile: string;

function showTree(tag: string, size: number) {
  served.tree = new MemoryTree();
  served.tree.appendEntries(...Array.from({ length: size }, (_, i) => entry(tag, i)));
  served.size = size;
}

beforeAll(async () => {
  logKey = await generateNoteKey(ORIGIN);
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
      res.end(body);
    };
    if (url.pathname.startsWith("/stall")) return; // never answers
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
  showTree("main", 3);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sia-monitor-"));
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

const saved = () => JSON.parse(fs.readFileSync(stateFile, "utf8"));

describe("incorporate monitor", () => {
  it("pins the key and the first checkpoint, then follows the log as it grows", async () => {
    const first = await monitor();
    expect(first).toMatchObject({ code: EXIT_OK, err: "" });
    expect(first.out).toContain("first checkpoint, size 3");
    expect(saved()).toMatchObject({ version: 1, url: base, vkey: logKey.verifierKey, origin: ORIGIN, size: 3 });

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
    fs.writeFileSync(stateFile, JSON.stringify({ ...valid, size: "3" }));
    expect((await monitor()).err).toMatch(/not a monitor state file/);
    fs.writeFileSync(stateFile, JSON.stringify({ ...valid, url: "https://elsewhere.example" }));
    const elsewhere = await monitor();
    expect(elsewhere.code).toBe(EXIT_ERROR);
    expect(elsewhere.err).toMatch(/monitors https:\/\/elsewhere.example/);
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
    const pkg = fs.mkdtempSync(path.join(os.tmpdir(), "sia-bin-"));
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
    expect(JSON.parse(fs.readFileSync(path.join(dir, ".sia-monitor.json"), "utf8")).size).toBe(3);
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
