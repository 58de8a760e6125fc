// /verify, for a session checked by id, says whether the checkpoint its head is proved in meets the
// log's witness policy: against a log whose witness (another instance) cosigns, and one whose only
// witness never answers.
import { expect, test } from "@playwright/test";
import { parseNote } from "../../packages/incorporate/src/tlog/note";
import { type AppServer, freePort, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
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
  });
});
