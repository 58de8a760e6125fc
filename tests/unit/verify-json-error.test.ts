import { describe, expect, it } from "vitest";
import { jsonErrorPlace, jsonFailure } from "@/app/(pages)/verify/json-error";
import { verify } from "@/app/(pages)/verify/words";

const es = verify.es.paste.errors;
const en = verify.en.paste.errors;

/** What JSON.parse throws for `text` in this engine (V8, as in Chromium). */
function parseError(text: string): Error {
  try {
    JSON.parse(text);
  } catch (err) {
    return err as Error;
  }
  throw new Error(`${text} parsed`);
}

describe("jsonErrorPlace", () => {
  it("turns this engine's own messages into a line and column", () => {
    expect(jsonErrorPlace("{ no es json", parseError("{ no es json").message)).toEqual({ line: 1, column: 3 });
    const text = '{\n  "a": 1,\n  "b" 2\n}';
    expect(jsonErrorPlace(text, parseError(text).message)).toEqual({ line: 3, column: 7 });
  });

  it("reads each engine's wording", () => {
    const text = '{\n  "a": 1,\n  "b" 2\n}';
    // Chromium and Node before and after they added the line and column.
    expect(jsonErrorPlace(text, "Unexpected number in JSON at position 18")).toEqual({ line: 3, column: 7 });
    expect(jsonErrorPlace(text, "Expected ':' after property name in JSON at position 18 (line 3 column 7)")).toEqual({
      line: 3,
      column: 7,
    });
    // Firefox.
    expect(
      jsonErrorPlace(
        text,
        "JSON.parse: expected ':' after property name in object at line 3 column 7 of the JSON data",
      ),
    ).toEqual({ line: 3, column: 7 });
    // Safari gives no place.
    expect(jsonErrorPlace(text, "JSON Parse error: Expected ':' before value in object property definition")).toBe(
      null,
    );
  });

  it("says when the text stops too soon, in every engine's wording", () => {
    expect(jsonErrorPlace('{"a": [1, 2', parseError('{"a": [1, 2').message)).toBe("end");
    expect(jsonErrorPlace("{", "Unexpected end of JSON input")).toBe("end");
    expect(jsonErrorPlace('{"a": [1, 2\n', "Expected ',' or ']' after array element in JSON at position 12")).toBe(
      "end",
    );
    expect(jsonErrorPlace("{", "JSON.parse: unexpected end of data at line 1 column 2 of the JSON data")).toBe("end");
    expect(jsonErrorPlace("{", "JSON Parse error: Unexpected EOF")).toBe("end");
  });

  it("ignores a position past the end of the text", () => {
    expect(jsonErrorPlace("{}", "Unexpected token in JSON at position 99")).toBe(null);
  });
});

describe("jsonFailure", () => {
  it("states the error and its place in the page's language, with the browser's English message apart", () => {
    const err = parseError("{ no es json");
    const es1 = jsonFailure("{ no es json", err, es);
    expect(es1.message).toBe(
      "El texto no es JSON válido: hay un error en la línea 1, columna 3. Copiá la respuesta completa del endpoint, desde la primera llave «{» hasta la última «}».",
    );
    expect(es1.message).not.toContain(err.message);
    expect(es1.detail).toBe(err.message);
    expect(jsonFailure("{ no es json", err, en).message).toMatch(
      /^The text is not valid JSON: there is an error at line 1, column 3\./,
    );
  });

  it("says a cut-off text ends too soon, and falls back to the plain sentence when no place is known", () => {
    expect(jsonFailure('{"entries": [', parseError('{"entries": ['), es).message).toBe(es.jsonEnd);
    const safari = new SyntaxError("JSON Parse error: Unrecognized token 'n'");
    expect(jsonFailure("{ no es json", safari, es)).toEqual({ message: es.json, detail: safari.message });
  });
});
