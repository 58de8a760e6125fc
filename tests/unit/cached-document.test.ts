import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentForBaseUrl } from "@/lib/discovery/cached-document";
import { discoveryDocument } from "@/lib/discovery/get-discovery-document";
import { llmsTxtDocument } from "@/lib/discovery/get-llms-txt";
import { applyEnv } from "../support/upstash-stack";

let restore: () => void;
beforeAll(() => {
  restore = applyEnv({ DATA_DIR: "/nonexistent", AUDIT_HMAC_SECRET: "x".repeat(64) });
});
afterAll(() => restore());

describe("documents for a base URL taken from the Host header", () => {
  it("builds a document twice per kind at most; any further host is a substitution, not a build", async () => {
    let builds = 0;
    const build = (base: string) => {
      builds++;
      return JSON.stringify({ self: `${base}/api/x`, links: [`${base}/a`, `${base}/b?c=${base}`] });
    };
    const first = await documentForBaseUrl("test-kind", "https://sia.example", build);
    expect(first.body).toBe(build("https://sia.example"));
    builds = 0;
    for (let i = 0; i < 100; i++) {
      const base = `http://made-up-${i}.example:8080`;
      const doc = await documentForBaseUrl("test-kind", base, build);
      expect(JSON.parse(doc.body).self).toBe(`${base}/api/x`);
      expect(doc.body).not.toContain("placeholder");
    }
    expect(builds).toBe(0);
  });

  it("builds each base URL on its own when the document uses the URL other than as a whole origin", async () => {
    const build = (base: string) => JSON.stringify({ host: new URL(base).host, url: base });
    for (const base of ["https://one.example", "http://two.example:81"]) {
      const doc = await documentForBaseUrl("host-kind", base, build);
      expect(doc.body).toBe(build(base));
    }
  });

  it("gives an unknown host exactly the documents a fresh build would, with their own ETags", async () => {
    await discoveryDocument("openapi", "https://sia.example");
    await llmsTxtDocument("https://sia.example");
    const unknown = "http://attacker-chosen.example:1234";
    const openapi = await discoveryDocument("openapi", unknown);
    expect(JSON.parse(openapi.body).servers[0].url).toBe(unknown);
    expect(openapi.body).not.toContain("sia.example");
    const llms = await llmsTxtDocument(unknown);
    expect(llms.body).toContain(`${unknown}/.well-known/agents.json`);
    expect(llms.etag).not.toBe((await llmsTxtDocument("https://sia.example")).etag);
  });
});
