import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/http/problem";
import { MAX_JSON_DEPTH, parseWith, readJson } from "@/lib/http/read-json";

function req(body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) {
  return new Request("http://test/api", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected an ApiError");
}

describe("readJson", () => {
  it("parses a JSON body, including +json media types", async () => {
    expect(await readJson(req('{"a":1}'))).toEqual({ a: 1 });
    expect(await readJson(req('{"ü":"ñ"}', { "content-type": "application/merge-patch+json; charset=utf-8" }))).toEqual(
      {
        ü: "ñ",
      },
    );
  });

  it("answers 415 for other content types", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      const err = await failure(readJson(req('{"a":1}', type ? { "content-type": type } : {})));
      expect(err.code).toBe("unsupported_media_type");
      expect(err.status).toBe(415);
    }
  });

  it("answers 413 on the bytes actually read, whatever Content-Length says", async () => {
    const big = JSON.stringify({ x: "a".repeat(200) });
    expect((await failure(readJson(req(big), 100))).status).toBe(413);
    const declared = req(big, { "content-type": "application/json", "content-length": "10" });
    expect((await failure(readJson(declared, 100))).status).toBe(413);
    const lying = req(big, { "content-type": "application/json", "content-length": "99999" });
    expect((await failure(readJson(lying, 100))).code).toBe("payload_too_large");
  });

  it("answers 400 for truncated, empty, broken or non-UTF-8 bodies", async () => {
    const truncated = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        controller.error(new Error("socket hang up"));
      },
    });
    expect((await failure(readJson(req(truncated)))).code).toBe("incomplete_body");
    expect((await failure(readJson(req("")))).code).toBe("malformed_json");
    expect((await failure(readJson(req('{"a":')))).code).toBe("malformed_json");
    expect((await failure(readJson(req("{'a':1}")))).status).toBe(400);
    expect((await failure(readJson(req(new Uint8Array([0x7b, 0xff, 0x7d]))))).detail).toMatch(/UTF-8/);
  });

  it("answers 400 json_too_deep past 32 levels of nesting, counting brackets outside strings only", async () => {
    const nested = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(await readJson(req(nested(MAX_JSON_DEPTH)))).toBeInstanceOf(Array);
    for (const body of [nested(MAX_JSON_DEPTH + 1), nested(50_000), `{"a":${'{"a":'.repeat(40)}1${"}".repeat(41)}`]) {
      const err = await failure(readJson(req(body), 1024 * 1024));
      expect(err).toMatchObject({ code: "json_too_deep", status: 400, extensions: { maxDepth: MAX_JSON_DEPTH } });
    }
    // Brackets inside strings, escaped quotes included, are text, not nesting.
    const text = `"\\"${"[".repeat(100)}"{{{"`;
    expect(await readJson(req(`{"t":${JSON.stringify(text)}}`))).toEqual({ t: text });
  });
});

describe("readJson and lone surrogates", () => {
  it("answers 400 for a string or member name that is not valid Unicode, and keeps real pairs", async () => {
    for (const body of ['{"a":"x\\ud800y"}', '{"a":["\\udc00"]}', '{"\\udbff":1}', '{"a":"\\ude00\\ud83d"}']) {
      const err = await failure(readJson(req(body)));
      expect(err).toMatchObject({ code: "malformed_json", status: 400 });
      expect(err.detail).toMatch(/surrogate/);
    }
    // An escaped pair, a raw emoji and an escaped backslash before "ud800" are all fine.
    expect(await readJson(req('{"a":"\\ud83d\\ude00"}'))).toEqual({ a: "😀" });
    expect(await readJson(req('{"a":"😀"}'))).toEqual({ a: "😀" });
    expect(await readJson(req('{"a":"\\\\ud800"}'))).toEqual({ a: "\\ud800" });
  });
});

describe("parseWith", () => {
  it("returns the parsed value or a 400 naming each bad member", () => {
    const schema = z.object({ name: z.string(), n: z.number().int() });
    expect(parseWith(schema, { name: "x", n: 1 })).toEqual({ name: "x", n: 1 });
    try {
      parseWith(schema, { name: 3, n: 1.5 });
      expect.unreachable();
    } catch (err) {
      expect((err as ApiError).code).toBe("invalid_request");
      const paths = ((err as ApiError).extensions.errors as { path: string }[]).map((e) => e.path);
      expect(paths).toEqual(["name", "n"]);
    }
  });
});
