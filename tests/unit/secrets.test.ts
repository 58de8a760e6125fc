import { describe, expect, it } from "vitest";
import { bearerToken } from "@/lib/http/bearer";
import { sameSecret } from "@/lib/identity/same-secret";

const withAuthorization = (value?: string) =>
  new Request("http://localhost/", value === undefined ? {} : { headers: { authorization: value } });

describe("bearerToken", () => {
  it("reads the token after the Bearer scheme, in any case", () => {
    expect(bearerToken(withAuthorization("Bearer sia_own_abc"))).toBe("sia_own_abc");
    expect(bearerToken(withAuthorization("bearer  sia_own_abc "))).toBe("sia_own_abc");
  });

  it("is null without a header, with another scheme, without a token or with more than one", () => {
    for (const value of [undefined, "", "Bearer", "Bearer ", "Basic c2lhOnNpYQ==", "sia_own_abc", "Bearer a b"]) {
      expect(bearerToken(withAuthorization(value))).toBeNull();
    }
  });
});

describe("sameSecret", () => {
  it("accepts only the secret itself: not a prefix, an extension, another case or nothing", () => {
    const secret = "cron-secret-0123456789";
    expect(sameSecret(secret, secret)).toBe(true);
    for (const presented of ["", "cron-secret-012345678", `${secret}0`, secret.toUpperCase(), ` ${secret}`]) {
      expect(sameSecret(presented, secret)).toBe(false);
    }
  });
});
