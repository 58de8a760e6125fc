import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config/config";
import { httpTimeouts } from "@/scripts/http-timeouts.mjs";
import { tempDir } from "../support/temp-dir";

describe("the HTTP server's time-outs for requests still arriving", () => {
  it("are 20 s for the headers and 30 s in all, checked every 5 s, unless configured", () => {
    expect(httpTimeouts({})).toEqual({
      headersTimeout: 20_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 5_000,
    });
  });

  it("take the configured values, and are checked often enough to keep a short one", () => {
    expect(httpTimeouts({ HTTP_HEADERS_TIMEOUT: "2s", HTTP_REQUEST_TIMEOUT: "3s" })).toEqual({
      headersTimeout: 2_000,
      requestTimeout: 3_000,
      connectionsCheckingInterval: 500,
    });
    expect(httpTimeouts({ HTTP_HEADERS_TIMEOUT: "1m", HTTP_REQUEST_TIMEOUT: "2m" })).toMatchObject({
      headersTimeout: 60_000,
      requestTimeout: 120_000,
      connectionsCheckingInterval: 5_000,
    });
  });

  it("read every duration the configuration accepts as the configuration reads it", () => {
    const dataDir = tempDir("sia-http-timeouts-");
    for (const value of ["1s", "1500ms", "45s", "10m", "2 s"]) {
      const env = { HTTP_HEADERS_TIMEOUT: value, HTTP_REQUEST_TIMEOUT: "10m" };
      const config = parseConfig({ DATA_DIR: dataDir, ...env });
      expect({
        value,
        ms: httpTimeouts({ HTTP_HEADERS_TIMEOUT: config.env.HTTP_HEADERS_TIMEOUT }).headersTimeout,
      }).toEqual({
        value,
        ms: { "1s": 1_000, "1500ms": 1_500, "45s": 45_000, "10m": 600_000, "2 s": 2_000 }[value],
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
