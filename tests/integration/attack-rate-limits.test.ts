import { randomUUID } from "node:crypto";
// Attack: dodging the per-IP limits by rotating forged X-Forwarded-For, X-Real-IP and similar
// headers. scripts/server.mjs appends the socket address and lib/http/client-ip.ts reads it from the
// right, so every request below counts against the one real client, whatever it claims to be.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { auditEntries, forgedAddressHeaders, registrySnapshot } from "../support/attack-client";
import { TYPICAL_INCORPORATION as TYPICAL } from "../support/fixtures";
import { listingBody } from "../support/registry-client";

const LIMIT = 2;

let app: AppServer;
beforeAll(async () => {
  const limit = `${LIMIT}/1m`;
  app = await startApp({
    env: {
      RATE_LIMIT_PLAY: limit,
      RATE_LIMIT_INCORPORATE: limit,
      RATE_LIMIT_REGISTRY: limit,
      RATE_LIMIT_CERTIFIER: limit,
    },
  });
});
afterAll(async () => {
  await app?.stop();
});

let forged = 0;
/** One request that claims a new address every time. */
function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...forgedAddressHeaders(++forged),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function expectLimited(res: Response, name: string) {
  expect(res.status, name).toBe(429);
  expect(res.headers.get("content-type"), name).toBe("application/problem+json");
  expect(Number(res.headers.get("retry-after")), name).toBeGreaterThanOrEqual(1);
  expect(res.headers.get("ratelimit-remaining"), name).toBe("0");
  expect(await res.json(), name).toMatchObject({ code: "rate_limited", limit: LIMIT });
}

const playBody = {
  messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "Validá el CUIT 20-17254359-7" }] }],
};

describe("rotating forged client addresses does not buy a fresh allowance", () => {
  it("POST /api/play: 429 once the real client used the limit, and the refused request opens no session", async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await send("POST", "/api/play", playBody);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const sessionId = "rate-limited-play-01";
    await expectLimited(await send("POST", "/api/play", playBody, { "x-session-id": sessionId }), "play");
    // The tamper demo shares the play limit.
    await expectLimited(await send("POST", "/api/play/tamper-demo", {}), "tamper-demo");
    expect(await auditEntries(app.url, sessionId)).toEqual([]);
  });

  it("POST /api/auto-incorporate: 429, and the refused call is neither audited nor remembered", async () => {
    const bodies = [0, 1, 2].map(() => ({ ...TYPICAL, sessionId: randomUUID() }));
    for (let i = 0; i < LIMIT; i++) expect((await send("POST", "/api/auto-incorporate", bodies[i])).status).toBe(200);
    await expectLimited(await send("POST", "/api/auto-incorporate", bodies[2]), "incorporate");
    expect(await auditEntries(app.url, bodies[2]?.sessionId as string)).toEqual([]);
    expect(
      (await registrySnapshot(app.url)).filter((r) => (r as { sessionId?: string }).sessionId === bodies[2]?.sessionId),
    ).toEqual([]);
  });

  it("registry writes (list, edit, claim) share one limit: 429, and the registry is unchanged", async () => {
    const first = await send("POST", "/api/registry", listingBody());
    expect(first.status).toBe(201);
    const { record, ownerToken } = (await first.json()) as { record: { id: string }; ownerToken: string };
    const edit = { disclosure: { es: "Declaración cambiada por el dueño.", en: "Disclosure changed by the owner." } };
    expect(
      (await send("PATCH", `/api/registry/${record.id}`, edit, { authorization: `Bearer ${ownerToken}` })).status,
    ).toBe(200);

    const before = await registrySnapshot(app.url);
    await expectLimited(await send("POST", "/api/registry", listingBody()), "list");
    const again = { disclosure: { es: "Otra declaración distinta.", en: "Another, different disclosure." } };
    await expectLimited(
      await send("PATCH", `/api/registry/${record.id}`, again, { authorization: `Bearer ${ownerToken}` }),
      "edit",
    );
    await expectLimited(
      await send(
        "POST",
        `/api/registry/${record.id}/claim`,
        { publicUrl: "https://claim.example" },
        {
          authorization: `Bearer ${ownerToken}`,
        },
      ),
      "claim",
    );
    expect(await registrySnapshot(app.url)).toEqual(before);
  });

  it("the certifier (dry run and certify) shares one limit: 429, and nothing is fetched or changed", async () => {
    const refused = encodeURIComponent("http://10.0.0.1");
    for (let i = 0; i < LIMIT; i++) expect((await send("GET", `/api/certifier?url=${refused}`)).status).toBe(422);
    await expectLimited(await send("GET", `/api/certifier?url=${refused}`), "dry run");
    const before = await registrySnapshot(app.url);
    await expectLimited(
      await send("POST", "/api/registry/borrador-de-ejemplo/certify", undefined, { authorization: "Bearer x" }),
      "certify",
    );
    expect(await registrySnapshot(app.url)).toEqual(before);
  });

  it("reads stay open to the same client", async () => {
    expect((await send("GET", "/api/registry")).status).toBe(200);
    expect((await send("GET", "/api/play/audit/rate-limited-inc-00")).status).toBe(200);
  });
});
