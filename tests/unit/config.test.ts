import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, envSchema, parseConfig } from "@/lib/config/config";
import { generateSignerKey } from "@/lib/identity/note-key";
import { tempDir } from "../support/temp-dir";

const tmp = () => tempDir("sia-config-");
const SIGNING_KEY = JSON.stringify({
  kty: "OKP",
  crv: "Ed25519",
  d: "PE9ZbIhsghcmIWtikGnbIRqm-dRnUpTEk9LF3qpuj64",
  x: "X8PasQ13ykLbuMRBgQvhIJV5kFcCjc-A0l7k46DwWP4",
});

describe("configuration", () => {
  it("runs with no configuration at all on the embedded store, generating its secrets once", () => {
    const dir = tmp();
    const config = parseConfig({ DATA_DIR: dir });
    expect(config.store).toEqual({ backend: "embedded", dataDir: dir, compactMinBytes: 64 * 1024 * 1024 });
    expect(config.rateLimits.play).toEqual({ count: 20, window: "1 m", windowMs: 60_000 });
    const file = path.join(dir, "secrets.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = parseConfig({ DATA_DIR: dir });
    expect(again.secrets.hmac).toEqual(config.secrets.hmac);
    expect(again.secrets.signingKey).toEqual(config.secrets.signingKey);
  });

  it("names the variable and the expected form when a value is bad", () => {
    expect(() => parseConfig({ DATA_DIR: tmp(), RATE_LIMIT_PLAY: "lots" })).toThrow(
      /RATE_LIMIT_PLAY: expected <count>\/<window>/,
    );
    expect(() => parseConfig({ DATA_DIR: tmp(), TRUSTED_PROXY_HOPS: "-1" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => parseConfig({ DATA_DIR: tmp(), UPSTASH_REDIS_REST_URL: "not a url" })).toThrow(
      /UPSTASH_REDIS_REST_URL/,
    );
    expect(() => parseConfig({ DATA_DIR: tmp(), AUDIT_HMAC_SECRET: "short" })).toThrow(
      /AUDIT_HMAC_SECRET: must be at least 32 bytes/,
    );
    expect(() => parseConfig({ DATA_DIR: tmp(), AUDIT_SIGNING_KEY: "{}" })).toThrow(/AUDIT_SIGNING_KEY/);
    expect(() => parseConfig({ DATA_DIR: tmp(), AUDIT_HMAC_RETIRED_KEYS: '{"old":"x"}' })).toThrow(
      /AUDIT_HMAC_RETIRED_KEYS.old/,
    );
  });

  it("gives a slow request 20 s for its headers and 30 s in all, and refuses time-outs Node cannot take", () => {
    expect(parseConfig({ DATA_DIR: tmp() }).env).toMatchObject({
      HTTP_HEADERS_TIMEOUT: "20s",
      HTTP_REQUEST_TIMEOUT: "30s",
    });
    expect(() => parseConfig({ DATA_DIR: tmp(), HTTP_HEADERS_TIMEOUT: "500ms" })).toThrow(
      /HTTP_HEADERS_TIMEOUT: between 1s and 10m/,
    );
    expect(() => parseConfig({ DATA_DIR: tmp(), HTTP_REQUEST_TIMEOUT: "soon" })).toThrow(
      /HTTP_REQUEST_TIMEOUT: expected a duration/,
    );
    expect(() => parseConfig({ DATA_DIR: tmp(), HTTP_HEADERS_TIMEOUT: "40s" })).toThrow(
      /HTTP_HEADERS_TIMEOUT: longer than HTTP_REQUEST_TIMEOUT \(40s > 30s\)/,
    );
  });

  it("gives the certifier 8 s per request and 25 s per certification unless told, at most 50 s", () => {
    expect(parseConfig({ DATA_DIR: tmp() }).certifier).toEqual({ requestTimeoutMs: 8_000, budgetMs: 25_000 });
    expect(parseConfig({ DATA_DIR: tmp(), CERTIFIER_TIMEOUT: "15s", CERTIFIER_BUDGET: "45s" }).certifier).toEqual({
      requestTimeoutMs: 15_000,
      budgetMs: 45_000,
    });
    expect(() => parseConfig({ DATA_DIR: tmp(), CERTIFIER_BUDGET: "2m" })).toThrow(
      /CERTIFIER_BUDGET: between 1s and 50s/,
    );
    expect(() => parseConfig({ DATA_DIR: tmp(), CERTIFIER_TIMEOUT: "100ms" })).toThrow(
      /CERTIFIER_TIMEOUT: between 1s and 50s/,
    );
  });

  it("runs background timers unless BACKGROUND_TIMERS=off, and refuses any other value", () => {
    expect(parseConfig({ DATA_DIR: tmp() }).backgroundTimers).toBe(true);
    expect(parseConfig({ DATA_DIR: tmp(), BACKGROUND_TIMERS: "off" }).backgroundTimers).toBe(false);
    expect(() => parseConfig({ DATA_DIR: tmp(), BACKGROUND_TIMERS: "no" })).toThrow(/BACKGROUND_TIMERS: on or off/);
  });

  it("serves the MCP conformance fixtures only with MCP_CONFORMANCE_FIXTURES=on, and refuses any other value", () => {
    expect(parseConfig({ DATA_DIR: tmp() }).mcpConformanceFixtures).toBe(false);
    expect(parseConfig({ DATA_DIR: tmp(), MCP_CONFORMANCE_FIXTURES: "on" }).mcpConformanceFixtures).toBe(true);
    expect(() => parseConfig({ DATA_DIR: tmp(), MCP_CONFORMANCE_FIXTURES: "yes" })).toThrow(
      /MCP_CONFORMANCE_FIXTURES: on or off/,
    );
  });

  it("reports every bad variable at once", () => {
    try {
      parseConfig({ DATA_DIR: tmp(), RATE_LIMIT_PLAY: "x", RATE_LIMIT_REGISTRY: "0/1m" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(/RATE_LIMIT_PLAY/);
      expect((err as Error).message).toMatch(/RATE_LIMIT_REGISTRY/);
    }
  });

  it("uses Upstash when both its variables are set, and Vercel's KV names too", () => {
    const secrets = {
      AUDIT_HMAC_SECRET: "s".repeat(32),
      AUDIT_SIGNING_KEY: SIGNING_KEY,
      TLOG_SIGNING_KEY: generateSignerKey("sociedades-ia.localhost/log"),
    };
    const upstash = parseConfig({
      UPSTASH_REDIS_REST_URL: "https://x.upstash.io",
      UPSTASH_REDIS_REST_TOKEN: "t",
      ...secrets,
    });
    expect(upstash.store).toEqual({ backend: "upstash", url: "https://x.upstash.io", token: "t" });
    const kv = parseConfig({ KV_REST_API_URL: "https://kv.example", KV_REST_API_TOKEN: "k", ...secrets });
    expect(kv.store.backend).toBe("upstash");
    expect(() => parseConfig({ UPSTASH_REDIS_REST_URL: "https://x.upstash.io", ...secrets })).toThrow(
      /set both or neither/,
    );
  });

  it("refuses the embedded store on Vercel, whose disk is neither durable nor shared", () => {
    expect(() => parseConfig({ DATA_DIR: tmp(), VERCEL: "1" })).toThrow(/required on Vercel/);
  });

  it("takes only VERCEL=1, Vercel's own value, for being on Vercel", () => {
    for (const value of ["0", "false", "yes"]) {
      expect(parseConfig({ DATA_DIR: tmp(), VERCEL: value }).env.VERCEL, value).toBe(false);
    }
  });

  it("names a bad secret and its length in the error, never its value", () => {
    const secret = "s3cr3t-value-too-short";
    let message = "";
    try {
      parseConfig({ DATA_DIR: tmp(), REGISTRY_ADMIN_TOKEN: secret, ISSUER_TYPE: "Not Valid" });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain(`REGISTRY_ADMIN_TOKEN: must be at least 32 characters`);
    expect(message).toContain(`a value of ${secret.length} characters, not shown`);
    expect(message).not.toContain(secret);
    // Values that are not secrets are shown, so the mistake can be seen.
    expect(message).toContain('ISSUER_TYPE: lowercase words joined by -, e.g. sociedad-ia (got "Not Valid")');
  });

  it("never defaults secrets for a shared store", () => {
    const base = {
      NODE_ENV: "production",
      UPSTASH_REDIS_REST_URL: "https://x.upstash.io",
      UPSTASH_REDIS_REST_TOKEN: "t",
    };
    expect(() => parseConfig(base)).toThrow(/AUDIT_HMAC_SECRET and AUDIT_SIGNING_KEY: required/);
    expect(() => parseConfig({ ...base, AUDIT_HMAC_SECRET: "s".repeat(32) })).toThrow(/AUDIT_SIGNING_KEY: required/);
  });

  it("keeps retired HMAC keys for verification while signing with the current one", () => {
    const config = parseConfig({
      DATA_DIR: tmp(),
      AUDIT_HMAC_SECRET: "n".repeat(40),
      AUDIT_HMAC_KID: "k2",
      AUDIT_HMAC_RETIRED_KEYS: JSON.stringify({ k1: "o".repeat(40) }),
      AUDIT_SIGNING_KEY: SIGNING_KEY,
    });
    expect(config.secrets.hmac.currentKid).toBe("k2");
    expect(config.secrets.hmac.keys.k1).toBe("o".repeat(40));
    expect(config.secrets.hmac.keys.k2).toBe("n".repeat(40));
    expect(config.secrets.source).toBe("env");
  });

  it("names the transparency log after PUBLIC_BASE_URL, never a request, and checks its key's name", () => {
    const dataDir = tmp();
    const deployed = parseConfig({ DATA_DIR: dataDir, PUBLIC_BASE_URL: "https://registro.example/" });
    expect(deployed.tlog.origin).toBe("registro.example/log");
    expect(deployed.tlog.signerKey).toMatch(/^PRIVATE\+KEY\+registro\.example\/log\+[0-9a-f]{8}\+/);
    // Generated once per origin under DATA_DIR, and kept.
    expect(parseConfig({ DATA_DIR: dataDir, PUBLIC_BASE_URL: "https://registro.example" }).tlog.signerKey).toBe(
      deployed.tlog.signerKey,
    );
    expect(parseConfig({ DATA_DIR: tmp(), TLOG_ORIGIN: "log.example/a" }).tlog.origin).toBe("log.example/a");
    expect(() => parseConfig({ DATA_DIR: tmp(), TLOG_ORIGIN: "has space" })).toThrow(/TLOG_ORIGIN/);

    const key = generateSignerKey("other.example/log");
    expect(() =>
      parseConfig({ DATA_DIR: tmp(), PUBLIC_BASE_URL: "https://registro.example", TLOG_SIGNING_KEY: key }),
    ).toThrow(/TLOG_SIGNING_KEY: the key is named other\.example\/log, but the log's origin is registro\.example\/log/);
    // Without a configured origin, the key's name is the origin.
    expect(parseConfig({ DATA_DIR: tmp(), TLOG_SIGNING_KEY: key }).tlog.origin).toBe("other.example/log");
    expect(() => parseConfig({ DATA_DIR: tmp(), TLOG_SIGNING_KEY: "PRIVATE+KEY+x" })).toThrow(
      /TLOG_SIGNING_KEY: expected/,
    );
    const wrongId = key.replace(/\+[0-9a-f]{8}\+/, "+00000000+");
    expect(() => parseConfig({ DATA_DIR: tmp(), TLOG_ORIGIN: "other.example/log", TLOG_SIGNING_KEY: wrongId })).toThrow(
      /key id does not match/,
    );
    expect(() =>
      parseConfig({
        UPSTASH_REDIS_REST_URL: "https://x.upstash.io",
        UPSTASH_REDIS_REST_TOKEN: "t",
        AUDIT_HMAC_SECRET: "s".repeat(32),
        AUDIT_SIGNING_KEY: SIGNING_KEY,
      }),
    ).toThrow(/TLOG_SIGNING_KEY: required when the Upstash store is configured/);
  });

  it("names a log configured with no name after its own key, so that two such logs never collide", () => {
    const dir = tmp();
    const first = parseConfig({ DATA_DIR: dir }).tlog;
    const other = parseConfig({ DATA_DIR: tmp() }).tlog;
    expect(first.origin).toMatch(/^sociedades-ia\.localhost\/log\/[0-9a-f]{16}$/);
    expect(other.origin).toMatch(/^sociedades-ia\.localhost\/log\/[0-9a-f]{16}$/);
    expect(other.origin).not.toBe(first.origin);
    // The key is named by it, and kept: the same directory keeps its name.
    expect(first.signerKey.split("+")[2]).toBe(first.origin);
    expect(parseConfig({ DATA_DIR: dir }).tlog).toMatchObject({ origin: first.origin, signerKey: first.signerKey });

    // A data directory holding the key of the old shared default keeps that name and its log.
    const legacyDir = tmp();
    const legacy = parseConfig({ DATA_DIR: legacyDir, TLOG_ORIGIN: "sociedades-ia.localhost/log" }).tlog;
    expect(parseConfig({ DATA_DIR: legacyDir }).tlog).toMatchObject({
      origin: "sociedades-ia.localhost/log",
      signerKey: legacy.signerKey,
    });
  });

  it("refuses witnesses for a log with no public name, and says which variable to set", () => {
    const vkey = "w.example/a+01020304+BA==";
    expect(() => parseConfig({ DATA_DIR: tmp(), TLOG_WITNESSES: `${vkey} https://w.example` })).toThrow(
      /TLOG_WITNESSES: witnesses know a log by its public name, and this log has none\. Set TLOG_ORIGIN .* or PUBLIC_BASE_URL/,
    );
  });

  it(".env.example documents every variable the schema reads", () => {
    const example = fs.readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8");
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    for (const name of Object.keys(envSchema.shape)) expect(documented, name).toContain(name);
  });
});
