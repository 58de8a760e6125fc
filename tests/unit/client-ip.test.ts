import { describe, expect, it } from "vitest";
import { clientIp, rateLimitSubject } from "@/lib/http/client-ip";

const direct = { trustedProxyHops: 0, onVercel: false };
const h = (init: Record<string, string>) => new Headers(init);

describe("client IP resolution", () => {
  it("takes the socket address the server appended, ignoring what the client wrote", () => {
    // scripts/server.mjs appends the peer address after anything the client sent.
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }), direct)).toBe("203.0.113.9");
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.9", "x-real-ip": "6.6.6.6" }), direct)).toBe("203.0.113.9");
  });

  it("skips exactly the configured number of trusted proxies", () => {
    const headers = h({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.2" });
    expect(clientIp(headers, { trustedProxyHops: 1, onVercel: false })).toBe("198.51.100.7");
    expect(clientIp(h({ "x-forwarded-for": "10.0.0.2" }), { trustedProxyHops: 3, onVercel: false })).toBe("10.0.0.2");
  });

  it("trusts the platform header on Vercel only", () => {
    const headers = h({ "x-vercel-forwarded-for": "198.51.100.1", "x-forwarded-for": "6.6.6.6, 198.51.100.1" });
    expect(clientIp(headers, { trustedProxyHops: 0, onVercel: true })).toBe("198.51.100.1");
    expect(clientIp(h({ "x-vercel-forwarded-for": "6.6.6.6", "x-forwarded-for": "192.0.2.4" }), direct)).toBe(
      "192.0.2.4",
    );
  });

  it("normalises IPv4-mapped IPv6 and rejects garbage", () => {
    expect(clientIp(h({ "x-forwarded-for": "::ffff:127.0.0.1" }), direct)).toBe("127.0.0.1");
    expect(clientIp(h({ "x-forwarded-for": "2001:DB8::1" }), direct)).toBe("2001:db8::1");
    // Every spelling of a mapped IPv4 address is that address, not one shared ::ffff:0:0/64 bucket.
    for (const mapped of ["::ffff:102:304", "0:0:0:0:0:ffff:1.2.3.4", "::FFFF:0102:0304", "[::ffff:1.2.3.4]:443"]) {
      expect(clientIp(h({ "x-forwarded-for": mapped }), direct), mapped).toBe("1.2.3.4");
    }
    expect(clientIp(h({ "x-forwarded-for": "::ffff:203:405" }), direct)).toBe("2.3.4.5");
    // A proxy that writes the port: the client is still its address, not "unknown" shared by all.
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.9:51234" }), direct)).toBe("203.0.113.9");
    expect(clientIp(h({ "x-forwarded-for": "[2001:db8::1]:8080" }), direct)).toBe("2001:db8::1");
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.9:99999999" }), direct)).toBe("unknown");
    expect(clientIp(h({ "x-forwarded-for": "not-an-ip" }), direct)).toBe("unknown");
    expect(clientIp(h({}), direct)).toBe("unknown");
  });
});

describe("rate-limit subject", () => {
  it("counts an IPv4 address as it is", () => {
    expect(rateLimitSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitSubject("unknown")).toBe("unknown");
  });

  it("counts every address of one IPv6 /64 as one client, and different /64s apart", () => {
    const one = ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0db8:0001:0002:abcd::9"];
    expect(new Set(one.map(rateLimitSubject))).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(rateLimitSubject("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(rateLimitSubject("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitSubject("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(rateLimitSubject("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });
});
