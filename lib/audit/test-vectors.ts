import { calculateJwkThumbprint, importJWK, type JWK } from "jose";
import { canonicalForms, canonicalJson, hashOf, hmacOf } from "../signing/canonical";
import { signCheckpointWith } from "./checkpoint";
import type { AuditEntry } from "./entry";
import { signEntry } from "./sign-entry";
import type { ProblemReason } from "./verify";

/**
 * Test vectors for third-party verifiers (public/test-vectors/audit-v1.json), built by the
 * implementation itself from fixed inputs and keys made only for the vectors (never the service's).
 * Ed25519 signatures are deterministic, so the file is byte-stable: a test rebuilds it and compares.
 */
const HMAC_KEYS = {
  "tv-2026-a": "test-vector-secret-A-not-used-by-any-service-0001",
  "tv-2026-b": "test-vector-secret-B-not-used-by-any-service-0002",
};
const CHECKPOINT_PRIVATE_JWK = {
  kty: "OKP",
  crv: "Ed25519",
  x: "zkUSrt-NoIzYZO-5q1KAtKRSiPhwvb5GmGomunBdN0E",
  d: "79BxmDVhZn0QAvETgUucZrxhH3gAB4EidtGjSEET9Lg",
};
const SESSION = "test-vectors-session-01";
const TS = (i: number) => new Date(Date.UTC(2026, 0, 15, 12, 0, i)).toISOString();

export interface NegativeVector {
  name: string;
  description: string;
  log: { sessionId: string; entries: unknown[]; checkpoint: string };
  /** What a verifier holding the vectors' HMAC keys and checkpoint key reports. */
  expect: { tampered: number; firstBadSeq: number | null; reasons: ProblemReason[]; checkpointValid: boolean };
}

function chainEntries(): AuditEntry[] {
  const events = [
    {
      kind: "incorporation" as const,
      action: "auto_incorporate",
      actor: "ip:5f2b1c0e9a7d4c3b",
      input: { denominacion: "Acme Agentes Automatizada SOCIEDAD-IA", tipo: "SOCIEDAD-IA", capitalSocial: 2000000 },
      output: { ok: true, slug: "acme-agentes-automatizada-sociedad-ia" },
    },
    {
      kind: "tool-call" as const,
      action: "validar_cuit",
      actor: "ip:5f2b1c0e9a7d4c3b",
      input: { cuit: "30-71234567-1", nota: 'ñandú «comillas» "dobles" \u2028 😀' },
      output: { valido: true, numeros: [0, -0.5, 1e21, 1e-7, 123456789012345680000] },
    },
    {
      kind: "tool-call" as const,
      action: "emitir_factura",
      actor: "key:agente-1",
      input: { tipo: "C", importe: 15000.5 },
      output: { cae: "74123456789012" },
    },
  ];
  const entries: AuditEntry[] = [];
  let prev: string | null = null;
  events.forEach((event, seq) => {
    const kid = seq === 2 ? "tv-2026-b" : "tv-2026-a"; // the last entry is signed after a key rotation
    const { entry, full } = signEntry(
      { ...event, outcome: "ok", sessionId: SESSION, seq, ts: TS(seq), prev },
      { kid, secret: HMAC_KEYS[kid] },
    );
    entries.push(entry);
    prev = hashOf(full);
  });
  return entries;
}

/** Re-signs an entry with its own key after an edit: only the chain (not the HMAC) then fails. */
function resign(entry: Record<string, unknown>): Record<string, unknown> {
  const kid = entry.kid as keyof typeof HMAC_KEYS;
  const { signed } = canonicalForms({ ...entry, hmac: undefined });
  return { ...entry, hmac: hmacOf(signed, HMAC_KEYS[kid]) };
}

