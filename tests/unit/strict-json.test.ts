import { createPrivateKey, generateKeyPairSync, sign } from "node:crypto";
import {
  DuplicateMemberError,
  findDuplicateMember,
  type PublicJwk,
  parseAuditCsv,
  parseStrictJson,
  verifyCheckpoint,
} from "@sociedades-ia/incorporate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicJwks, signingKeys } from "@/lib/signing/keys";
import { applyEnv } from "../support/upstash-stack";

describe("duplicate members in exported text", () => {
  it.each([
    ['{"a":1,"a":2}', "a"],
    ['{"a":1,"\\u0061":2}', "a"],
    ['{"x":{"b":[1,{"c":1,"c":1}]}}', "c"],
    ['[{"k":1},{"k":1,"k":2}]', "k"],
    ['{"s":"a\\"b","t":{"u":1},"s":0}', "s"],
  ])("finds the repeated member of %s", (text, name) => {
    expect(findDuplicateMember(text)).toBe(name);
    expect(() => parseStrictJson(text)).toThrow(DuplicateMemberError);
  });

  it.each([
    '{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}',
    '{"a":"{\\"a\\":1,\\"a\\":2}"}',
    '["a","a",{"a":"a"}]',
    '{"":1,"\\"":2}',
  ])("accepts %s: the same name in different objects, or inside strings", (text) => {
    expect(findDuplicateMember(text)).toBeNull();
    expect(parseStrictJson(text)).toEqual(JSON.parse(text));
  });
});

describe("the offline verifiers refuse duplicated members", () => {
  const jwk = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
  let restore: () => void;
  beforeAll(() => {
    restore = applyEnv({ AUDIT_SIGNING_KEY: JSON.stringify(jwk), AUDIT_HMAC_SECRET: "x".repeat(64), DATA_DIR: "/x" });
  });
  afterAll(() => restore());

  const expected = { sessionId: "strict-session-01", size: 3, head: `sha256:${"ab".repeat(32)}` };
  const b64 = (text: string) => Buffer.from(text).toString("base64url");

  /** A checkpoint signed with the service's real key over exactly `header` and `payload` text. */
  async function signedText(header: string, payload: string): Promise<string> {
    const key = createPrivateKey({ key: jwk, format: "jwk" });
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${sign(null, Buffer.from(input), key).toString("base64url")}`;
  }

  it("a checkpoint whose signed payload repeats a member does not verify, though its signature does", async () => {
    const jwks = JSON.parse(JSON.stringify(await publicJwks())) as { keys: PublicJwk[] };
    const { publicJwk } = await signingKeys();
    const header = JSON.stringify({ alg: "EdDSA", kid: publicJwk.kid });
    // One parser reads size 3 (matching the log), another size 1000.
    const payload = `{"sessionId":"${expected.sessionId}","size":1000,"size":3,"head":"${expected.head}","ts":"2026-11-25T00:00:00.000Z"}`;
    const result = await verifyCheckpoint(await signedText(header, payload), jwks, expected);
    expect(result.matchesLog).toBe(false);
    expect(result.error).toContain('duplicate member "size"');

    const twoKids = `{"alg":"EdDSA","kid":"other","kid":"${publicJwk.kid}"}`;
    const byHeader = await verifyCheckpoint(
      await signedText(twoKids, payload.replace(',"size":1000', "")),
      jwks,
      expected,
    );
    expect(byHeader.error).toContain('duplicate member "kid"');

    // The same text without the repetition verifies: the refusal is for the duplicate alone.
    const clean = await verifyCheckpoint(await signedText(header, payload.replace(',"size":1000', "")), jwks, expected);
    expect(clean).toMatchObject({ signatureValid: true, matchesLog: true, error: null });
  });

  it("a CSV export with a repeated member in a JSON cell, or a repeated column, is refused", () => {
    const header = "id,sessionId,seq,ts,kind,action,actor,input,output,outcome,prev,kid,hmac";
    const row = (input: string) =>
      `s:0,s,0,2026-11-25T00:00:00.000Z,tool-call,a,x,"${input.replaceAll('"', '""')}",{},ok,,k1,sha256:00`;
    expect(parseAuditCsv(`${header}\r\n${row('{"cuit":"1"}')}\r\n`)[0]?.input).toEqual({ cuit: "1" });
    expect(() => parseAuditCsv(`${header}\r\n${row('{"cuit":"1","cuit":"2"}')}\r\n`)).toThrow(
      /duplicate member "cuit" in one object \(row 1, column input\)/,
    );
    expect(() => parseAuditCsv(`${header},hmac\r\n${row("{}")},sha256:11\r\n`)).toThrow(/duplicate member "hmac"/);
  });
});
