// What the speed suite's requests need on a fresh server, created through the public API: a
// 100-entry audit session, a listed and certified record, forming stubs to claim.
import { cuitCheckDigit } from "../../lib/identity/cuit";
import { auditAcks, cuitFor, playBody } from "./play-append";

export interface SpeedFixtures {
  /** A session holding exactly 100 entries. */
  sessionId: string;
  /** A self-listed record whose public URL is this server (certifiable over loopback). */
  record: { id: string; ownerToken: string };
  /** A seed record id. */
  seedId: string;
}

async function call(
  base: string,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(new URL(path, base), {
    method,
    headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return { res, text };
}

let cuitSerial = 0;
/** A company CUIT not used before in this run (the registry keeps CUITs unique). */
export function freshCompanyCuit(): string {
  for (;;) {
    const body = String(71_000_000 + cuitSerial++ * 7 + (process.pid % 7));
    const digit = cuitCheckDigit(`30${body}`);
    if (digit !== null) return `30-${body}-${digit}`;
  }
}

/** A valid self-listing or claim body on `publicUrl`. */
export function listingBody(name: string, publicUrl: string): Record<string, unknown> {
  return {
    name,
    type: "productive-sociedad-ia",
    jurisdiction: "AR",
    operator: "Operadora de Benchmarks SRL",
    operatorCuit: freshCompanyCuit(),
    publicUrl,
    rfcConformance: ["rfc-001-v1"],
    disclosure: {
      es: "Una sociedad operada por agentes de IA, de prueba.",
      en: "A company run by AI agents, for a benchmark.",
    },
  };
}

/** A valid, new incorporation request (`n` makes the name unique, so it is never an idempotent replay). */
export function incorporationBody(n: number, sessionId?: string): string {
  return JSON.stringify({
    denominacion: `Bench ${process.pid} ${n} Agentes SOCIEDAD-IA`,
    tipo: "SOCIEDAD-IA",
    capitalSocial: 2_000_000 + n,
    objeto:
      "Desarrollo y operación de agentes de software autónomos para comercio electrónico en la República Argentina.",
    ...(sessionId ? { sessionId } : {}),
  });
}

/**
 * Fills a new session with `n` entries, one play request each (the scripted model streams at a
 * human pace, so ten requests run at once); returns the session id.
 */
export async function sessionWithEntries(base: string, n: number): Promise<string> {
  const first = await call(base, "POST", "/api/play", { body: playBody(cuitFor(0)) });
  const sessionId = first.res.headers.get("x-session-id") as string;
  const headers = { "x-session-id": sessionId, "x-session-token": first.res.headers.get("x-session-token") as string };
  const seqs = auditAcks(first.text).map((a) => a.seq);
  let next = 1;
  const worker = async () => {
    while (next < n) {
      const { text } = await call(base, "POST", "/api/play", { body: playBody(cuitFor(next++)), headers });
      seqs.push(...auditAcks(text).map((a) => a.seq));
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  seqs.sort((a, b) => a - b);
  if (seqs.length !== n || seqs.some((seq, i) => seq !== i))
    throw new Error(`the session did not get entries 0..${n - 1}`);
  return sessionId;
}

/** Incorporates a company and returns its forming stub with the claim token. */
export async function formingStub(base: string, n: number): Promise<{ id: string; claimToken: string }> {
  const { text } = await call(base, "POST", "/api/auto-incorporate", { body: incorporationBody(n) });
  const { registry } = JSON.parse(text) as { registry: { record: { id: string }; claimToken: string } };
  return { id: registry.record.id, claimToken: registry.claimToken };
}

export async function createSpeedFixtures(base: string, recordOrigin: string): Promise<SpeedFixtures> {
  const sessionId = await sessionWithEntries(base, 100);
  const listed = JSON.parse(
    (await call(base, "POST", "/api/registry", { body: listingBody("Benchmark Certificable", recordOrigin) })).text,
  ) as { record: { id: string }; ownerToken: string };
  const record = { id: listed.record.id, ownerToken: listed.ownerToken };
  // One certification first, so its report exists for GET /api/registry/{id}/report.
  await call(base, "POST", `/api/registry/${record.id}/certify`, {
    headers: { authorization: `Bearer ${record.ownerToken}` },
  });
  const list = JSON.parse((await call(base, "GET", "/api/registry")).text) as {
    records: { id: string; source: string }[];
  };
  const seed = list.records.find((r) => r.source === "seed");
  if (!seed) throw new Error("the registry lists no seed record");
  return { sessionId, record, seedId: seed.id };
}