export async function buildTestVectors() {
  const key = (await importJWK({ ...CHECKPOINT_PRIVATE_JWK, alg: "EdDSA" } as JWK, "EdDSA")) as CryptoKey;
  const publicJwk = { kty: "OKP", crv: "Ed25519", x: CHECKPOINT_PRIVATE_JWK.x };
  const kid = await calculateJwkThumbprint(publicJwk, "sha256");
  const entries = chainEntries();
  const links = entries.map((e) => hashOf(canonicalJson(e)));
  const head = { size: entries.length, hash: links[links.length - 1] ?? null };
  const checkpointPayload = { sessionId: SESSION, size: head.size, head: head.hash, ts: TS(59) };
  const checkpoint = await signCheckpointWith(key, kid, checkpointPayload);
  const clone = () => structuredClone(entries) as unknown as Record<string, unknown>[];

  const negatives: NegativeVector[] = [];
  const neg = (
    name: string,
    description: string,
    list: unknown[],
    expect: NegativeVector["expect"],
    jws = checkpoint,
  ) => negatives.push({ name, description, log: { sessionId: SESSION, entries: list, checkpoint: jws }, expect });

  const changed = clone();
  (changed[1] as { output: Record<string, unknown> }).output.valido = false;
  neg("changed-field", "output.valido of entry 1 changed from true to false", changed, {
    tampered: 2,
    firstBadSeq: 1,
    reasons: ["hmac_mismatch"],
    checkpointValid: true,
  });
  const removed = clone();
  removed.splice(1, 1);
  neg("removed-entry", "entry 1 deleted", removed, {
    tampered: 1,
    firstBadSeq: 1,
    reasons: ["wrong_seq", "wrong_id", "chain_broken"],
    checkpointValid: false,
  });
  const swapped = clone();
  [swapped[1], swapped[2]] = [swapped[2] as Record<string, unknown>, swapped[1] as Record<string, unknown>];
  neg("swapped-entries", "entries 1 and 2 swapped", swapped, {
    tampered: 2,
    firstBadSeq: 1,
    reasons: ["wrong_seq", "wrong_id", "chain_broken"],
    checkpointValid: false,
  });
  const wrongKid = clone();
  (wrongKid[0] as { kid: string }).kid = "tv-unknown";
  neg("wrong-key-id", "entry 0 names a key id no verifier holds", wrongKid, {
    tampered: 2,
    firstBadSeq: 0,
    reasons: ["unknown_kid"],
    checkpointValid: true,
  });
  neg(
    "truncated-signature",
    "the checkpoint's signature is cut short by 4 characters",
    clone(),
    { tampered: 0, firstBadSeq: null, reasons: [], checkpointValid: false },
    checkpoint.slice(0, -4),
  );
  const badLink = clone();
  badLink[2] = resign({ ...badLink[2], prev: hashOf("{}") });
  neg("bad-chain-link", "entry 2's prev points elsewhere (its HMAC was recomputed, so only the link fails)", badLink, {
    tampered: 1,
    firstBadSeq: 2,
    reasons: ["chain_broken"],
    checkpointValid: false,
  });

  return {
    version: "audit-v1",
    description:
      "Test vectors for the sociedades-IA audit log (docs/audit-log.md). The keys below exist only for these vectors.",
    keys: {
      hmac: HMAC_KEYS,
      checkpoint: { keys: [{ ...publicJwk, kid, alg: "EdDSA", use: "sig" }] },
    },
    // `inputText` is the input as JSON text, which a verifier parses itself: the JSON of this file
    // cannot carry every case (JSON.stringify writes -0 as 0, 1e21 as 1e+21).
    canonical: [
      { name: "member order", input: { b: 1, a: 2, A: 3, é: 4, "\u20ac": 5, "\ud83d\ude00": 6 } },
      {
        name: "numbers",
        input: [0, -0, 1, -1.5, 1e21, 1e-7, 0.1, 123456789012345680000, 5e-324],
        inputText: "[0,-0,1,-1.5,1e21,1e-7,0.1,123456789012345680000,5e-324]",
      },
      { name: "strings", input: ["\u0000\u001f", '"\\/', "\u2028\u2029", "ñ", "😀"] },
      { name: "nesting", input: { z: [{ y: null, x: true }], a: { c: {}, b: [] } } },
    ].map(({ inputText, ...c }) => {
      const text = inputText ?? JSON.stringify(c.input);
      return { ...c, inputText: text, canonical: canonicalJson(JSON.parse(text)) };
    }),
    entries: entries.map((entry) => {
      const { signed, full } = canonicalForms(entry as unknown as Record<string, unknown>);
      return { entry, signedForm: signed, hmac: entry.hmac, link: hashOf(full) };
    }),
    chain: { sessionId: SESSION, entries, head },
    checkpoint: { jws: checkpoint, payload: checkpointPayload },
    negative: negatives,
  };
}

export type TestVectors = Awaited<ReturnType<typeof buildTestVectors>>;
