// /verify and the dashboard, for a session checked by id, run the client package's verifyAudit in the
// browser and show its verdict line by line (entries, log, latest entry, witnesses), in es and en:
// against a log whose witness (another instance) cosigns, one whose only witness never answers, a
// session cut back in the store, and a fork its witness refused.
import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { createSession } from "@sociedades-ia/incorporate";
import { parseNote } from "@sociedades-ia/incorporate/tlog";
import { EmbeddedStore } from "../../lib/store/embedded";
import { type AppServer, freePort, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { tempDir } from "../support/temp-dir";
import { logKey, witnessKey } from "../support/tlog-keys";

const log = logKey("verify.example/log");
const witness = witnessKey("verify.example/witness");
const apps: AppServer[] = [];

async function incorporate(app: AppServer): Promise<string> {
  const res = await fetch(`${app.url}/api/auto-incorporate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...TYPICAL_INCORPORATION, denominacion: `Testigo Verificar ${Date.now()} SOCIEDAD-IA` }),
  });
  expect(res.status).toBe(200);
  const body = await res.json();
  return body.audit.sessionId ?? body.audit.entry.sessionId;
}

test.afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
});

test.describe("verify page: the witness policy", () => {
  test("says a session's checkpoint meets the policy once its witness cosigned it", async ({ page }) => {
    const witnessPort = await freePort();
    const [, app] = await Promise.all([
      startApp({
        port: witnessPort,
        env: {
          TLOG_ORIGIN: "w.verify.example/log",
          WITNESS_SIGNING_KEY: witness.skey,
          WITNESS_LOGS: `${log.origin} ${log.vkey}`,
        },
      }),
      startApp({
        env: {
          TLOG_ORIGIN: log.origin,
          TLOG_SIGNING_KEY: log.skey,
          TLOG_WITNESSES: `${witness.vkey} http://127.0.0.1:${witnessPort}/witness`,
          TLOG_WITNESS_INTERVAL: "200ms",
        },
      }),
    ]).then((started) => {
      apps.push(...started);
      return started;
    });
    const sessionId = await incorporate(app as AppServer);
    // The witness answers in the background; wait until the latest checkpoint carries its line.
    await expect
      .poll(async () => parseNote(await (await fetch(`${app?.url}/log/checkpoint`)).text()).signatures.length, {
        timeout: 20_000,
      })
      .toBe(2);

    await page.goto(`${app?.url}/verify?session=${sessionId}`);
    const section = page.getByRole("region", { name: "Registro de transparencia" });
    await expect(section.locator("[data-log-inclusion]")).toHaveAttribute("data-log-inclusion", "included");
    const policy = section.locator("[data-witness-policy]");
    await expect(policy).toHaveAttribute("data-witness-policy", "met");
    await expect(policy).toHaveText(/1 de las 1 cosignaturas que pide la política .* Cumple la política\./);
    // The client package's whole verification, one line per check.
    await expectVerdict(page, "verified", "VERIFICADO: todas las comprobaciones pasaron.", {
      entries: "pass",
      log: "pass",
      latest: "pass",
      witnesses: "pass",
    });
    await expect(page.locator('[data-check="witnesses"]')).toContainText(
      "Testigos: el checkpoint tiene 1 de las 1 cosignaturas que pide la política (verify.example/witness).",
    );
    await page.context().addCookies([{ name: "lang", value: "en", url: app?.url as string }]);
    await page.goto(`${app?.url}/dashboard/${sessionId}`);
    await expectVerdict(page, "verified", "VERIFIED: every check passed.", { latest: "pass", witnesses: "pass" });
    await expect(page.locator('[data-check="latest"]')).toContainText(
      "belongs to this session, so what you see is its latest entry.",
    );
  });

  test("says it does not meet the policy while its witness has not cosigned", async ({ page }) => {
    const nobody = await freePort(); // nothing listens there: the witness never answers
    const app = await startApp({
      env: {
        TLOG_ORIGIN: "alone.verify.example/log",
        TLOG_WITNESSES: `${witness.vkey} http://127.0.0.1:${nobody}/witness`,
      },
    });
    apps.push(app);
    const sessionId = await incorporate(app);
    await page.goto(`${app.url}/verify?session=${sessionId}`);
    const policy = page.locator("[data-witness-policy]");
    await expect(policy).toHaveAttribute("data-witness-policy", "unmet");
    await expect(policy).toContainText("tiene 0 de las 1 cosignaturas");
    await expectVerdict(page, "not_witnessed", /^TODAVÍA NO ATESTIGUADO: nada lo contradice/, {
      entries: "pass",
      log: "pass",
      latest: "pass",
      witnesses: "pending",
    });
    await page.context().addCookies([{ name: "lang", value: "en", url: app.url }]);
    await page.goto(`${app.url}/dashboard/${sessionId}`);
    await expectVerdict(page, "not_witnessed", /^NOT WITNESSED YET: nothing contradicts it/, { witnesses: "pending" });
  });
});

