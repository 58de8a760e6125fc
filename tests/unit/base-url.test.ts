import { describe, expect, it } from "vitest";
import { resolveBaseUrl } from "@/lib/http/base-url";
import { ApiError } from "@/lib/http/problem";

const bare = { trustedProxyHops: 0, onVercel: false };
const headers = (h: Record<string, string>) => new Headers(h);

describe("the public base URL", () => {
  it("is PUBLIC_BASE_URL's origin when configured, whatever the request says", () => {
    const h = headers({ host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" });
    expect(resolveBaseUrl(h, { ...bare, configured: "https://sia.example/" })).toBe("https://sia.example");
    expect(resolveBaseUrl(h, { trustedProxyHops: 1, onVercel: true, configured: "https://sia.example" })).toBe(
      "https://sia.example",
    );
  });

  it("is the Host header over http on a bare server, ignoring forwarded headers a client could write", () => {
    const h = headers({ host: "127.0.0.1:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(resolveBaseUrl(h, bare)).toBe("http://127.0.0.1:3000");
    expect(resolveBaseUrl(headers({ host: "[::1]:8080" }), bare)).toBe("http://[::1]:8080");
    expect(resolveBaseUrl(headers({ host: "SIA.Example" }), bare)).toBe("http://sia.example");
  });

  it("follows the nearest proxy's X-Forwarded-Host and -Proto behind trusted proxies and on Vercel", () => {
    const h = headers({
      host: "internal:3000",
      "x-forwarded-host": "spoof.example, sia.example",
      "x-forwarded-proto": "https",
    });
    expect(resolveBaseUrl(h, { trustedProxyHops: 1, onVercel: false })).toBe("https://sia.example");
    expect(resolveBaseUrl(h, { trustedProxyHops: 0, onVercel: true })).toBe("https://sia.example");
    const noForward = headers({ host: "sia.example" });
    expect(resolveBaseUrl(noForward, { trustedProxyHops: 1, onVercel: false })).toBe("http://sia.example");
    const oddProto = headers({ host: "sia.example", "x-forwarded-proto": "gopher" });
    expect(resolveBaseUrl(oddProto, { trustedProxyHops: 1, onVercel: false })).toBe("http://sia.example");
  });

  it("refuses a missing host or one that carries more than a host and port", () => {
    for (const host of ["", "evil.example/path", "user@evil.example", "evil.example:99999", "a b", "evil.example?x"]) {
      const h = host ? headers({ host }) : headers({});
      expect(() => resolveBaseUrl(h, bare), host).toThrow(ApiError);
    }
  });
});
