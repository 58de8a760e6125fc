// verifyAudit's transparency check against the real service on loopback: a session's head is proved
// in the log under the key from /log/vkey, and each way of forging that proof fails with its reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../../../tests/support/app-server";
import { TYPICAL_INCORPORATION as TYPICAL } from "../../../tests/support/fixtures";
import {
  type AuditLog,
  checkLogInclusion,
  createSession,
  fetchAudit,
  formatCheckpoint,
  generateNoteKey,
  IncorporateError,
  openCheckpoint,
  type PublicJwk,
  signerFromKey,
  signNote,
  verifyAudit,
  verifyAuditLog,
} from "../src/index";

let app: AppServer;
let jwks: { keys: PublicJwk[] };
let logKey: string;
let log: AuditLog;
let other: AuditLog;

async function incorporatedSession(denominacion: string): Promise<AuditLog> {
  const session = createSession({ baseUrl: app.url });
  await session.incorporate(TYPICAL);
  await session.incorporate({ ...TYPICAL, denominacion });
  return fetchAudit(session.sessionId as string, { baseUrl: app.url });
}

beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMIT_INCORPORATE: "10000/1m" } });
  jwks = await (await fetch(`${app.url}/.well-known/jwks.json`)).json();
  logKey = (await (await fetch(`${app.url}/log/vkey`)).text()).trim();
  log = await incorporatedSession("Delta Agentes SOCIEDAD-IA");
  other = await incorporatedSession("Epsilon Agentes SOCIEDAD-IA");
});
afterAll(async () => {
  await app?.stop();
});

/** The log with its transparency proof changed by `edit`. */
function withProof(edit: (t: NonNullable<AuditLog["transparency"]>) => void): AuditLog {
  const copy = structuredClone(log);
  edit(copy.transparency as NonNullable<AuditLog["transparency"]>);
  return copy;
}

/** `sha256:<hex>` of the last entry's canonical form, as the verifier computes it. */
async function headHash(doc: AuditLog): Promise<string> {
  return (await verifyAuditLog(doc)).head.hash as string;
}

const verify = (doc: AuditLog) => verifyAuditLog(doc, { jwks, logKey });

describe("verifyAudit with the transparency log", () => {
  it("proves the head entry is in the log, at the index the session checkpoint signed, with the key of /log/policy", async () => {
    const result = await verifyAudit(log, { baseUrl: app.url });
    expect(result.ok).toBe(true);
    expect(result.verdict).toBe("verified");
    expect(result.log).toMatchObject({ included: true, error: null });
    expect(result.log?.origin).toMatch(/^sociedades-ia\.localhost\/log\/[0-9a-f]{16}$/);
    // No witnesses configured: the published policy requires none, and nothing follows the head.
    expect(result.witnesses).toMatchObject({ meets: true, quorum: 0, error: null });
    expect(result.complete).toMatchObject({ complete: true, error: null });
    expect(result.log?.index).toBe(result.checkpoint?.payload?.logIndex);
    const { checkpoint } = await openCheckpoint(log.transparency?.checkpoint as string, logKey);
    expect(result.log?.size).toBe(checkpoint.size);
    expect(result.log?.index).toBeLessThan(checkpoint.size);
  });

  it("leaves the log out when no log key is given, as before", async () => {
    const result = await verifyAuditLog(log, { jwks });
    expect(result).toMatchObject({ ok: true, log: null });
  });

  it("fails a proof for another leaf than the one the session checkpoint names", async () => {
    const result = await verify(withProof((t) => (t.index += 1)));
    expect(result.ok).toBe(false);
    expect(result.log?.included).toBe(false);
    expect(result.log?.error).toMatch(/the session checkpoint puts the head at leaf \d+/);
    // Another session's genuine proof is the same lie: its index is not this head's.
    const borrowed = await verify({ ...log, transparency: other.transparency });
    expect(borrowed.ok).toBe(false);
    expect(borrowed.log?.error).toMatch(/the session checkpoint puts the head at leaf/);
  });

  it("fails a forged inclusion proof", async () => {
    const result = await verify(
      withProof((t) => {
        const first = Buffer.from(t.inclusion?.hashes[0] as string, "base64");
        first[0] = (first[0] as number) ^ 1;
        (t.inclusion as { hashes: string[] }).hashes[0] = first.toString("base64");
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.log?.error).toMatch(
      /not proved in the log checkpoint: the inclusion proof does not lead to the root/,
    );
    const short = await verify(withProof((t) => (t.inclusion as { hashes: string[] }).hashes.pop()));
    expect(short.log?.error).toMatch(/not proved in the log checkpoint/);
  });

  it("fails a checkpoint of another log, or this log's checkpoint under another log's key", async () => {
    const { checkpoint } = await openCheckpoint(log.transparency?.checkpoint as string, logKey);
    const elsewhere = await generateNoteKey("sociedades-ia.localhost/log");
    const signed = await signNote(formatCheckpoint(checkpoint), await signerFromKey(elsewhere.signerKey));
    const result = await verify(withProof((t) => (t.checkpoint = signed)));
    expect(result.ok).toBe(false);
    expect(result.log?.error).toMatch(/^the log checkpoint does not verify under the log's key/);

    const underOtherKey = await verifyAuditLog(log, { jwks, logKey: elsewhere.verifierKey });
    expect(underOtherKey.ok).toBe(false);
    expect(underOtherKey.log?.error).toMatch(/^the log checkpoint does not verify under the log's key/);
  });

  it("fails a leaf hash that is not the head entry's, and recomputes the leaf rather than trusting it", async () => {
    const result = await verify(withProof((t) => (t.leafHash = other.transparency?.leafHash as string)));
    expect(result.ok).toBe(false);
    expect(result.log?.error).toBe("the proof's leaf hash is not the leaf of this log's head entry");

    // Without a leaf hash to compare, a head that is not the proved one still fails: the leaf is
    // recomputed from the head, and the proof does not lead from it to the root.
    const { leafHash: _dropped, ...bare } = log.transparency as NonNullable<AuditLog["transparency"]>;
    const head = { sessionId: log.sessionId, size: log.entries.length, signedIndex: bare.index };
    const genuine = await checkLogInclusion({ ...head, hash: await headHash(log) }, bare, logKey);
    expect(genuine.included).toBe(true);
    const swapped = await checkLogInclusion({ ...head, hash: await headHash(other) }, bare, logKey);
    expect(swapped.included).toBe(false);
    expect(swapped.error).toMatch(/the inclusion proof does not lead to the root/);
  });

  it("fails a log that carries no proof, or one not integrated yet", async () => {
    const none = await verify({ ...log, transparency: null });
    expect(none.ok).toBe(false);
    expect(none.log?.error).toBe("the log carries no transparency proof for its head entry");
    const pending = await verify(withProof((t) => Object.assign(t, { checkpoint: null, inclusion: null })));
    expect(pending.ok).toBe(false);
    expect(pending.log?.error).toMatch(/not integrated in a log checkpoint yet/);
  });

  it("throws when the service does not publish its witness policy", async () => {
    const err = await verifyAudit(log, { baseUrl: `${app.url}/nowhere`, jwks }).catch((e) => e);
    expect(err).toBeInstanceOf(IncorporateError);
    expect(err.message).toMatch(/could not read the log's witness policy: HTTP 404/);
  });
});
