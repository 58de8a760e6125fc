// Attack: path tricks in the ids of every route that takes one (traversal, encoded slashes and
// dots, NUL bytes, very long ids, look-alike characters, header injection). Each is a clear 400 or
// 404 (a problem, the badge's own SVG, or a page saying so), no file outside its folder is read, and
// nothing is written: the embedded store's log does not grow by a byte.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { rawHttp, registrySnapshot } from "../support/attack-client";

let app: AppServer;
beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMIT_REGISTRY: "1000/1m", RATE_LIMIT_CERTIFIER: "1000/1m" } });
  await registrySnapshot(app.url); // the first registry read writes the seed records
});
afterAll(async () => {
  await app?.stop();
});

/** Path segments as sent (already percent-encoded where shown), none a valid session, record or schema id. */
const HOSTILE_IDS: [string, string][] = [
  ["traversal, slashes encoded", "..%2F..%2F..%2Fetc%2Fpasswd"],
  ["traversal, dots and slashes encoded", "%2e%2e%2f%2e%2e%2f.data%2fsecrets.json"],
  ["traversal, double-encoded", "..%252F..%252Fpackage.json"],
  ["backslash traversal", "..%5C..%5Cpackage.json"],
  ["an encoded slash inside an id", "demo-dao-wyoming%2Fclaim"],
  ["a NUL byte at the end", "agents.v1.json%00"],
  ["a NUL byte before an extension", "abcdefgh%00.json"],
  ["a very long id", "a".repeat(4000)],
  ["a Cyrillic look-alike letter", "demo-dao-wyom%D1%96ng"],
  ["a fullwidth look-alike letter", "%EF%BD%81gents.v1.json"],
  ["a right-to-left override", "%E2%80%AEabcdefgh"],
  ["a zero-width space", "abcdefgh%E2%80%8B"],
  ["CR LF and a header", "abcdefgh%0D%0ASet-Cookie:%20stolen=1"],
  ["markup", "abcdefgh%3Cscript%3E"],
  ["a space", "abcd%20efgh"],
];

type Expectation = "invalid_session_id" | "badge" | "not_found" | "page";
const ROUTES: [method: string, template: string, expect: Expectation][] = [
  ["GET", "/api/play/audit/{id}", "invalid_session_id"],
  ["GET", "/api/play/audit/{id}?verify=1", "invalid_session_id"],
  ["GET", "/api/play/audit/{id}/csv", "invalid_session_id"],
  ["GET", "/api/play/audit/{id}/stream?maxSeconds=1", "invalid_session_id"],
  ["GET", "/api/badge/{id}", "badge"],
  ["GET", "/api/registry/{id}", "not_found"],
  ["PATCH", "/api/registry/{id}", "not_found"],
  ["GET", "/api/registry/{id}/report", "not_found"],
  ["POST", "/api/registry/{id}/certify", "not_found"],
  ["POST", "/api/registry/{id}/claim", "not_found"],
  ["GET", "/schemas/{id}", "not_found"],
  ["GET", "/dashboard/{id}", "page"],
];

/** Text that must never appear in an answer: bits of files outside the folders the routes serve. */
function forbiddenText(): string[] {
  const secrets = JSON.parse(fs.readFileSync(path.join(app.dataDir, "secrets.json"), "utf8"));
  return ['"name": "sociedades-ia"', "root:x:0:0", secrets.hmacSecret, secrets.signingKey.d];
}

const storeSize = () => fs.statSync(path.join(app.dataDir, "store.log")).size;

describe("hostile ids on every route with an id", () => {
  it("are refused clearly, read no file outside their folder and write nothing", async () => {
    const forbidden = forbiddenText();
    const [sizeBefore, registryBefore] = [storeSize(), await registrySnapshot(app.url)];
    for (const [method, template, expected] of ROUTES) {
      for (const [name, id] of HOSTILE_IDS) {
        const label = `${method} ${template} with ${name}`;
        const res = await fetch(`${app.url}${template.replace("{id}", id)}`, {
          method,
          headers: { authorization: "Bearer some-token", "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
          redirect: "manual",
        });
        const text = await res.text();
        const type = res.headers.get("content-type") ?? "";
        for (const secret of forbidden) expect(text, label).not.toContain(secret);
        expect(res.headers.get("set-cookie"), label).toBeNull();
        if (expected === "page") {
          expect(res.status, label).toBe(404);
          expect(type, label).toMatch(/^text\/html/);
          expect(text, label).toContain("No hay ninguna sesión con ese identificador");
        } else if (expected === "badge") {
          expect(res.status, label).toBe(400);
          expect(type, label).toMatch(/^image\/svg\+xml/);
          expect(text, label).toContain("invalid session id");
        } else {
          expect(res.status, label).toBe(expected === "not_found" ? 404 : 400);
          expect(type, label).toBe("application/problem+json");
          expect(JSON.parse(text).code, label).toBe(expected);
        }
      }
    }
    expect(storeSize()).toBe(sizeBefore);
    expect(await registrySnapshot(app.url)).toEqual(registryBefore);
  });

  it("dot segments sent as they are never leave the site's routes", async () => {
    const forbidden = forbiddenText();
    const sizeBefore = storeSize();
    for (const target of [
      "/schemas/../package.json",
      "/schemas/%2e%2e/package.json",
      "/api/play/audit/%2e%2e/%2e%2e/%2e%2e/.data/secrets.json",
      "/api/registry/../../../etc/passwd",
      "/dashboard/%2e%2e/%2e%2e/.data/secrets.json",
      "/test-vectors/..%2f..%2fpackage.json",
      "/_next/static/..%2f..%2f..%2fpackage.json",
    ]) {
      const answer = await rawHttp(app.port, `GET ${target} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n`);
      expect([308, 400, 404], target).toContain(answer.status);
      for (const secret of forbidden) expect(answer.body, target).not.toContain(secret);
    }
    expect(storeSize()).toBe(sizeBefore);
  });

  it("an unknown path under /api is a 404 problem, whatever the method", async () => {
    for (const [method, target] of [
      ["GET", "/api/registry/demo-dao-wyoming/owner-token"],
      ["POST", "/api/registry/demo-dao-wyoming/delete"],
      ["DELETE", "/api/play/audit/abcdefgh/entries"],
      ["PUT", "/api/nothing-here"],
    ]) {
      const res = await fetch(`${app.url}${target}`, { method });
      expect(res.status, `${method} ${target}`).toBe(404);
      expect(res.headers.get("content-type"), `${method} ${target}`).toBe("application/problem+json");
      expect((await res.json()).code).toBe("not_found");
    }
  });
});
