// Attack: turning the certifier against the service's own network. Adds to registry-api.test.ts
// ("network safety of the certifier"): odd spellings of loopback and metadata addresses, IPv6 forms
// that carry IPv4, host names that resolve to loopback, other schemes, credentials, and redirects or
// manifest links that point inward. All refused with the reason, and a listener on this machine's
// loopback (IPv4 and IPv6) proves nothing connected.
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../support/app-server";
import { registrySnapshot } from "../support/attack-client";
import { callApi, listingBody } from "../support/registry-client";

/** A TCP listener on every loopback address that counts connections. */
async function connectionCounter() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "::", resolve)); // dual stack: 127.0.0.1 and ::1
  return {
    port: (server.address() as net.AddressInfo).port,
    count: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let counter: Awaited<ReturnType<typeof connectionCounter>>;
let app: AppServer;
beforeAll(async () => {
  counter = await connectionCounter();
  // The production policy: CERTIFIER_ALLOW_LOOPBACK is not set.
  app = await startApp({ env: { RATE_LIMIT_CERTIFIER: "1000/1m", RATE_LIMIT_REGISTRY: "1000/1m" } });
});
afterAll(async () => {
  await app?.stop();
  await counter?.close();
});

const dryRun = (server: AppServer, target: string) =>
  callApi(server.url, "GET", `/api/certifier?url=${encodeURIComponent(target)}`);

describe("the certifier under the production policy", () => {
  it("refuses every spelling of an inward address with the reason, and connects to nothing", async () => {
    const p = counter.port;
    const cases: [string, string][] = [
      [`http://2130706433:${p}`, "loopback"], // decimal
      [`http://0177.0.0.1:${p}`, "loopback"], // octal
      [`http://0x7f.0.0.1:${p}`, "loopback"], // hex
      [`http://127.1:${p}`, "loopback"], // short form
      [`http://127.000.000.001:${p}`, "loopback"],
      [`http://%31%32%37.0.0.1:${p}`, "loopback"], // percent-encoded
      [`http://①②⑦.0.0.1:${p}`, "loopback"], // look-alike digits, mapped by IDNA
      [`http://0:${p}`, "unspecified"],
      [`http://[::]:${p}`, "unspecified"],
      [`http://[0:0:0:0:0:0:0:1]:${p}`, "loopback"],
      // IPv4 inside IPv6 is classified by the IPv4 it carries, and never opened by the loopback setting.
      [`http://[::ffff:7f00:1]:${p}`, "loopback"],
      [`http://[::ffff:0:0:7f00:1]:${p}`, "loopback"],
      [`http://[::127.0.0.1]:${p}`, "loopback"], // IPv4-compatible
      [`http://[64:ff9b::127.0.0.1]:${p}`, "ipv4-mapped"], // NAT64
      [`http://[2002:7f00:1::]:${p}`, "ipv4-mapped"], // 6to4
      [`http://[3fff::1]:${p}`, "reserved"], // documentation
      [`http://[5f00::1]:${p}`, "reserved"], // outside 2000::/3 (SRv6 SIDs)
      [`http://LOCALHOST:${p}`, "loopback"],
      [`http://${os.hostname()}:${p}`, "loopback"], // this machine's own name
      ["http://0x0a.0.0.1", "private"],
      ["http://192.168.0.1.", "private"], // trailing dot
      ["http://100.64.0.1", "private"], // carrier-grade NAT
      ["http://2852039166/latest/meta-data/", "metadata"], // 169.254.169.254, decimal
      ["http://0251.0376.0251.0376/", "metadata"], // the same, octal
      ["http://169.254.169.254./", "metadata"],
      ["http://metadata.google.internal./", "metadata"],
      ["http://[fd00:ec2::254]/", "metadata"],
      [`gopher://127.0.0.1:${p}/`, "scheme"],
      [`dict://127.0.0.1:${p}/`, "scheme"],
      [`ws://127.0.0.1:${p}/`, "scheme"],
      ["data:text/plain,hello", "scheme"],
      ["javascript:alert(1)", "scheme"],
      ["http://user@example.com/", "credentials"],
      ["http://:secret@example.com/", "credentials"],
    ];
    for (const [target, reason] of cases) {
      const res = await dryRun(app, target);
      expect(res.status, target).toBe(422);
      expect(res.body, target).toMatchObject({ code: "target_refused", reason });
      expect(res.body.detail, target).toMatch(/Nothing was fetched/);
    }
    // Not a URL the certifier can parse (an IPv6 zone, an encoded tab in the host): refused as such.
    for (const target of [`http://[::1%25lo]:${p}`, `http://127.0.0.1%2509:${p}`]) {
      expect((await dryRun(app, target)).body.code, target).toBe("invalid_query");
    }
    // A name the resolver does not know reaches nothing either (where it resolves, it resolves to loopback).
    const dotted = await dryRun(app, `http://localhost.:${p}`);
    expect([200, 422]).toContain(dotted.status);
    expect(counter.count()).toBe(0);
  });

  it("refuses to certify a listed record whose URL is loopback in another spelling, and changes nothing", async () => {
    const created = await callApi(app.url, "POST", "/api/registry", {
      body: listingBody({ publicUrl: `https://2130706433:${counter.port}` }),
    });
    expect(created.status).toBe(201);
    const { record, ownerToken } = created.body;
    const before = await registrySnapshot(app.url);
    const res = await callApi(app.url, "POST", `/api/registry/${record.id}/certify`, { token: ownerToken });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "target_refused", reason: "loopback" });
    expect(await registrySnapshot(app.url)).toEqual(before);
    expect((await callApi(app.url, "GET", `/api/registry/${record.id}/report`)).status).toBe(404);
    expect(counter.count()).toBe(0);
  });
});