test.describe("verify page and dashboard: a session cut back in the store", () => {
  test("fail it, saying the log holds a later entry of the session, in es and en", async ({ page }) => {
    let app = await startApp();
    apps.push(app);
    const session = createSession({ baseUrl: app.url });
    // The attacker reads the checkpoint after the first write, and keeps it.
    let earlier = "";
    for (const n of [1, 2]) {
      await session.incorporate({ ...TYPICAL_INCORPORATION, denominacion: `Cortada ${n} ${Date.now()} SOCIEDAD-IA` });
      if (n === 1) earlier = (await session.fetchAudit()).checkpoint as string;
    }
    const sessionId = session.sessionId;
    const size = (await session.fetchAudit()).entries.length;
    // As an attacker with store access and no key: drop the newest entry and put the kept checkpoint back.
    await app.stop();
    const store = EmbeddedStore.open(app.dataDir);
    try {
      const entries = await store.range(`audit:${sessionId}:log`, 0, -1);
      expect(signedSize(earlier)).toBe(size - 1);
      // The list holds the session's header, then its entries: keep the header and all but the last.
      await rewriteList(store, `audit:${sessionId}:log`, entries.slice(0, size));
      await store.set(`audit:${sessionId}:checkpoint`, earlier);
    } finally {
      await store.close();
    }
    app = await startApp({ dataDir: app.dataDir });
    apps.push(app);

    await page.goto(`${app.url}/verify?session=${sessionId}`);
    await expectVerdict(page, "failed", "FALLÓ: algo contradice esta bitácora.", {
      entries: "pass",
      log: "pass",
      latest: "fail",
    });
    await expect(page.locator('[data-check="latest"]')).toContainText(
      `Completa: NO. motivo en inglés: the log holds entry ${size - 1} of this session`,
    );
    await page.context().addCookies([{ name: "lang", value: "en", url: app.url }]);
    await page.goto(`${app.url}/dashboard/${sessionId}`);
    await expectVerdict(page, "failed", "FAILED: something contradicts this audit log.", { latest: "fail" });
    await expect(page.locator('[data-check="latest"]')).toContainText("the session shown was cut back");
  });
});

test.describe("verify page and dashboard: a fork its witness refused", () => {
  test("never verify a session that exists only on the fork, in es and en", async ({ page }) => {
    const forked = logKey("fork.verify.example/log");
    const w = witnessKey("fork.verify.example/witness");
    const witnessPort = await freePort();
    const logEnv = {
      TLOG_ORIGIN: forked.origin,
      TLOG_SIGNING_KEY: forked.skey,
      TLOG_WITNESSES: `${w.vkey} http://127.0.0.1:${witnessPort}/witness`,
      TLOG_WITNESS_INTERVAL: "200ms",
    };
    const witnessApp = await startApp({
      port: witnessPort,
      env: {
        TLOG_ORIGIN: "w.fork.verify.example/log",
        WITNESS_SIGNING_KEY: w.skey,
        WITNESS_LOGS: `${forked.origin} ${forked.vkey}`,
      },
    });
    apps.push(witnessApp);
    let original = await startApp({ env: logEnv });
    apps.push(original);
    await incorporate(original);
    await cosigned(original, 0);
    // Fork the store: copy its data directory while the log is stopped, then run both copies.
    await original.stop();
    const forkDir = tempDir("sia-e2e-fork-");
    fs.cpSync(original.dataDir, forkDir, { recursive: true });
    original = await startApp({ dataDir: original.dataDir, env: logEnv });
    const fork = await startApp({ dataDir: forkDir, env: logEnv });
    apps.push(original, fork);
    const before = await cosigned(original, 0);
    await incorporate(original);
    await cosigned(original, before + 1);
    const sessionId = await incorporate(fork);
    await expect
      .poll(async () => (await (await fetch(`${fork.url}/api/health`)).json()).witnesses.witnesses[0].state, {
        timeout: 20_000,
      })
      .toBe("refused");

    // The pages allow fetches to their own origin only (connect-src 'self'), so the browser cannot
    // read the witness's own checkpoint to show the contradiction (verifyAudit elsewhere does:
    // tests/integration/witness.test.ts). It is never "verified": not witnessed, with the reason.
    await page.goto(`${fork.url}/verify?session=${sessionId}`);
    await expectVerdict(page, "not_witnessed", /^TODAVÍA NO ATESTIGUADO/, {
      entries: "pass",
      log: "pass",
      witnesses: "pending",
    });
    await expect(page.locator('[data-check="witnesses"]')).toContainText(
      "Testigos: todavía no atestiguado, 0 de las 1 cosignaturas que pide la política.",
    );
    await expect(page.locator("[data-full-verdict]")).not.toContainText("VERIFICADO");
    // The server's headline knows the witness refused this log: it fails, never "verified".
    await expect(headline(page, sessionId, "es").locator(".pill")).toHaveText("FALLÓ");
    await page.context().addCookies([{ name: "lang", value: "en", url: fork.url }]);
    await page.goto(`${fork.url}/dashboard/${sessionId}`);
    await expectVerdict(page, "not_witnessed", /^NOT WITNESSED YET/, { witnesses: "pending" });
    // The dashboard's headline, from the server's report, knows of the refusal too.
    await expect(page.getByTestId("server-verification").locator(".pill")).toHaveText("FAILED");
    // Its own /log says a witness refused it.
    await page.goto(`${fork.url}/log`);
    await expect(page.locator("[data-witness-refused]")).toContainText(
      "A witness refused this log's latest checkpoint.",
    );
  });
});

