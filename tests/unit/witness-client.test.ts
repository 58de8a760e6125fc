// The log's side of add-checkpoint against a witness that answers each status of c2sp.org/tlog-witness
// (a real HTTP server on a free port, a real embedded store holding the log): 200 is kept and served,
// 409 is retried once from the size it gives, anything else is the witness's error and changes no
// cosignature.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  cosignerFromSeed,
  formatSignatureLine,
  formatVerifierKey,
  KEY_TYPE_COSIGNATURE_V1,
  parseAddCheckpoint,
  parseNote,
} from "@sociedades-ia/incorporate/tlog";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LogWitness } from "@/lib/config/witnesses";
import { EmbeddedStore } from "@/lib/store/embedded";
import { integrate } from "@/lib/tlog/integrate";
import { leafBytes, sequenceLeaf } from "@/lib/tlog/leaf";
import { readLogHead } from "@/lib/tlog/log-head";
import { requestCosignature } from "@/lib/tlog/witness-client";
import { tempDir } from "../support/temp-dir";
import { applyEnv } from "../support/upstash-stack";

type Reply = { status: number; type?: string; body: string } | "hang";

let dir: string;
let restoreEnv: () => void;
let store: EmbeddedStore;
let server: Server;
let witness: LogWitness;
let cosigner: Awaited<ReturnType<typeof cosignerFromSeed>>;
/** What the fake witness answers next, given the request it got; every request's `old` size is kept. */
let answer: (request: ReturnType<typeof parseAddCheckpoint>) => Promise<Reply>;
let olds: number[];

const cosign = async (checkpoint: string, by = cosigner) => {
  const { text } = parseNote(checkpoint);
  return formatSignatureLine({ name: by.name, keyId: by.keyId, signature: await by.sign(text) });
};

beforeAll(async () => {
  dir = tempDir("sia-witness-client-");
  // The log's key and origin come from the configuration, read once from the environment.
  restoreEnv = applyEnv({ DATA_DIR: dir });
  cosigner = await cosignerFromSeed("witness.example/w1", new Uint8Array(32).fill(5), () => 1_700_000_000);
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", async () => {
      const request = parseAddCheckpoint(body);
      olds.push(request.oldSize);
      const reply = await answer(request);
      if (reply === "hang") return;
      res.writeHead(reply.status, { "content-type": reply.type ?? "text/plain" });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const vkey = formatVerifierKey({ name: cosigner.name, type: KEY_TYPE_COSIGNATURE_V1, publicKey: cosigner.publicKey });
  witness = {
    name: cosigner.name,
    vkey,
    label: `${cosigner.name}+${cosigner.keyId.toString(16).padStart(8, "0")}`,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  restoreEnv();
});

let leaves = 0;
async function grow(n: number) {
  // Leaves of kinds the log's index takes: the integrator refuses any other.
  for (let i = 0; i < n; i++) {
    await store.batch([
      sequenceLeaf(leafBytes({ kind: "key.event", purpose: "log", kid: `k${leaves++}`, event: "in-use" })),
    ]);
  }
  await integrate(store);
  return (await readLogHead(store))?.note as string;
}

// Each test has a log of its own, so that none depends on what another one left behind.
let stores = 0;
beforeEach(() => {
  store = EmbeddedStore.open(path.join(dir, `store-${stores++}`));
  olds = [];
  answer = async ({ checkpoint }) => ({ status: 200, body: await cosign(checkpoint) });
});

afterEach(async () => {
  await store.close();
});

const ask = (timeoutMs = 5000) => requestCosignature(witness, store, { timeoutMs });

describe("asking a witness to cosign", () => {
  it("keeps a 200's verified cosignature line, for the checkpoint it covers", async () => {
    const note = await grow(3);
    const status = await ask();
    expect(status).toMatchObject({ size: 3, error: null, cosigned: { size: 3, at: "2023-11-14T22:13:20.000Z" } });
    expect(status?.cosigned?.lines).toBe(await cosign(note));
    // Already cosigned: no second request.
    await ask();
    expect(olds).toEqual([0]);
  });

  it("retries once from the size a 409 gives, with the proof from there", async () => {
    await grow(5);
    let first = true;
    answer = async (request) => {
      if (first) {
        first = false;
        return { status: 409, type: "text/x.tlog.size", body: "4\n" };
      }
      expect(request.proof.length).toBeGreaterThan(0);
      return { status: 200, body: await cosign(request.checkpoint) };
    };
    expect(await ask()).toMatchObject({ size: 5, error: null });
    expect(olds).toEqual([0, 4]);
  });

  it.each([
    [404, "refused", /does not witness this log's origin \(404\).*: it said no$/],
    [403, "refused", /refused the checkpoint's signature \(403\).*: it said no$/],
    [400, "refused", /refused the request as malformed \(400\): it said no$/],
    [422, "refused", /refused the checkpoint as inconsistent .* \(422\): a fork .*: it said no$/],
    [429, "unavailable", /^add-checkpoint answered 429: it said no$/],
    [503, "unavailable", /^add-checkpoint answered 503: it said no$/],
  ])("records a %i as the witness's error (%s) and keeps its last cosignature", async (code, kind, error) => {
    await grow(2);
    const before = await ask();
    expect(before).toMatchObject({ size: 2, error: null, errorKind: null });
    await grow(1);
    answer = async () => ({ status: code, body: "it said no\n" });
    const after = await ask();
    expect(after).toMatchObject({ errorKind: kind, size: before?.size, cosigned: before?.cosigned });
    expect(after?.error).toMatch(error);
  });

  it("keeps a problem's whole detail as the reason, however long", async () => {
    await grow(1);
    const detail = `At size 1 this witness cosigned another root. ${"x".repeat(600)} Nothing was cosigned.`;
    answer = async () => ({
      status: 422,
      type: "application/problem+json",
      body: JSON.stringify({ code: "witness_inconsistent", detail }),
    });
    const status = await ask();
    expect(status?.errorKind).toBe("refused");
    expect(status?.error?.endsWith(`(422): a fork of this log, or another log under the same origin: ${detail}`)).toBe(
      true,
    );
  });

  it("calls a witness that holds a larger tree a refusal", async () => {
    await grow(2);
    answer = async () => ({ status: 409, type: "text/x.tlog.size", body: "7\n" });
    const status = await ask();
    expect(status).toMatchObject({ errorKind: "refused", size: 7 });
    expect(status?.error).toMatch(/holds size 7, beyond the log's 2/);
    expect(olds).toEqual([0]);
  });

  it("refuses a 409 without its size body, an answer by another key, and a witness that hangs", async () => {
    await grow(1);
    expect(await ask()).toMatchObject({ size: 1, error: null });
    await grow(1);
    answer = async () => ({ status: 409, body: "conflict\n" });
    expect((await ask())?.error).toBe("add-checkpoint answered 409 without a text/x.tlog.size body");

    const stranger = await cosignerFromSeed("witness.example/w1", new Uint8Array(32).fill(6), () => 1);
    answer = async ({ checkpoint }) => ({ status: 200, body: await cosign(checkpoint, stranger) });
    expect((await ask())?.error).toMatch(/no signature of a trusted key/);

    answer = async () => "hang";
    const hung = await ask(200);
    expect(hung?.error).toMatch(/abort|timeout/i);
    expect(hung?.cosigned?.size).toBe(1);
    expect((await readLogHead(store))?.size).toBe(2);
  });
});
