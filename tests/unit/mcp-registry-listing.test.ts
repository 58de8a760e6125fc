import fs from "node:fs";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config/config";
import { buildServerCard } from "@/lib/discovery/server-card";
import { serviceInfo } from "@/lib/discovery/service-info";
import { buildRegistryServerJson, SERVER_JSON_SCHEMA } from "@/lib/mcp/registry-server-json";
import pkg from "@/package.json" with { type: "json" };
import { tempDir } from "../support/temp-dir";

// The MCP Registry's published schema (draft-07), as the registry repository generates it.
const schema = JSON.parse(fs.readFileSync("tests/fixtures/mcp-registry/server.schema.2025-12-11.json", "utf8"));
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
const committed = JSON.parse(fs.readFileSync("server.json", "utf8"));

describe("server.json, the MCP Registry entry", () => {
  it("is valid under the registry's published schema, as committed and as built for any origin", () => {
    expect(schema.$id).toBe(SERVER_JSON_SCHEMA);
    expect(validate(committed), JSON.stringify(validate.errors)).toBe(true);
    for (const base of ["https://registro.example.com.ar", "https://sociedades-ia.example:8443/"]) {
      const built = buildRegistryServerJson(base, serviceInfo());
      expect(validate(built), JSON.stringify(validate.errors)).toBe(true);
    }
    // The schema can fail: a name outside the registry's pattern, a description over its limit.
    expect(validate({ ...committed, name: "no slash" })).toBe(false);
    expect(validate({ ...committed, description: "x".repeat(101) })).toBe(false);
  });

  it("names the server in its own domain's namespace, with this release's version, and is not stale", () => {
    const remote = new URL(committed.remotes[0].url);
    expect(remote.pathname).toBe("/mcp");
    expect(committed.name).toBe(`${remote.hostname.split(".").reverse().join(".")}/mcp`);
    expect(committed.version).toBe(pkg.version);
    expect(committed).toEqual(buildRegistryServerJson(remote.origin, serviceInfo()));
    // The server card of the same deployment names the same server.
    expect(buildServerCard(remote.origin, serviceInfo()).name).toBe(committed.name);
  });
});

describe("MCP_REGISTRY_AUTH", () => {
  const dir = () => tempDir("sia-mcp-auth-");
  const ed25519 = `v=MCPv1; k=ed25519; p=${Buffer.alloc(32, 7).toString("base64")}`;

  it("takes the registry's proof record for an Ed25519 or a P-384 key", () => {
    expect(parseConfig({ DATA_DIR: dir(), MCP_REGISTRY_AUTH: ed25519 }).env.MCP_REGISTRY_AUTH).toBe(ed25519);
    const p384 = `v=MCPv1; k=ecdsap384; p=${Buffer.alloc(49, 2).toString("base64")}`;
    expect(parseConfig({ DATA_DIR: dir(), MCP_REGISTRY_AUTH: p384 }).env.MCP_REGISTRY_AUTH).toBe(p384);
  });

  it("refuses anything else at start-up, naming the variable and the form", () => {
    const bad = [
      `v=MCPv2; k=ed25519; p=${Buffer.alloc(32).toString("base64")}`,
      `v=MCPv1; k=ed25519; p=${Buffer.alloc(31).toString("base64")}`,
      `v=MCPv1; k=rsa; p=${Buffer.alloc(32).toString("base64")}`,
      `${ed25519}\nv=MCPv1; k=ed25519; p=AAAA`,
      "p=not base64!",
    ];
    for (const value of bad) {
      expect(() => parseConfig({ DATA_DIR: dir(), MCP_REGISTRY_AUTH: value }), value).toThrow(
        /MCP_REGISTRY_AUTH: expected 'v=MCPv1; k=ed25519; p=/,
      );
    }
  });
});
