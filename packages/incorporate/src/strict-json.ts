/**
 * JSON.parse keeps the last of two members with the same name, so `{"size":1,"size":9}` reads as 9
 * here and may read as 1 in another parser: a verifier and whoever it reports to would disagree on
 * what was signed. Every place the package parses exported text goes through parseStrictJson, which
 * refuses such text (I-JSON, RFC 7493, section 2.3).
 */
export class DuplicateMemberError extends SyntaxError {
  override name = "DuplicateMemberError";
  constructor(
    readonly member: string,
    where?: string,
  ) {
    super(`duplicate member ${JSON.stringify(member)} in one object${where ? ` (${where})` : ""}`);
  }
}

/** The first member name repeated within one object of valid JSON `text` (after unescaping), or null. */
export function findDuplicateMember(text: string): string | null {
  // One entry per open container: the names seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let expectName = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const names = open[open.length - 1];
      if (expectName && names) {
        // Decoded, so "a" and "\u0061" are the same name.
        const name = JSON.parse(text.slice(i, end + 1)) as string;
        if (names.has(name)) return name;
        names.add(name);
        expectName = false;
      }
      i = end + 1;
      continue;
    }
    if (c === "{") {
      open.push(new Set());
      expectName = true;
    } else if (c === "[") {
      open.push(null);
      expectName = false;
    } else if (c === "}" || c === "]") {
      open.pop();
      expectName = false;
    } else if (c === ",") {
      expectName = open[open.length - 1] instanceof Set;
    }
    i++;
  }
  return null;
}

/** JSON.parse, but text with a member repeated in one object throws a DuplicateMemberError. */
export function parseStrictJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  // Only objects can repeat a member; a text without a second quote after '{' has none to repeat.
  if (text.includes("{")) {
    const duplicate = findDuplicateMember(text);
    if (duplicate !== null) throw new DuplicateMemberError(duplicate);
  }
  return value;
}
