import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config/config";
import { tempDir } from "../support/temp-dir";

const dataDir = () => tempDir("sia-issuer-");

describe("issuer settings", () => {
  it("default to the reference-implementation type with no operator declared", () => {
    const { env } = parseConfig({ DATA_DIR: dataDir() });
    expect(env.ISSUER_TYPE).toBe("sociedad-ia-reference-implementation");
    expect(env.ISSUER_OPERATOR_NAME).toBeUndefined();
    expect(env.ISSUER_OPERATOR_CUIT).toBeUndefined();
  });

  it("accept an operator CUIT whose check digit matches", () => {
    const { env } = parseConfig({ DATA_DIR: dataDir(), ISSUER_OPERATOR_CUIT: "30-71234567-1" });
    expect(env.ISSUER_OPERATOR_CUIT).toBe("30-71234567-1");
  });

  it("stop start-up on a CUIT with a wrong check digit or form, naming the variable", () => {
    expect(() => parseConfig({ DATA_DIR: dataDir(), ISSUER_OPERATOR_CUIT: "30-71234567-2" })).toThrow(
      /ISSUER_OPERATOR_CUIT: the check digit does not match/,
    );
    expect(() => parseConfig({ DATA_DIR: dataDir(), ISSUER_OPERATOR_CUIT: "30712345671" })).toThrow(
      /ISSUER_OPERATOR_CUIT: expected NN-NNNNNNNN-N/,
    );
  });

  it("stop start-up on a malformed contact e-mail or issuer type", () => {
    expect(() => parseConfig({ DATA_DIR: dataDir(), ISSUER_CONTACT_EMAIL: "ops at example" })).toThrow(
      /ISSUER_CONTACT_EMAIL/,
    );
    expect(() => parseConfig({ DATA_DIR: dataDir(), ISSUER_TYPE: "Sociedad IA" })).toThrow(/ISSUER_TYPE/);
  });
});
