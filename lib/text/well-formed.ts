/**
 * Well-formed Unicode in JSON values. A JavaScript string may hold a lone UTF-16 surrogate (JSON's
 * `\ud800`, or a string cut between the two halves of an emoji); such a string is not Unicode text and
 * has no canonical form (RFC 8785), so it can be neither hashed nor signed.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one (code units).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/** True when every string in the value, member names included, is well-formed Unicode. */
export function isWellFormedJson(value: unknown): boolean {
  if (typeof value === "string") return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(isWellFormedJson);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).every(([k, v]) => !LONE_SURROGATE.test(k) && isWellFormedJson(v));
  }
  return true;
}

/**
 * The value with each lone surrogate in its strings (member names included) replaced by U+FFFD, as a
 * UTF-8 decoder would; the value itself when it is already well-formed, which is the usual case.
 */
export function toWellFormedJson<T>(value: T): T {
  return isWellFormedJson(value) ? value : (replaceLoneSurrogates(value) as T);
}

function replaceLoneSurrogates(value: unknown): unknown {
  if (typeof value === "string") return value.replace(LONE_SURROGATES, "\uFFFD");
  if (Array.isArray(value)) return value.map(replaceLoneSurrogates);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.replace(LONE_SURROGATES, "\uFFFD"), replaceLoneSurrogates(v)]),
    );
  }
  return value;
}

/**
 * At most `max` UTF-16 code units of `text`, never ending between the two halves of a surrogate pair
 * (String.prototype.slice would leave a lone high surrogate there).
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
