import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/http/error-codes";
import { errorResponse, route } from "@/lib/http/handler";
import { ApiError, problem } from "@/lib/http/problem";
import { StoreUnavailableError } from "@/lib/store/types";

describe("problem+json errors", () => {
  it("carries type, title, status, detail and the stable code", async () => {
    const res = problem("rate_limited", "slow down", { headers: { "retry-after": "3" }, extensions: { limit: 5 } });
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("retry-after")).toBe("3");
    expect(await res.json()).toEqual({
      type: "urn:sociedades-ia:problem:rate_limited",
      title: "Too many requests",
      status: 429,
      detail: "slow down",
      code: "rate_limited",
      limit: 5,
    });
  });

  it("turns an unexpected error into a 500 that reveals nothing internal", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const handler = route(async () => {
        throw new Error("secret connection string redis://user:pw@host");
      });
      const res = await handler(new Request("http://t/api/x"), {});
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toMatch(/secret|redis:/);
      expect(JSON.parse(text).code).toBe("internal_error");
      const down = errorResponse(new StoreUnavailableError("ECONNREFUSED 127.0.0.1:6379"));
      expect(down.status).toBe(503);
      expect(await down.text()).not.toMatch(/ECONNREFUSED/);
    } finally {
      console.error = original;
    }
  });

  it("maps an ApiError to its code's status and adds CORS for public routes", async () => {
    const handler = route(
      async () => {
        throw new ApiError("not_found", "no such thing");
      },
      { cors: true },
    );
    const res = await handler(new Request("http://t/api/x"), {});
    expect(res.status).toBe(404);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect((await res.json()).instance).toBe("/api/x");
  });

  it("documents every code in docs/errors.md", () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/errors.md"), "utf8");
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(doc, code).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${status}\\s*\\|`));
    }
  });
});
