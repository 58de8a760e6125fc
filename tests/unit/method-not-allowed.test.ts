import { describe, expect, it } from "vitest";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

describe("methodNotAllowed", () => {
  it("gives a handler for each method the route does not serve, and none for those it does", () => {
    const handlers = methodNotAllowed(["GET", "HEAD", "OPTIONS"]);
    expect(Object.keys(handlers).sort()).toEqual(["DELETE", "PATCH", "POST", "PUT"]);
    expect(Object.keys(methodNotAllowed(["POST"])).sort()).toEqual([
      "DELETE",
      "GET",
      "HEAD",
      "OPTIONS",
      "PATCH",
      "PUT",
    ]);
  });

  it("answers a 405 problem whose Allow header names the served methods", async () => {
    const { DELETE } = methodNotAllowed(["GET", "HEAD", "PATCH", "OPTIONS"]);
    const res = await DELETE(new Request("http://t/api/registry/acme", { method: "DELETE" }), {});
    expect(res.status).toBe(405);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("allow")).toBe("GET, HEAD, PATCH, OPTIONS");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(await res.json()).toMatchObject({
      type: "urn:sociedades-ia:problem:method_not_allowed",
      status: 405,
      code: "method_not_allowed",
      instance: "/api/registry/acme",
      detail: expect.stringContaining("DELETE"),
    });
  });

  it("adds CORS headers for a public route", async () => {
    const { POST } = methodNotAllowed(["GET", "HEAD"], { cors: true });
    const res = await POST(new Request("http://t/api/health", { method: "POST" }), {});
    expect(res.status).toBe(405);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("refuses a list with GET but not HEAD, which would shadow the HEAD Next derives from GET", () => {
    expect(() => methodNotAllowed(["GET"])).toThrow(/HEAD/);
  });
});