describe("inward redirects and links, even with loopback opened for local development", () => {
  let devApp: AppServer;
  let company: http.Server;
  let companyUrl = "";
  /** What the company answers for its manifest: a redirect to `location`, or a manifest with `links`. */
  let answer: { location?: string; links?: Record<string, string> } = {};

  beforeAll(async () => {
    company = http.createServer((_req, res) => {
      if (answer.location) return res.writeHead(302, { location: answer.location }).end();
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          issuer: { jurisdiction: "AR", type: "sociedad-ia" },
          rfcConformance: ["rfc-001-v1"],
          auditEndpoints: answer.links ?? {},
          // A sample session, so that the certifier goes on to fetch the endpoints above.
          auditSample: { sessionId: "ssrf-probe-sample" },
          discovery: { machineReadable: answer.links?.auditRead ?? `${companyUrl}/discovery` },
        }),
      );
    });
    await new Promise<void>((resolve) => company.listen(0, "127.0.0.1", resolve));
    companyUrl = `http://127.0.0.1:${(company.address() as net.AddressInfo).port}`;
    devApp = await startApp({ env: { CERTIFIER_ALLOW_LOOPBACK: "1", RATE_LIMIT_CERTIFIER: "1000/1m" } });
  });
  afterAll(async () => {
    await devApp?.stop();
    await new Promise<void>((resolve) => company?.close(() => resolve()));
  });

  const manifestCheck = (report: { checks: { id: string; detail: string }[] }) =>
    report.checks.find((c) => c.id === "manifest.reachable")?.detail ?? "";

  it("re-checks every redirect: inward, other-scheme and credentialed locations are refused", async () => {
    const p = counter.port;
    for (const [location, pattern] of [
      [`http://[::ffff:127.0.0.1]:${p}/`, /Refused \(loopback\): ::ffff:7f00:1/],
      ["http://2852039166/latest/meta-data/", /Refused \(metadata\): 169\.254\.169\.254/],
      ["http://0x0a.0.0.1/", /Refused \(private\): 10\.0\.0\.1/],
      [`gopher://127.0.0.1:${p}/`, /Only http and https/],
      ["file:///etc/passwd", /Only http and https/],
      [`http://user:pw@127.0.0.1:${p}/`, /credentials/],
    ] as const) {
      answer = { location };
      const res = await dryRun(devApp, companyUrl);
      expect(res.status, location).toBe(200);
      expect(manifestCheck(res.body), location).toMatch(pattern);
      expect(res.body.rating, location).toBe("F");
    }
    expect(counter.count()).toBe(0);
  });

  it("refuses the inward endpoints a manifest declares", async () => {
    const inward = `http://[::ffff:127.0.0.1]:${counter.port}`;
    answer = {
      links: {
        auditRead: `${inward}/audit/{sessionId}`,
        auditVerify: "http://169.254.169.254/audit/{sessionId}{?verify}",
        auditCsv: "http://0x0a.0.0.1/audit/{sessionId}/csv",
        verifyBadge: `${inward}/badge/{sessionId}`,
      },
    };
    const res = await dryRun(devApp, companyUrl);
    expect(res.status).toBe(200);
    const details = res.body.checks.map((c: { detail: string }) => c.detail).join("\n");
    expect(details).toMatch(/Refused \(loopback\): ::ffff:7f00:1/);
    expect(details).toMatch(/Refused \(metadata\)/);
    expect(details).toMatch(/Refused \(private\)/);
    expect(res.body.passed).toBe(false);
    expect(counter.count()).toBe(0);
  });
});
