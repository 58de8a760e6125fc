import { expect, type Page, test } from "@playwright/test";
import { type FakeCompany, startFakeCompany } from "../support/fake-company";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { expectOneWordPerThing } from "../support/one-word-per-thing";
import {
  expectNoHorizontalOverflow,
  expectNoSevereAxeViolations,
  type Lang,
  preparePage,
} from "../support/page-checks";

// From the incorporation wizard's result to a live record, on the record's own page: claim with the
// claim token and the deployed address, then certify. The company is the test company server
// (tests/support/fake-company.ts) on 127.0.0.1, showing its incorporation session from this service
// under this service's key, as the starter does; the e2e server runs with CERTIFIER_ALLOW_LOOPBACK=1.

const REP = { nombre: "María Pérez", cuit: "20-12345678-6" };

const UI = {
  es: {
    denominacion: "Denominación",
    capital: "Capital social (en pesos)",
    objeto: "Objeto social",
    repNombre: "Nombre del representante",
    repCuit: "CUIT del representante",
    submit: "Constituir y generar los archivos",
    open: "Abrir la ficha para reclamarla",
    forming: "En formación",
    claimToken: "Token de reclamo",
    publicUrl: "Dirección pública del despliegue",
    operator: "Operador (quien responde por la sociedad)",
    claim: "Reclamar la ficha",
    claimed: "Ficha reclamada",
    certify: "Pedir la certificación",
    verdict: /^Calificación A \(100\/100\): aprobada/,
    registryIdReason: "issuer.registryId es",
    live: ["Activa", "Al día · calificación A (100/100)"],
  },
  en: {
    denominacion: "Company name (denominación)",
    capital: "Share capital (Argentine pesos)",
    objeto: "Corporate purpose (objeto)",
    repNombre: "Representative's name",
    repCuit: "Representative's CUIT",
    submit: "Incorporate and generate the files",
    open: "Open the record to claim it",
    forming: "Forming",
    claimToken: "Claim token",
    publicUrl: "Public address of the deployment",
    operator: "Operator (who answers for the company)",
    claim: "Claim the record",
    claimed: "Record claimed",
    certify: "Request certification",
    verdict: /^Rating A \(100\/100\): passed/,
    registryIdReason: "issuer.registryId is",
    live: ["Live", "In good standing · rating A (100/100)"],
  },
} as const;

interface Incorporated {
  id: string;
  sessionId: string;
  claimToken: string;
}

/** Incorporates through the wizard, with a representative, and returns what the answer carried. */
async function incorporate(page: Page, lang: Lang, denominacion: string): Promise<Incorporated> {
  const ui = UI[lang];
  await page.goto("/incorporar", { waitUntil: "networkidle" });
  await page.getByLabel(ui.denominacion).fill(denominacion);
  await page.getByLabel(ui.capital).fill(String(TYPICAL_INCORPORATION.capitalSocial));
  await page.getByLabel(ui.objeto).fill(TYPICAL_INCORPORATION.objeto);
  await page.getByLabel(ui.repNombre).fill(REP.nombre);
  await page.getByLabel(ui.repCuit).fill(REP.cuit);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith("/api/auto-incorporate") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: ui.submit }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    registry: { record: { id: string }; claimToken: string };
    audit: { sessionId: string };
  };
  return { id: body.registry.record.id, sessionId: body.audit.sessionId, claimToken: body.registry.claimToken };
}

/** The company's site: its manifest names the record and shows the incorporation session under this service's key. */
async function companySite(page: Page, company: Incorporated): Promise<FakeCompany> {
  const jwks = (await (await page.request.get("/.well-known/jwks.json")).json()) as {
    keys: Record<string, unknown>[];
  };
  const site = await startFakeCompany({ mode: "good", cuit: REP.cuit });
  site.registryId = company.id;
  site.auditService = {
    url: new URL(page.url()).origin,
    sessionId: company.sessionId,
    publicKey: jwks.keys[0] as Record<string, unknown>,
  };
  return site;
}