test.describe("verify page: a fork its witness never saw", () => {
  test("leads with not witnessed yet, never verified, in es and en", async ({ page }) => {
    const forked = logKey("unseen.verify.example/log");
    const nobody = await freePort(); // the witness is never reached: nothing cosigns, nothing refuses
    const logEnv = {
      TLOG_ORIGIN: forked.origin,
      TLOG_SIGNING_KEY: forked.skey,
      TLOG_WITNESSES: `${witness.vkey} http://127.0.0.1:${nobody}/witness`,
    };
    const original = await startApp({ env: logEnv });
    apps.push(original);
    await incorporate(original);
    // Fork the store: copy its data directory while the log is stopped, then write on the copy.
    await original.stop();
    const forkDir = tempDir("sia-e2e-unseen-");
    fs.cpSync(original.dataDir, forkDir, { recursive: true });
    const fork = await startApp({ dataDir: forkDir, env: logEnv });
    apps.push(fork);
    const sessionId = await incorporate(fork);

    await page.goto(`${fork.url}/verify?session=${sessionId}`);
    const es = headline(page, sessionId, "es");
    await expect(es.locator(".pill")).toHaveText("SIN ATESTIGUAR");
    await expect(es).toContainText("TODAVÍA NO ATESTIGUADO: nada lo contradice");
    await expect(es).not.toContainText("VERIFICADO");
    await expect(es).toHaveAttribute("data-verdict", "warn");
    await expectVerdict(page, "not_witnessed", /^TODAVÍA NO ATESTIGUADO/, { witnesses: "pending" });

    await page.context().addCookies([{ name: "lang", value: "en", url: fork.url }]);
    await page.goto(`${fork.url}/verify?session=${sessionId}`);
    const en = headline(page, sessionId, "en");
    await expect(en.locator(".pill")).toHaveText("NOT WITNESSED YET");
    await expect(en).toContainText("NOT WITNESSED YET: nothing contradicts it");
    await expect(en).not.toContainText(/\bVERIFIED\b/);
    await expectVerdict(page, "not_witnessed", /^NOT WITNESSED YET/, { witnesses: "pending" });

    // The dashboard's headline reads the same verdict from the server's report.
    await page.goto(`${fork.url}/dashboard/${sessionId}`);
    const dashEn = page.getByTestId("server-verification");
    await expect(dashEn.locator(".pill")).toHaveText("NOT WITNESSED YET");
    await expect(dashEn).toContainText("not yet in a checkpoint with the cosignatures");
    await expect(dashEn.locator("[data-verdict]")).toHaveAttribute("data-headline-verdict", "not_witnessed");
    await page.context().addCookies([{ name: "lang", value: "es", url: fork.url }]);
    await page.goto(`${fork.url}/dashboard/${sessionId}`);
    const dashEs = page.getByTestId("server-verification");
    await expect(dashEs.locator(".pill")).toHaveText("SIN ATESTIGUAR");
    await expect(dashEs).not.toContainText("VERIFICADO");
  });
});

/** The server's report of a session on /verify, whose pill and sentence lead the page. */
function headline(page: Page, sessionId: string, lang: "es" | "en") {
  const name = lang === "es" ? `Informe de la sesión ${sessionId}` : `Report for session ${sessionId}`;
  return page.getByRole("region", { name });
}

/** Waits until the log's latest checkpoint, larger than `size`, carries the witness's cosignature; its size. */
async function cosigned(app: AppServer, size: number): Promise<number> {
  let seen = 0;
  await expect
    .poll(
      async () => {
        const note = await (await fetch(`${app.url}/log/checkpoint`)).text();
        seen = Number(note.split("\n")[1]);
        return seen > size && parseNote(note).signatures.length === 2;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return seen;
}

async function expectVerdict(
  page: Page,
  verdict: string,
  summary: string | RegExp,
  statuses: Record<string, string>,
): Promise<void> {
  const report = page.locator("[data-full-verdict]");
  await expect(report).toHaveAttribute("data-full-verdict", verdict, { timeout: 20_000 });
  await expect(report.locator("strong")).toHaveText(summary);
  for (const [check, status] of Object.entries(statuses)) {
    await expect(report.locator(`[data-check="${check}"]`)).toHaveAttribute("data-status", status);
  }
}

const signedSize = (jws: string) =>
  (JSON.parse(Buffer.from(jws.split(".")[1] as string, "base64url").toString("utf8")) as { size: number }).size;

/** Replaces a stored list with `items`, as a forger with store access can. */
async function rewriteList(store: EmbeddedStore, key: string, items: string[]): Promise<void> {
  await store.del(key);
  for (const [i, item] of items.entries()) await store.append(key, i, item, { expiry: 86_400_000 });
}
