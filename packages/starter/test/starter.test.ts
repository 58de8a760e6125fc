import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditPaths } from "@/lib/audit/paths";
import { expandUriTemplate } from "@/lib/certifier/expand-uri-template";
import { validateManifest } from "@/lib/certifier/validate-manifest";
import { COMPANY_ENV_VARS } from "@/lib/incorporation/env-vars";
import { generateFiles } from "@/lib/incorporation/generate-files";
import { tempDir } from "../../../tests/support/temp-dir";
import { COMPANY } from "../lib/agent";
import {
  COMPANY_FIELDS,
  MANIFEST_PATH,
  SERVICE_PATHS,
  STARTER_ENV,
  STARTER_SCRIPTS,
  STARTER_VERSIONS,
} from "../lib/contract";
import { currentManifest, readSettings } from "../lib/manifest";
import { STARTER_PLACEHOLDER } from "./placeholder-company";

const STARTER = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(STARTER, file), "utf8");
const KEY = { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo", kid: "test-kid" };

// A real audit service stand-in for the one call the manifest makes: its JWKS.
let jwksServer: http.Server;
let jwksUrl = "";
let jwksStatus = 200;
beforeAll(async () => {
  jwksServer = http.createServer((req, res) => {
    if (req.url !== SERVICE_PATHS.jwks) return res.writeHead(404).end();
    res.writeHead(jwksStatus, { "content-type": "application/json" }).end(JSON.stringify({ keys: [KEY] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

const env = () => ({
  [STARTER_ENV.registryId]: "ejemplo-automatizada-sociedad-ia-0123456789",
  [STARTER_ENV.auditBaseUrl]: `${jwksUrl}/`,
  [STARTER_ENV.auditSessionId]: "3f2c9a4e-1b7d-4c3e-9f60-0d8b2a1c5e77",
  [STARTER_ENV.auditSessionToken]: "secret-write-token",
  [STARTER_ENV.operatorCuit]: "30-71234567-1",
});

describe("the starter and the generated files agree", () => {
  it("carries as placeholders exactly the lib/agent.ts and .env.example the generator makes", () => {
    const files = generateFiles(STARTER_PLACEHOLDER.request, STARTER_PLACEHOLDER.context);
    expect(read("lib/agent.ts")).toBe(files["lib/agent.ts"]);
    expect(read(".env.example")).toBe(files[".env.example"]);
    expect(Object.keys(COMPANY)).toEqual([...COMPANY_FIELDS]);
  });

  it("reads only variables the incorporation lists, and the generated .env.example names them all", () => {
    const listed = COMPANY_ENV_VARS.map((v) => v.name) as string[];
    const envFile = generateFiles(STARTER_PLACEHOLDER.request, STARTER_PLACEHOLDER.context)[".env.example"];
    for (const name of Object.values(STARTER_ENV)) {
      expect(listed).toContain(name);
      expect(envFile).toMatch(new RegExp(`^${name}=$`, "m"));
    }
  });

  it("gives a generated package.json the scripts and pinned versions the starter builds with", () => {
    const own = JSON.parse(read("package.json"));
    const generated = JSON.parse(
      generateFiles(STARTER_PLACEHOLDER.request, STARTER_PLACEHOLDER.context)["package.json"],
    );
    expect(generated.scripts).toEqual(own.scripts);
    expect(own.scripts).toEqual(STARTER_SCRIPTS);
    const pinned = { ...own.dependencies, ...own.devDependencies };
    for (const [name, version] of Object.entries(STARTER_VERSIONS)) expect(pinned[name], name).toBe(version);
    expect(Object.keys(generated.dependencies).sort()).toEqual(Object.keys(own.dependencies).sort());
    expect(generated.type).toBe("module");
  });

  it("points at the service's real audit paths", () => {
    const id = "3f2c9a4e-1b7d";
    const paths = auditPaths(id);
    expect(expandUriTemplate(SERVICE_PATHS.auditRead, { sessionId: id })).toBe(paths.log);
    expect(expandUriTemplate(SERVICE_PATHS.auditVerify, { sessionId: id, verify: "1" })).toBe(paths.verified);
    expect(expandUriTemplate(SERVICE_PATHS.auditCsv, { sessionId: id })).toBe(paths.csv);
    expect(expandUriTemplate(SERVICE_PATHS.auditStream, { sessionId: id })).toBe(paths.stream);
    expect(expandUriTemplate(SERVICE_PATHS.verifyBadge, { sessionId: id })).toBe(paths.badge);
    expect(expandUriTemplate(SERVICE_PATHS.dashboard, { sessionId: id })).toBe(paths.dashboard);
    expect(fs.existsSync(path.join(STARTER, "app", MANIFEST_PATH, "route.ts"))).toBe(true);
  });
});

describe("the starter's manifest", () => {
  it("is valid against schemas/agents.v1.json and names the listing, the CUIT, the sample session and the key", async () => {
    const manifest = await currentManifest(env());
    expect(validateManifest(manifest)).toEqual([]);
    expect(manifest.issuer).toEqual({
      jurisdiction: "AR",
      type: "sociedad-ia",
      denominacion: COMPANY.denominacion,
      operatorCuit: "30-71234567-1",
      registryId: "ejemplo-automatizada-sociedad-ia-0123456789",
      publicKey: KEY,
    });
    expect(manifest.auditSample).toEqual({ sessionId: "3f2c9a4e-1b7d-4c3e-9f60-0d8b2a1c5e77" });
    // The trailing slash of AUDIT_BASE_URL is not doubled.
    expect(manifest.auditEndpoints.auditRead).toBe(`${jwksUrl}/api/play/audit/{sessionId}`);
  });

  it("names every missing variable at once instead of publishing a partial manifest", async () => {
    const partial: Record<string, string | undefined> = env();
    delete partial[STARTER_ENV.registryId];
    delete partial[STARTER_ENV.operatorCuit];
    expect(() => readSettings(partial)).toThrow("Not set: REGISTRY_ID, OPERATOR_CUIT (see .env.example)");
    await expect(currentManifest(partial)).rejects.toThrow(/REGISTRY_ID, OPERATOR_CUIT/);
  });

  it("fails with the audit service's status when its key cannot be read", async () => {
    jwksStatus = 503;
    try {
      await expect(currentManifest(env())).rejects.toThrow(
        "/.well-known/jwks.json of the audit service answered HTTP 503",
      );
    } finally {
      jwksStatus = 200;
    }
  });
});

/** Runs scripts/act.mjs of a copy of the starter under this Node, as `npm run act` does. */
function act(dir: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(dir, "scripts/act.mjs"), ...args],
      { cwd: dir, env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env } },
      (err, stdout, stderr) => resolve({ code: err ? (err.code as number) : 0, stdout, stderr }),
    );
  });
}

describe("the act script", () => {
  // A copy outside the workspace: a usage error must not need the client library installed.
  const copy = () => {
    const dir = tempDir("sia-act-");
    fs.cpSync(path.join(STARTER, "scripts"), path.join(dir, "scripts"), { recursive: true });
    return dir;
  };

  it("is what `npm run act` runs, with plain node", () => {
    expect(JSON.parse(read("package.json")).scripts.act).toBe("node scripts/act.mjs");
  });

  it("asks for an instruction and changes nothing without one", async () => {
    const run = await act(copy(), []);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: npm run act -- "<instruction>"');
    expect(run.stdout).toBe("");
  });

  it("names every audit variable of the contract that is missing", async () => {
    const run = await act(copy(), ["Validá el CUIT 20-17254359-7"]);
    expect(run.code).toBe(2);
    const names = [STARTER_ENV.auditBaseUrl, STARTER_ENV.auditSessionId, STARTER_ENV.auditSessionToken];
    expect(run.stderr.trim()).toBe(`Not set: ${names.join(", ")} (see .env.example)`);
  });

  it("reads the project's .env, the process's environment winning", async () => {
    const dir = copy();
    fs.writeFileSync(
      path.join(dir, ".env"),
      [
        `${STARTER_ENV.auditBaseUrl}=http://127.0.0.1:9`,
        `${STARTER_ENV.auditSessionId}=from-file`,
        `${STARTER_ENV.auditSessionToken}=from-file`,
      ].join("\n"),
    );
    // The environment's empty token overrides the file's: only it is missing.
    const run = await act(dir, ["hola"], { [STARTER_ENV.auditSessionToken]: "" });
    expect(run.stderr.trim()).toBe(`Not set: ${STARTER_ENV.auditSessionToken} (see .env.example)`);
  });
});