for (const lang of ["es", "en"] as const) {
  for (const narrow of [false, true]) {
    const width = narrow ? 375 : 1280;
    test(`${lang}, ${width} px: incorporate, open the record, claim it and certify it live`, async ({ page }) => {
      test.setTimeout(180_000);
      const ui = UI[lang];
      await preparePage(page, { lang, narrow });
      const denominacion = `Ficha ${lang.toUpperCase()} ${width} ${Date.now()} SOCIEDAD-IA`;
      const company = await incorporate(page, lang, denominacion);
      const site = await companySite(page, company);
      try {
        // The result leads to the record's page, a page rather than JSON.
        await page.getByRole("link", { name: ui.open }).click();
        await expect(page).toHaveURL(new RegExp(`/registro/${company.id}$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(denominacion);
        // The tab names the company, not its id.
        await expect(page).toHaveTitle(
          `${denominacion} · ${lang === "es" ? "Directorio" : "Directory"} · sociedades-IA`,
        );
        const card = page.locator(".registry-card");
        await expect(card.locator(".pill").first()).toHaveText(ui.forming);
        // The representative typed into the wizard is on the forming record; no empty rows.
        await expect(card).toContainText(REP.nombre);
        await expect(card).toContainText(REP.cuit);
        await expect(card.locator("dd", { hasText: /^—$/ })).toHaveCount(0);
        await expectNoHorizontalOverflow(page);

        // Claim: the token and the deployed address; the representative stays the operator.
        await expect(page.getByLabel(ui.operator)).toHaveValue(REP.nombre);
        await page.getByLabel(ui.claimToken).fill(company.claimToken);
        await page.getByLabel(ui.publicUrl).fill(site.url);
        await page.getByRole("button", { name: ui.claim }).click();
        const claimed = page.getByRole("status").filter({ hasText: ui.claimed });
        await expect(claimed).toBeVisible();
        await expect(claimed.locator(".registry-token")).toHaveText(/^sia_own_[A-Za-z0-9_-]{43}$/);
        // No field ever travels in the address.
        expect(page.url()).not.toContain(company.claimToken);
        expect(page.url()).not.toContain("?");

        // Certify with the owner token just issued: the verdict and each reason in the page's language.
        const panel = page.getByTestId("certify-panel");
        await panel.getByRole("button", { name: ui.certify }).click();
        await expect(panel.locator(".certify-verdict-line")).toContainText(ui.verdict, { timeout: 60_000 });
        await expect(panel.locator('[data-check="issuer.registryId"]')).toContainText(
          `${ui.registryIdReason} ${company.id}`,
        );
        await expect(panel.locator('[lang="en"]')).toHaveCount(0);
        await expect(card.locator(".pill")).toHaveText([...ui.live]);
        await expectOneWordPerThing(page, lang);
        await expectNoHorizontalOverflow(page);
        if (!narrow) await expectNoSevereAxeViolations(page);
      } finally {
        await site.close();
      }
    });
  }
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the claim and the certification post, and no field lands in the address", async ({ page, request }) => {
    test.setTimeout(180_000);
    await preparePage(page, { lang: "es" });
    const denominacion = `Ficha Sin Scripts ${Date.now()} SOCIEDAD-IA`;
    const answer = await request.post("/api/auto-incorporate", {
      data: { ...TYPICAL_INCORPORATION, denominacion, representante: REP },
    });
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as {
      registry: { record: { id: string }; claimToken: string };
      audit: { sessionId: string };
    };
    const company = {
      id: body.registry.record.id,
      sessionId: body.audit.sessionId,
      claimToken: body.registry.claimToken,
    };
    await page.goto(`/registro/${company.id}`);
    const site = await companySite(page, company);
    try {
      await expect(page.locator("form").first()).toHaveAttribute("method", /post/i);
      await page.getByLabel("Token de reclamo").fill(company.claimToken);
      await page.getByLabel("Dirección pública del despliegue").fill(site.url);
      await page.getByRole("button", { name: "Reclamar la ficha" }).click();
      await expect(page.getByText("Ficha reclamada")).toBeVisible();
      expect(page.url()).toMatch(new RegExp(`/registro/${company.id}$`));
      await page.getByRole("button", { name: "Pedir la certificación" }).click();
      await expect(page.locator(".registry-card .pill").first()).toHaveText("Activa", { timeout: 60_000 });
      expect(page.url()).toMatch(new RegExp(`/registro/${company.id}$`));
    } finally {
      await site.close();
    }
  });
});
