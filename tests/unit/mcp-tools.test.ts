import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { auditLogSchema } from "@/lib/audit/api-schemas";
import { incorporationSuccessSchema } from "@/lib/incorporation/api-schemas";
import { incorporationRequestSchema } from "@/lib/incorporation/request-schema";
import { TOOLS } from "@/lib/mcp/tool-table";
import { registryListSchema, registryRecordSchema } from "@/lib/registry/record-schema";

const byName = Object.fromEntries(TOOLS.map((t) => [t.name, t]));

describe("the MCP tool table", () => {
  it("has unique snake_case names in the documented order", () => {
    expect(TOOLS.map((t) => t.name)).toEqual([
      "registry_search",
      "registry_get",
      "incorporation_check",
      "incorporate",
      "audit_read",
      "audit_verify",
      "describe_service",
      "log_checkpoint",
      "log_prove_inclusion",
      "log_prove_consistency",
    ]);
  });

  it("takes its schemas from the contracts the REST handlers and the OpenAPI description use", () => {
    expect(byName.registry_search?.output).toBe(registryListSchema);
    expect(byName.registry_get?.output).toBe(registryRecordSchema);
    expect(byName.incorporate?.output).toBe(incorporationSuccessSchema);
    expect(byName.incorporate?.input.shape.request).toBe(incorporationRequestSchema);
    expect(byName.incorporation_check?.input.shape.request).toBe(incorporationRequestSchema);
    expect(byName.audit_read?.output).toBe(auditLogSchema);
  });

  it("marks every tool but incorporate read-only, and none destructive", () => {
    for (const tool of TOOLS) {
      expect(tool.annotations.readOnlyHint, tool.name).toBe(tool.name !== "incorporate");
      expect(tool.annotations.destructiveHint, tool.name).toBe(false);
      expect(tool.annotations.idempotentHint, tool.name).toBe(true);
    }
    expect(byName.incorporate?.rateLimit).toEqual({ name: "incorporate", write: true });
  });

  it("documents every tool in docs/mcp.md's table", () => {
    const doc = fs.readFileSync(new URL("../../docs/mcp.md", import.meta.url), "utf8");
    for (const tool of TOOLS) expect(doc, tool.name).toContain(`| \`${tool.name}\` |`);
  });
});

describe("the published incorporation request", () => {
  it("takes a tipo in any case, exactly as the service reads it", async () => {
    const { z } = await import("zod");
    const { default: Ajv2020 } = await import("ajv/dist/2020");
    const { validateIncorporation } = await import("@/lib/incorporation/validate");
    const json = z.toJSONSchema(incorporationRequestSchema as never, {
      target: "draft-2020-12",
      io: "input",
    }) as unknown as {
      properties: { tipo: object };
    };
    const schemaSays = new Ajv2020({ strict: false }).compile(json.properties.tipo);
    const request = {
      denominacion: "Acme Agentes Automatizada S.A.S.",
      capitalSocial: 2_000_000,
      objeto: "Desarrollo y operación de agentes de software autónomos para comercio electrónico.",
    };
    for (const tipo of ["SAS", "sas", " Sas ", "sociedad-ia", "srl", "XYZ", "s-a", "SAS."]) {
      const serviceReads = !validateIncorporation({ ...request, tipo }).findings.some((f) => f.code === "tipo_unknown");
      expect(schemaSays(tipo), tipo).toBe(serviceReads);
    }
  });
});
