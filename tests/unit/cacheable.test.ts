import { describe, expect, it } from "vitest";
import { cacheableResponse, etagMatches, strongEtag } from "@/lib/http/cacheable";

const request = (ifNoneMatch?: string) =>
  new Request("http://t/x", { headers: ifNoneMatch ? { "if-none-match": ifNoneMatch } : {} });

describe("cacheable documents", () => {
  it("send a strong ETag derived from the body, the content type and max-age 300", async () => {
    const res = cacheableResponse(request(), '{"a":1}', { contentType: "application/json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe(strongEtag('{"a":1}'));
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.text()).toBe('{"a":1}');
    expect(strongEtag('{"a":2}')).not.toBe(strongEtag('{"a":1}'));
  });

  it("answer a matching If-None-Match with a bodiless 304 that keeps the validators", async () => {
    const etag = strongEtag("body");
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = cacheableResponse(request(header), "body", { contentType: "text/plain" });
      expect(res.status, header).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
      expect(await res.text()).toBe("");
    }
  });

  it("answer 200 when If-None-Match names another version", () => {
    expect(cacheableResponse(request('"stale"'), "body", { contentType: "text/plain" }).status).toBe(200);
    expect(etagMatches(null, '"a"')).toBe(false);
    expect(etagMatches('"a-b"', '"a"')).toBe(false);
  });
});
