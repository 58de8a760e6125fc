import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLE_REQUEST } from "@/lib/incorporation/example-request";
import { FINDING_CODES, type FindingCode } from "@/lib/incorporation/finding-codes";
import { rfc001Json, rfc001Report } from "@/lib/incorporation/rfc001";
import { validateIncorporation } from "@/lib/incorporation/validate";
import { TYPICAL_INCORPORATION as TYPICAL } from "../support/fixtures";

const COMPLETE = {
  ...TYPICAL,
  representante: { nombre: "Ana Pérez", cuit: "20-12345678-6" },
  emailContacto: "ana@acme.com.ar",
};

const BASE = "https://registro.example";

const codes = (body: unknown, lang: "es" | "en" = "es") =>
  validateIncorporation(body, { lang }).findings.map((f) => f.code);

describe("incorporation rules", () => {
  it("accept the typical request with no error finding", () => {
    const { findings, request } = validateIncorporation(TYPICAL);
    expect(findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(request).toMatchObject(TYPICAL);
  });

  it("accept the example shown on the home page and in the OpenAPI description", () => {
    const { request, findings } = validateIncorporation(EXAMPLE_REQUEST);
    expect(findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(request).not.toBeNull();
  });

  it("accept a complete request with only the pending-law warning", () => {
    expect(codes(COMPLETE)).toEqual(["tipo_pending_law"]);
  });

  const cases: [FindingCode, unknown][] = [
    ["required", { ...TYPICAL, objeto: undefined }],
    ["invalid_type", { ...TYPICAL, capitalSocial: "2000000" }],
    ["unknown_field", { ...TYPICAL, extra: 1 }],
    ["denominacion_length", { ...TYPICAL, denominacion: "AB" }],
    ["denominacion_characters", { ...TYPICAL, denominacion: "Acme <script> SOCIEDAD-IA" }],
    ["denominacion_reserved_word", { ...TYPICAL, denominacion: "Banco Agentes SOCIEDAD-IA" }],
    ["denominacion_suffix_missing", { ...TYPICAL, denominacion: "Acme Agentes" }],
    ["denominacion_suffix_mismatch", { ...TYPICAL, tipo: "SRL", denominacion: "Acme Agentes S.A.S." }],
    ["tipo_unknown", { ...TYPICAL, tipo: "SCS" }],
    ["tipo_pending_law", TYPICAL],
    ["capital_not_positive", { ...TYPICAL, capitalSocial: -5 }],
    ["capital_below_minimum", { ...TYPICAL, tipo: "SA", denominacion: "Acme Agentes S.A.", capitalSocial: 29_999_999 }],
    ["capital_low", { ...TYPICAL, tipo: "SRL", denominacion: "Acme Agentes S.R.L.", capitalSocial: 1000 }],
    ["objeto_length", { ...TYPICAL, objeto: "Agentes." }],
    // An ESC sequence that would recolour a terminal showing the log, and a bidi override.
    ["objeto_characters", { ...TYPICAL, objeto: `${TYPICAL.objeto} \u001b[31mrojo\u001b[0m` }],
    ["objeto_characters", { ...TYPICAL, objeto: `${TYPICAL.objeto} \u202Egol.exe` }],
    ["objeto_characters", { ...TYPICAL, objeto: `${TYPICAL.objeto}\u0000` }],
    ["objeto_vague", { ...TYPICAL, objeto: "Realizar cualquier actividad comercial lícita dentro y fuera del país." }],
    [
      "objeto_automation_undisclosed",
      { ...TYPICAL, objeto: "Venta minorista de indumentaria y calzado en locales propios del país." },
    ],
    ["representante_missing", TYPICAL],
    ["representante_nombre_length", { ...COMPLETE, representante: { nombre: "A", cuit: "20-12345678-6" } }],
    ["representante_cuit_invalid", { ...COMPLETE, representante: { nombre: "Ana Pérez", cuit: "20-12345678-5" } }],
    ["email_missing", TYPICAL],
    ["email_invalid", { ...COMPLETE, emailContacto: "ana@" }],
    ["session_id_invalid", { ...TYPICAL, sessionId: "bad id!" }],
    // A /play session id (DESIGN 4) that is not a UUID: an incorporation's session is one (SPEC 2.2).
    ["session_id_invalid", { ...TYPICAL, sessionId: "my-session-0001" }],
    ["session_id_invalid", { ...TYPICAL, sessionId: null }],
  ];
  it("takes the representative's CUIT as 11 plain digits, the registry's rule, and keeps its written form", () => {
    const { findings, request } = validateIncorporation({
      ...COMPLETE,
      representante: { nombre: "Ana Pérez", cuit: "20123456786" },
    });
    expect(findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(request?.representante?.cuit).toBe("20-12345678-6");
  });
  for (const [code, body] of cases) {
    it(`report ${code} (${FINDING_CODES[code].severity})`, () => {
      const { findings, request } = validateIncorporation(body);
      const found = findings.find((f) => f.code === code);
      expect(found, JSON.stringify(findings)).toBeDefined();
      expect(found?.severity).toBe(FINDING_CODES[code].severity);
      if (FINDING_CODES[code].severity === "error") expect(request).toBeNull();
    });
  }

  it("cover every code of the table with a case", () => {
    // idempotency_key_reused comes from the request's key, not its body: the 422 tests of
    // tests/integration/incorporation-422.test.ts cover it.
    const bodyCodes = Object.keys(FINDING_CODES).filter((c) => c !== "idempotency_key_reused");
    expect(new Set(cases.map(([c]) => c))).toEqual(new Set(bodyCodes));
  });

  it("apply each tipo's legal minimum: SA 30,000,000 (Decreto 209/2024), SAS twice the SMVM", () => {
    const sa = { ...TYPICAL, tipo: "SA", denominacion: "Acme Agentes S.A." };
    expect(codes({ ...sa, capitalSocial: 30_000_000 })).not.toContain("capital_below_minimum");
    const sas = { ...TYPICAL, tipo: "SAS", denominacion: "Acme Agentes SAS" };
    expect(validateIncorporation({ ...sas, capitalSocial: 1_000_000 }, { smvm: 500_000 }).request).not.toBeNull();
    expect(validateIncorporation({ ...sas, capitalSocial: 999_999 }, { smvm: 500_000 }).request).toBeNull();
  });

  it("write amounts as each language does in the capital findings, as the pages do (formatPesos)", () => {
    const message = (body: unknown, lang: "es" | "en", code: FindingCode) =>
      validateIncorporation(body, { lang }).findings.find((f) => f.code === code)?.message;
    const sa = { ...TYPICAL, tipo: "SA", denominacion: "Acme Agentes S.A.", capitalSocial: 10 };
    expect(message(sa, "es", "capital_below_minimum")).toContain("$\u00a030.000.000 ");
    expect(message(sa, "en", "capital_below_minimum")).toContain("ARS\u00a030,000,000 ");
    const srl = { ...TYPICAL, tipo: "SRL", denominacion: "Acme Agentes S.R.L.", capitalSocial: 12_345 };
    expect(message(srl, "es", "capital_low")).toContain("$\u00a012.345 ");
    expect(message(srl, "en", "capital_low")).toContain("ARS\u00a012,345 ");
  });

  it("accept each suffix in abbreviated or full form, accents and case aside", () => {
    expect(
      codes({ ...TYPICAL, tipo: "SRL", denominacion: "Acme Agentes Sociedad de Responsabilidad Limitada" }),
    ).not.toContain("denominacion_suffix_missing");
    expect(
      codes({ ...TYPICAL, tipo: "SA", denominacion: "Acme Agentes sociedad anonima", capitalSocial: 3e7 }),
    ).not.toContain("denominacion_suffix_missing");
    expect(codes({ ...TYPICAL, tipo: "sas", denominacion: "Acme Agentes S.A.S." })).not.toContain("tipo_unknown");
  });

  it("write messages in Spanish or English", () => {
    const body = { ...TYPICAL, capitalSocial: -1 };
    const es = validateIncorporation(body, { lang: "es" }).findings.find((f) => f.code === "capital_not_positive");
    const en = validateIncorporation(body, { lang: "en" }).findings.find((f) => f.code === "capital_not_positive");
    expect(es?.message).toMatch(/capital social debe ser/);
    expect(en?.message).toMatch(/share capital must be/);
  });

  it("reject a body that is not an object", () => {
    for (const body of [null, [], "x", 3]) expect(codes(body)).toEqual(["invalid_type"]);
  });

  it("derive the RFC-001 report from the findings", () => {
    const ok = rfc001Report(validateIncorporation(COMPLETE).findings, BASE);
    expect(ok.url).toBe(`${BASE}/api/auto-incorporate`);
    expect(ok.conformant).toBe(true);
    expect(ok.checks.map((c) => c.id)).toEqual([
      "lawful-name",
      "defined-form-and-capital",
      "disclosed-purpose",
      "accountable-human",
      "authority-channel",
      "audit-trail",
    ]);
    const bad = rfc001Report(validateIncorporation({ ...TYPICAL, denominacion: "Banco SOCIEDAD-IA" }).findings, BASE);
    expect(bad.conformant).toBe(false);
    expect(bad.checks.find((c) => c.id === "lawful-name")).toMatchObject({ result: "fail" });
  });

  it("are not conformant when a required field is missing, and name the check that owns it", () => {
    const expected = {
      denominacion: "lawful-name",
      tipo: "defined-form-and-capital",
      capitalSocial: "defined-form-and-capital",
      objeto: "disclosed-purpose",
    };
    for (const [field, check] of Object.entries(expected)) {
      const { [field]: _gone, ...body } = COMPLETE as Record<string, unknown>;
      const report = rfc001Report(validateIncorporation(body).findings, BASE);
      expect(report.conformant, field).toBe(false);
      const owner = report.checks.find((c) => c.id === check);
      expect(owner?.result, field).toBe("fail");
      expect(owner?.findings, field).toContain("required");
    }
    const mistyped = rfc001Report(validateIncorporation({ ...COMPLETE, capitalSocial: "1000" }).findings, BASE);
    expect(mistyped.conformant).toBe(false);
    expect(mistyped.checks.find((c) => c.id === "defined-form-and-capital")?.findings).toContain("invalid_type");
  });

  it("fail every RFC-001 check when the body is not an object", () => {
    for (const body of [null, [], "x", 3]) {
      const report = rfc001Report(validateIncorporation(body).findings, BASE);
      expect(report.conformant).toBe(false);
      expect(report.checks.map((c) => c.result)).toEqual(Array(6).fill("fail"));
    }
  });

  it("serialise the RFC-001 report once per set of codes, always as the report of those findings", () => {
    const bodies = [COMPLETE, TYPICAL, { ...TYPICAL, denominacion: "Banco SOCIEDAD-IA" }, { ...TYPICAL, objeto: "x" }];
    for (const lang of ["es", "en"] as const) {
      for (const body of [...bodies, ...bodies]) {
        const { findings } = validateIncorporation(body, { lang });
        const report = JSON.stringify(rfc001Report(findings, BASE));
        expect(rfc001Json({ findings, baseUrl: BASE })).toBe(report);
        expect(rfc001Json({ findings: [...findings].reverse(), baseUrl: BASE })).toBe(report);
      }
    }
  });

  it("are documented code by code in docs/incorporation.md", () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/incorporation.md"), "utf8");
    for (const [code, { severity }] of Object.entries(FINDING_CODES)) {
      expect(doc, code).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${severity}\\s*\\|`));
    }
  });
});
