/**
 * RFC 8785 JSON Canonicalization Scheme. ECMAScript's JSON.stringify already writes strings and
 * numbers exactly as JCS requires; what JCS adds is object members sorted by their UTF-16 code
 * units (JavaScript's default order) and no whitespace.
 *
 * Written for speed: the server canonicalizes every entry, record and seal it signs. Members are
 * sorted in place (objects have few), text is built by concatenation rather than arrays joined,
 * and member names, which repeat from one object to the next, are quoted once.
 */
export function canonicalize(value: unknown): string {
  return serialize(value, false);
}

/**
 * The same, refusing a string (member names included) that holds a lone surrogate, as RFC 8785
 * asks (section 3.2.2.2), and honouring `toJSON` as JSON.stringify does: what the server signs.
 */
export function canonicalizeWellFormed(value: unknown): string {
  return serialize(value, true);
}

type MaybeWellFormed = { isWellFormed?: (this: string) => boolean };
const nativeWellFormed = (String.prototype as MaybeWellFormed).isWellFormed;
/** No lone surrogate: String#isWellFormed where the runtime has it (ES2024), else a code-point scan. */
const isWellFormed = (text: string): boolean =>
  nativeWellFormed ? nativeWellFormed.call(text) : !/\p{Cs}/u.test(text);

function serialize(value: unknown, strict: boolean): string {
  switch (typeof value) {
    case "string":
      if (strict && !isWellFormed(value)) throw new TypeError("JCS: a string holds a lone surrogate");
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new TypeError("JCS: numbers must be finite");
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "object":
      if (value === null) return "null";
      if (strict && typeof (value as { toJSON?: unknown }).toJSON === "function") {
        return serialize((value as { toJSON(): unknown }).toJSON(), strict);
      }
      return Array.isArray(value)
        ? serializeArray(value, strict)
        : serializeObject(value as Record<string, unknown>, strict);
  }
  throw new TypeError(`JCS: ${typeof value} has no JSON form`);
}

function serializeArray(items: readonly unknown[], strict: boolean): string {
  let out = "[";
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    out += (i === 0 ? "" : ",") + (item === undefined ? "null" : serialize(item, strict));
  }
  return `${out}]`;
}

function serializeObject(object: Record<string, unknown>, strict: boolean): string {
  const names = Object.keys(object);
  // Insertion sort: a handful of names, often already in order; Array#sort would copy them first.
  for (let i = 1; i < names.length; i++) {
    const name = names[i] as string;
    let j = i - 1;
    while (j >= 0 && (names[j] as string) > name) {
      names[j + 1] = names[j] as string;
      j--;
    }
    names[j + 1] = name;
  }
  let out = "{";
  let first = true;
  for (const name of names) {
    const member = object[name];
    if (member === undefined) continue;
    out += `${first ? "" : ","}${quotedName(name, strict)}:${serialize(member, strict)}`;
    first = false;
  }
  return `${out}}`;
}

// Member names as JSON strings, by name: the same few dozen come back in every object signed.
const QUOTED_MAX = 4096;
const quoted = new Map<string, string>();

function quotedName(name: string, strict: boolean): string {
  const known = quoted.get(name);
  if (known !== undefined) return known;
  const wellFormed = isWellFormed(name);
  if (strict && !wellFormed) throw new TypeError("JCS: a member name holds a lone surrogate");
  const text = JSON.stringify(name);
  // Only well-formed names are kept, so a kept name passes the strict check too.
  if (quoted.size < QUOTED_MAX && wellFormed) quoted.set(name, text);
  return text;
}
