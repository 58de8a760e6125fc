// Attack: forging audit entries and checkpoints. Two places are attacked: the stored log (someone
// with write access to Redis edits entries; the server's ?verify=1 report and the badge must name
// each forged entry and why), and an exported copy with its signed checkpoint (the offline verifier
// of packages/incorporate, which /verify runs in the browser, must fail it and say why). No endpoint
// accepts a submitted log: /api/play/tamper-demo only takes a session id and alters a copy in memory.

import { type PublicJwk, verifyAuditLog } from "@sociedades-ia/incorporate";
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signCheckpointWith } from "@/lib/audit/checkpoint";
import type { AuditEvent } from "@/lib/audit/entry";
import { appendAuditEvent } from "@/lib/audit/log";
import { canonicalForms, hashOf, hmacOf } from "@/lib/signing/canonical";
import { type AppServer, startApp } from "../support/app-server";
import { applyEnv, startUpstashStack, type UpstashStack } from "../support/upstash-stack";

type Entry = Record<string, unknown> & { seq: number; prev: string | null; hmac: string; kid: string };
interface Log {
  sessionId: string;
  entries: Entry[];
  checkpoint: string;
}

let stack: UpstashStack;
let app: AppServer;
let redis: ReturnType<typeof createClient>;
let jwks: { keys: PublicJwk[] };
let restoreEnv: () => void;

beforeAll(async () => {
  stack = await startUpstashStack();
  restoreEnv = applyEnv(stack.env);
  app = await startApp({ env: stack.env });
  redis = createClient({ url: stack.redis.url, RESP: 2 });
  await redis.connect();
  jwks = await (await fetch(`${app.url}/.well-known/jwks.json`)).json();
});
afterAll(async () => {
  await redis?.quit();
  await app?.stop();
  await stack?.close();
  restoreEnv?.();
});

const event = (n: number): AuditEvent => ({
  kind: "tool-call",
  action: "emitir_factura",
  actor: "ip:0123456789abcdef",
  input: { importe: 1000 * (n + 1) },
  output: { cae: `7412345678901${n}` },
  outcome: "ok",
});

let serial = 0;
/** A fresh session of `n` real entries, written by the service's own append. */
async function session(n = 4): Promise<string> {
  const sessionId = `forgery-${process.pid}-${++serial}`;
  let token: string | null = null;
  for (let i = 0; i < n; i++) {
    const out = await appendAuditEvent({ sessionId, sessionToken: token, event: event(i) }, stack.store);
    token ??= out.sessionToken;
  }
  return sessionId;
}

const logKey = (sessionId: string) => `sia:k:audit:${sessionId}:log`;
/** Item 0 of the stored list is the session header; entry `seq` is item seq + 1. */
const stored = async (sessionId: string, seq: number) =>
  JSON.parse((await redis.lIndex(logKey(sessionId), seq + 1)) as string) as Entry;
/** Writes an entry as the service stores it (its full canonical form), as a careful forger would. */
const store = (sessionId: string, seq: number, entry: Record<string, unknown>) =>
  storeText(sessionId, seq, canonicalForms(entry).full);
const storeText = (sessionId: string, seq: number, text: string) => redis.lSet(logKey(sessionId), seq + 1, text);

/** The entry signed again, as a forger without the service's secret must: with a guessed key. */
const resigned = (entry: Entry, secret = "a-guessed-secret-that-is-not-the-service-key") => {
  const { hmac: _h, ...rest } = entry;
  return { ...rest, hmac: hmacOf(canonicalForms(rest).signed, secret) } as Entry;
};
const fullHash = (entry: Entry) => hashOf(canonicalForms(entry).full);

async function serverReport(sessionId: string) {
  const body = await (await fetch(`${app.url}/api/play/audit/${sessionId}?verify=1`)).json();
  const badge = await (await fetch(`${app.url}/api/badge/${sessionId}`)).text();
  return { verification: body.verification, badge };
}
const reasonsAt = (problems: { seq: number; reasons: string[] }[], seq: number) =>
  problems.find((p) => p.seq === seq)?.reasons ?? [];

