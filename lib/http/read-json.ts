import type { z } from "zod";
import { clipText, isWellFormedJson } from "../text/well-formed";
import { ApiError, isApiError } from "./problem";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Arrays and objects nested deeper than this are refused before parsing: no request needs more, and
 * recursive code further on (validation, canonical JSON, the audit log's readers) would overflow the
 * stack on a document a few thousand levels deep.
 */
export const MAX_JSON_DEPTH = 32;

/** The problem codes readJson() answers with: a declaration with a JSON body lists them among its errors. */
export const JSON_BODY_ERRORS = [
  "malformed_json",
  "json_too_deep",
  "json_number_out_of_range",
  "incomplete_body",
  "invalid_request",
  "payload_too_large",
  "unsupported_media_type",
] as const;

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const mediaType = value.split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/**
 * Reads a JSON request body: JSON content type only (415), at most `maxBytes` counted on the bytes
 * actually read, whatever Content-Length claims (413), complete (400) and well-formed UTF-8 JSON whose
 * strings are all valid Unicode (400).
 */
export async function readJson(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new ApiError(
      "unsupported_media_type",
      "Send the body as JSON with the header 'content-type: application/json'.",
    );
  }
  const body = await readBody(request, maxBytes);
  if (body.length === 0) throw new ApiError("malformed_json", "The request body is empty; send a JSON object.");

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw new ApiError("malformed_json", "The request body is not valid UTF-8.");
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError("json_too_deep", `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`, {
      maxDepth: MAX_JSON_DEPTH,
    });
  }
  let value: unknown;
  let outOfRange: string | null = null;
  try {
    // 1e400 is valid JSON syntax but parses to Infinity, which no JSON can carry back: such a value
    // could be neither stored as sent nor canonicalised (RFC 8785) for an audit entry.
    value = JSON.parse(text, (key, v) => {
      if (typeof v === "number" && !Number.isFinite(v)) outOfRange ??= key;
      return v;
    });
  } catch (err) {
    throw new ApiError("malformed_json", `The request body is not valid JSON: ${(err as Error).message}`);
  }
  if (outOfRange !== null) {
    const where = outOfRange === "" ? "The body" : `The member "${clipText(outOfRange, 80)}"`;
    throw new ApiError(
      "json_number_out_of_range",
      `${where} holds a number beyond what JSON can round-trip (an IEEE 754 double, about ±1.8e308); nothing was done. Send a smaller number.`,
      { member: outOfRange },
    );
  }
  // JSON syntax lets an escape such as \ud800 stand alone, but such a string is not Unicode text (I-JSON,
  // RFC 7493, forbids it): it has no canonical form (RFC 8785), so it could be neither hashed nor
  // signed. Decoded UTF-8 holds no surrogates, so only bodies with such an escape need the walk.
  if (SURROGATE_ESCAPE.test(text) && !isWellFormedJson(value)) {
    throw new ApiError(
      "malformed_json",
      "The request body has a lone UTF-16 surrogate escape (such as \\ud800): strings must be valid Unicode.",
    );
  }
  return value;
}

/**
 * Reads a request body of at most `maxBytes`, counted on the bytes actually read whatever
 * Content-Length claims (413), and complete (400). Empty when there is none.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (isApiError(err)) throw err;
    throw new ApiError("incomplete_body", "The request body ended before it was complete; send it again.");
  }
  if (Number.isFinite(declared) && size < declared) {
    throw new ApiError("incomplete_body", `The body has ${size} bytes but Content-Length said ${declared}.`);
  }
  return Buffer.concat(chunks);
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** One pass over the text, skipping strings: true once `[` or `{` open more than `max` levels. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function tooLarge(maxBytes: number) {
  return new ApiError("payload_too_large", `The request body is larger than ${maxBytes} bytes.`, {
    maxBytes,
  });
}

/** Validates a value with a zod schema; failures are a 400 listing each bad member. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidShape(result.error.issues);
}

/** The standard refusal of a value that fails its schema: 400 invalid_request listing each bad member. */
export function invalidShape(issues: readonly z.core.$ZodIssue[]): ApiError {
  return new ApiError("invalid_request", "The request does not match the expected shape; see errors.", {
    errors: issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  });
}
