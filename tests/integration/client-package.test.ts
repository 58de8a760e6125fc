import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type PublicJwk, verifyPackageProvenance } from "@sociedades-ia/incorporate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { tempDir } from "../support/temp-dir";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, "packages/incorporate/package.json"), "utf8"));

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read back from the server.
type Json = Record<string, any>;

let app: AppServer;
let info: Json;
let jwks: { keys: PublicJwk[] };
let tarball: Uint8Array;
const temps: string[] = [];
beforeAll(async () => {
  app = await startApp();
  const res = await fetch(`${app.url}/api/packages/incorporate`);
  expect(res.status).toBe(200);
  info = await res.json();
  jwks = await (await fetch(`${app.url}/.well-known/jwks.json`)).json();
  const download = await fetch(info.tarball);
  expect(download.status).toBe(200);
  tarball = new Uint8Array(await download.arrayBuffer());
});
afterAll(async () => {
  await app?.stop();
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the client package served until it is on npm", () => {
  it("names the package, its tarball URL and the SHA-512 integrity of exactly the bytes served", () => {
    expect(info).toMatchObject({ name: PKG.name, version: PKG.version });
    const file = `${PKG.name.replace(/^@/, "").replace("/", "-")}-${PKG.version}.tgz`;
    expect(info.tarball).toBe(`${app.url}/packages/${file}`);
    expect(info.size).toBe(tarball.length);
    expect(info.integrity).toBe(`sha512-${createHash("sha512").update(tarball).digest("base64")}`);
    expect(info.install).toBe(`npm install ${info.tarball}`);
    expect(info.whenPublished).toBe(`npm install ${PKG.name} && npm audit signatures`);
  });

  it("is the reproducible pack of packages/incorporate: packing again gives the same bytes", () => {
    // Packed from a copy, so that this test never touches packages/incorporate/dist, which other
    // test files pack from at the same time.
    const copy = tempDir("pack-");
    temps.push(copy);
    const source = path.join(ROOT, "packages/incorporate");
    // What the pack holds besides dist (package.json's `files`), and what builds dist.
    const files = (JSON.parse(fs.readFileSync(path.join(source, "package.json"), "utf8")).files as string[]).filter(
      (name) => name !== "dist",
    );
    for (const name of new Set(["src", "package.json", "tsconfig.build.json", "README.md", "LICENSE", ...files])) {
      fs.cpSync(path.join(source, name), path.join(copy, name), { recursive: true });
    }
    execFileSync(path.join(ROOT, "node_modules/.bin/tsc"), ["-p", path.join(copy, "tsconfig.build.json")]);
    const json = execFileSync("npm", ["pack", "--json", "--ignore-scripts"], {
      cwd: copy,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const [{ filename, integrity }] = JSON.parse(json);
    expect(info.tarball.endsWith(`/${filename}`)).toBe(true);
    expect(integrity).toBe(info.integrity);
  });

  it("carries an in-toto statement for the tarball's name and digest, signed with a published key", async () => {
    const { statement, jws } = info.provenance;
    expect(statement._type).toBe("https://in-toto.io/Statement/v1");
    expect(statement.subject).toEqual([
      { name: info.tarball.split("/").pop(), digest: { sha512: createHash("sha512").update(tarball).digest("hex") } },
    ]);
    expect(info.provenance.jwks).toBe(`${app.url}/.well-known/jwks.json`);
    const checked = await verifyPackageProvenance(jws, { jwks, tarball, name: statement.subject[0].name });
    expect(checked).toMatchObject({ ok: true, signatureValid: true, keyFound: true, error: null });
    expect(checked.statement).toEqual(statement);
    expect(checked.kid).toBe(jwks.keys[0]?.kid);
    // npm's integrity string (as package-lock.json records it) checks the same.
    expect((await verifyPackageProvenance(jws, { jwks, integrity: info.integrity })).ok).toBe(true);
  });

  it("fails the check for an altered tarball, another key, or an altered statement", async () => {
    const { jws } = info.provenance;
    const altered = tarball.slice();
    altered[100] = (altered[100] as number) ^ 1;
    const wrongBytes = await verifyPackageProvenance(jws, { jwks, tarball: altered });
    expect(wrongBytes).toMatchObject({ ok: false, signatureValid: true });
    expect(wrongBytes.error).toMatch(/no subject/);

    const other = await startApp();
    try {
      const otherKeys = await (await fetch(`${other.url}/.well-known/jwks.json`)).json();
      const foreign = await verifyPackageProvenance(jws, { jwks: otherKeys, tarball });
      expect(foreign).toMatchObject({ ok: false, keyFound: false });
    } finally {
      await other.stop();
    }

    const [h, p, s] = jws.split(".");
    const payload = JSON.parse(Buffer.from(p, "base64url").toString("utf8"));
    payload.subject[0].name = "other.tgz";
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${s}`;
    expect(await verifyPackageProvenance(forged, { jwks, tarball })).toMatchObject({
      ok: false,
      signatureValid: false,
    });
    expect((await verifyPackageProvenance(jws, { jwks, tarball, name: "other.tgz" })).ok).toBe(false);
  });

  it("installs with npm install <url>, and the installed client works against the server", async () => {
    const dir = tempDir("install-");
    temps.push(dir);
    fs.writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: "consumer", private: true, type: "module" }),
    );
    // The package has no dependencies: the registry is pointed at a closed port to show npm needs only the URL.
    execFileSync(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--registry",
        "http://127.0.0.1:9/",
        "--cache",
        path.join(dir, ".npm"),
        info.tarball,
      ],
      { cwd: dir, stdio: "pipe", timeout: 120_000 },
    );
    const installed = JSON.parse(
      fs.readFileSync(path.join(dir, "node_modules", ...PKG.name.split("/"), "package.json"), "utf8"),
    );
    expect(installed).toMatchObject({ name: PKG.name, version: PKG.version });
    const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8"));
    expect(lock.packages[`node_modules/${PKG.name}`]).toMatchObject({
      resolved: info.tarball,
      integrity: info.integrity,
    });
    expect(installed.dependencies ?? {}).toEqual({});
    const script = `import { describe, verifyAuditLog, IncorporateError } from "${PKG.name}";
import { verifyAuditLog as v2 } from "${PKG.name}/verify";
const d = await describe({ baseUrl: process.argv[1] });
const r = await verifyAuditLog({ sessionId: "abcdefgh", entries: [] });
console.log(d.endpoint, typeof IncorporateError, v2 === verifyAuditLog, r.ok, r.total, r.tampered);`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script, app.url], {
      cwd: dir,
      encoding: "utf8",
    });
    // Checked with neither keys nor secrets, nothing ties a log to the service: never ok.
    expect(out.trim()).toBe(`${app.url}/api/auto-incorporate function true false 0 0`);
  });
});