describe("entries forged in the store: the server's report names each one", () => {
  it("an altered hmac", async () => {
    const sid = await session();
    const entry = await stored(sid, 1);
    await store(sid, 1, { ...entry, hmac: entry.hmac.replace(/.$/, (c) => (c === "0" ? "1" : "0")) });
    const { verification, badge } = await serverReport(sid);
    expect(verification).toMatchObject({ tampered: 2, firstBadSeq: 1 });
    expect(reasonsAt(verification.problems, 1)).toEqual(["hmac_mismatch"]);
    expect(reasonsAt(verification.problems, 2)).toEqual(["chain_broken"]); // its link covers the hmac
    expect(badge).toContain("tampered 2");
  });

  it("an altered prev (a link pointed elsewhere)", async () => {
    const sid = await session();
    const entry = await stored(sid, 2);
    await store(sid, 2, { ...entry, prev: hashOf("something else") });
    const { verification } = await serverReport(sid);
    expect(verification.firstBadSeq).toBe(2);
    expect(reasonsAt(verification.problems, 2)).toEqual(expect.arrayContaining(["chain_broken", "hmac_mismatch"]));
    expect(reasonsAt(verification.problems, 3)).toEqual(["chain_broken"]);
  });

  it("an edited entry re-signed with a guessed key under the service's key id", async () => {
    const sid = await session();
    const entry = await stored(sid, 1);
    await store(sid, 1, resigned({ ...entry, output: { cae: "00000000000000" } }));
    const { verification } = await serverReport(sid);
    expect(reasonsAt(verification.problems, 1)).toEqual(["hmac_mismatch"]);
    expect(reasonsAt(verification.problems, 2)).toEqual(["chain_broken"]);
  });

  it("an edited entry and every later one re-signed and re-linked: each fails its HMAC", async () => {
    const sid = await session();
    let prev = fullHash(await stored(sid, 0));
    for (let seq = 1; seq < 4; seq++) {
      const original = await stored(sid, seq);
      const forged = resigned({ ...original, prev, ...(seq === 1 ? { output: { cae: "forged" } } : {}) });
      await store(sid, seq, forged);
      prev = fullHash(forged);
    }
    const { verification, badge } = await serverReport(sid);
    expect(verification).toMatchObject({ total: 4, verified: 1, tampered: 3, firstBadSeq: 1 });
    for (const seq of [1, 2, 3]) expect(reasonsAt(verification.problems, seq)).toEqual(["hmac_mismatch"]);
    expect(badge).toContain("tampered 3");
  });

  it("an entry claiming a key id the service never had, signed with the forger's key", async () => {
    const sid = await session();
    const entry = await stored(sid, 3);
    await store(sid, 3, resigned({ ...entry, kid: "forger-2026", output: { cae: "forged" } }, "forger-secret"));
    const { verification } = await serverReport(sid);
    expect(reasonsAt(verification.problems, 3)).toEqual(["unknown_kid"]);
    expect(verification.tampered).toBe(1);
  });

  it("stored text that is not the entry's canonical form, though it parses to the same entry", async () => {
    const sid = await session();
    const original = (await redis.lIndex(logKey(sid), 2)) as string;
    // The same members in another order: every parser reads the same entry, but the bytes were edited.
    const { hmac, ...rest } = JSON.parse(original) as Entry;
    await storeText(sid, 1, JSON.stringify({ ...rest, hmac }));
    let { verification } = await serverReport(sid);
    expect(reasonsAt(verification.problems, 1)).toEqual(["malformed"]);
    expect(verification).toMatchObject({ tampered: 1, firstBadSeq: 1 });
    // A member repeated: JSON.parse keeps the last value, parsers that keep the first read "rejected".
    await storeText(sid, 1, original.replace('{"action"', '{"outcome":"rejected","action"'));
    ({ verification } = await serverReport(sid));
    expect(reasonsAt(verification.problems, 1)).toEqual(["malformed"]);
    // Put back byte for byte, the log verifies again.
    await storeText(sid, 1, original);
    ({ verification } = await serverReport(sid));
    expect(verification).toMatchObject({ tampered: 0, verified: 4 });
  });

  it("a lone surrogate written into an entry is malformed, and every read still answers", async () => {
    const sid = await session();
    const original = (await redis.lIndex(logKey(sid), 3)) as string;
    await storeText(sid, 2, original.replace(/"cae":"\d+"/, '"cae":"\\ud800"'));
    const { verification, badge } = await serverReport(sid);
    expect(reasonsAt(verification.problems, 2)).toEqual(["malformed"]);
    expect(reasonsAt(verification.problems, 3)).toEqual(["chain_broken"]);
    expect(badge).toContain("tampered 2");
    for (const path of [`/api/play/audit/${sid}`, `/api/play/audit/${sid}/csv`]) {
      expect((await fetch(`${app.url}${path}`)).status, path).toBe(200);
    }
  });

  it("an entry stripped of its hmac is reported unsigned, and the log tampered: its signed head moved", async () => {
    const sid = await session();
    const { hmac: _h, ...stripped } = await stored(sid, 3);
    await store(sid, 3, { ...stripped, output: { cae: "forged" } });
    const { verification, badge } = await serverReport(sid);
    expect(verification).toMatchObject({ verified: 3, unsigned: 1, checkpoint: "mismatch" });
    expect(reasonsAt(verification.problems, 3)).toEqual(["unsigned"]);
    expect(badge).toContain("tampered head");
  });
});

