import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config/config";
import { generateSignerKey } from "@/lib/identity/note-key";
import { tempDir } from "../support/temp-dir";

const base = () => ({ DATA_DIR: tempDir("sia-registry-config-") });

describe("registry and certifier configuration", () => {
  it("keeps loopback closed, admin access absent and the cron route shut by default", () => {
    const { env } = parseConfig(base());
    expect(env.CERTIFIER_ALLOW_LOOPBACK).toBe("0");
    expect(env.REGISTRY_ADMIN_TOKEN).toBeUndefined();
    expect(env.CRON_SECRET).toBeUndefined();
  });

  it("refuses CERTIFIER_ALLOW_LOOPBACK on Vercel and allows it elsewhere, production included", () => {
    const onVercel = {
      VERCEL: "1",
      KV_REST_API_URL: "https://kv.example",
      KV_REST_API_TOKEN: "t",
      AUDIT_HMAC_SECRET: "s".repeat(32),
      AUDIT_SIGNING_KEY: JSON.stringify(generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" })),
      TLOG_SIGNING_KEY: generateSignerKey("sociedades-ia.localhost/log"),
    };
    expect(parseConfig(onVercel).env.CERTIFIER_ALLOW_LOOPBACK).toBe("0");
    expect(() => parseConfig({ ...onVercel, CERTIFIER_ALLOW_LOOPBACK: "1" })).toThrow(
      /CERTIFIER_ALLOW_LOOPBACK: refused on Vercel/,
    );
    const local = parseConfig({ ...base(), CERTIFIER_ALLOW_LOOPBACK: "1", NODE_ENV: "production" });
    expect(local.env.CERTIFIER_ALLOW_LOOPBACK).toBe("1");
    expect(() => parseConfig({ ...base(), CERTIFIER_ALLOW_LOOPBACK: "yes" })).toThrow(/CERTIFIER_ALLOW_LOOPBACK/);
  });

  it("refuses short admin tokens and cron secrets", () => {
    expect(() => parseConfig({ ...base(), REGISTRY_ADMIN_TOKEN: "short" })).toThrow(/REGISTRY_ADMIN_TOKEN/);
    expect(() => parseConfig({ ...base(), CRON_SECRET: "short" })).toThrow(/CRON_SECRET/);
  });
});