describe("an exported copy and its checkpoint, verified offline", () => {
  let sid: string;
  let exported: Log;
  const copy = (): Log => structuredClone(exported);
  const verify = (log: Log) => verifyAuditLog(log, { jwks });

  beforeAll(async () => {
    sid = await session();
    exported = await (await fetch(`${app.url}/api/play/audit/${sid}`)).json();
    expect(await verify(copy())).toMatchObject({ ok: true, tampered: 0, checkpoint: { error: null } });
  });

  it("an edited entry breaks the next link", async () => {
    const log = copy();
    (log.entries[1] as Entry).output = { cae: "forged" };
    const report = await verify(log);
    expect(report).toMatchObject({ ok: false, firstBadSeq: 2 });
    expect(reasonsAt(report.problems, 2)).toEqual(["chain_broken"]);
  });

  it("an edited last entry, or a rewritten chain, fails on the signed head", async () => {
    const last = copy();
    (last.entries[3] as Entry).outcome = "rejected";
    const relinked = copy();
    (relinked.entries[1] as Entry).output = { cae: "forged" };
    for (let seq = 2; seq < 4; seq++) {
      (relinked.entries[seq] as Entry).prev = fullHash(relinked.entries[seq - 1] as Entry);
    }
    for (const log of [last, relinked]) {
      const report = await verify(log);
      expect(report.tampered).toBe(0); // every link recomputes...
      expect(report.ok).toBe(false); // ...but not to the head the service signed
      expect(report.checkpoint).toMatchObject({ signatureValid: true, matchesLog: false });
      expect(report.checkpoint?.error).toMatch(/differs from the entries/);
    }
  });

  it("a truncated copy fails on the signed size", async () => {
    const log = copy();
    log.entries.pop();
    const report = await verify(log);
    expect(report.ok).toBe(false);
    expect(report.checkpoint?.payload?.size).toBe(4);
    expect(report.checkpoint?.error).toMatch(/differs from the entries/);
  });

  it("a copy stripped of its checkpoint is not verified, however well chained", async () => {
    const truncated = copy();
    truncated.entries.pop();
    for (const log of [copy(), truncated]) {
      const report = await verifyAuditLog({ ...log, checkpoint: null }, { jwks });
      expect(report).toMatchObject({ ok: false, tampered: 0, checkpoint: null });
    }
    // With the HMAC secrets (the service itself, or test vectors) the entries vouch for themselves.
    const hmacKeys = { [stack.env.AUDIT_HMAC_KID as string]: stack.env.AUDIT_HMAC_SECRET as string };
    const withSecrets = await verifyAuditLog({ ...copy(), checkpoint: null }, { jwks, hmacKeys });
    expect(withSecrets).toMatchObject({ ok: true, hmacChecked: true });
  });

  it("a chain invented without HMACs is not verified by the secrets it does not carry, nor by nothing", async () => {
    // Entries stripped of their hmac and chained again: consistent, but signed by nobody.
    const log = copy();
    let prev: string | null = null;
    for (const entry of log.entries) {
      delete (entry as Partial<Entry>).hmac;
      entry.output = { forged: true };
      entry.prev = prev;
      prev = hashOf(canonicalForms(entry).full);
    }
    const hmacKeys = { [stack.env.AUDIT_HMAC_KID as string]: stack.env.AUDIT_HMAC_SECRET as string };
    const n = log.entries.length;
    const invented = { ...log, checkpoint: null };
    expect(await verifyAuditLog(invented, { hmacKeys })).toMatchObject({ ok: false, tampered: 0, unsigned: n });
    expect(await verifyAuditLog(invented, { jwks, hmacKeys })).toMatchObject({ ok: false, unsigned: n });
    expect(await verifyAuditLog(invented)).toMatchObject({ ok: false, tampered: 0, checkpoint: null });
  });

  async function forgedCheckpoint(parts: {
    header?: object;
    payload?: object;
    sign?: (input: string) => Promise<string>;
  }) {
    const [h, p, s] = exported.checkpoint.split(".") as [string, string, string];
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const header = parts.header ? enc(parts.header) : h;
    const payload = parts.payload ? enc(parts.payload) : p;
    return `${header}.${payload}.${parts.sign ? await parts.sign(`${header}.${payload}`) : s}`;
  }

  it("forged checkpoints each fail, and say why", async () => {
    const truncated = copy();
    truncated.entries.pop();
    const truncatedHead = fullHash(truncated.entries[2] as Entry);
    const real = JSON.parse(Buffer.from(exported.checkpoint.split(".")[0] as string, "base64url").toString());
    const forger = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const forgerKid = await calculateJwkThumbprint(await exportJWK(forger.publicKey));
    const payload = { sessionId: sid, size: 3, head: truncatedHead, ts: new Date().toISOString() };
    const other = await (await fetch(`${app.url}/api/play/audit/${await session(3)}`)).json();

    const cases: [string, string, RegExp][] = [
      ["a payload rewritten to the truncated log", await forgedCheckpoint({ payload }), /signature does not verify/],
      [
        "signed by the forger under the service's key id",
        await signCheckpointWith(forger.privateKey as CryptoKey, real.kid, payload),
        /signature does not verify/,
      ],
      [
        "signed by the forger under its own key id",
        await signCheckpointWith(forger.privateKey as CryptoKey, forgerKid, payload),
        /no published key has this kid/,
      ],
      [
        "alg none with no signature",
        await forgedCheckpoint({ header: { alg: "none", kid: real.kid }, payload, sign: async () => "" }),
        /unexpected alg none/,
      ],
      [
        "alg HS256 keyed with the public key",
        await forgedCheckpoint({ header: { alg: "HS256", kid: real.kid }, payload }),
        /unexpected alg HS256/,
      ],
      ["a truncated signature", exported.checkpoint.slice(0, -10), /signature does not verify|not base64url/],
      ["not a JWS", "forged", /three parts/],
      ["a genuine checkpoint of another session", other.checkpoint, /differs from the entries/],
    ];
    for (const [name, checkpoint, reason] of cases) {
      const report = await verify({ ...truncated, checkpoint });
      expect(report.ok, name).toBe(false);
      expect(report.checkpoint?.error, name).toMatch(reason);
    }
  });
});
