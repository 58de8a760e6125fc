/**
 * Most characters a tool result's text carries. Hosts that hand a model only `content` (not
 * `structuredContent`) must still see the whole answer, so the text is the summary line and the
 * structured content as JSON; an incorporation's answer (about 25 KB) fits whole. Past the bound,
 * long strings are shortened first (generated file contents), then long lists are cut: tokens,
 * indexes, findings and ids are short strings and numbers, so they always stay.
 */
export const RESULT_TEXT_MAX_CHARS = 64 * 1024;

/** Strings longer than this are the first to be shortened when the JSON is over the bound. */
const LONG_STRING = 1_000;

function shortenStrings(value: unknown, path: string): unknown {
  if (typeof value === "string" && value.length > LONG_STRING) {
    return `${value.slice(0, 200)}… [${value.length} characters in all: the whole text is structuredContent${path}]`;
  }
  if (Array.isArray(value)) return value.map((v, i) => shortenStrings(v, `${path}[${i}]`));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        shortenStrings(v, /^[A-Za-z_$][\w$]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`),
      ]),
    );
  }
  return value;
}

/** The value with its longest list cut to half, and a last element that says how many were left out. */
function halveLongestList(value: unknown): unknown {
  let longest: unknown[] | null = null;
  const visit = (v: unknown) => {
    if (Array.isArray(v)) {
      if (!longest || v.length > longest.length) longest = v;
      v.forEach(visit);
    } else if (v !== null && typeof v === "object") Object.values(v).forEach(visit);
  };
  visit(value);
  const target = longest as unknown[] | null;
  if (!target || target.length < 2) return undefined;
  const cut = (v: unknown): unknown => {
    if (v === target) {
      const kept = Math.ceil(target.length / 2);
      return [...target.slice(0, kept).map(cut), `… ${target.length - kept} more item(s): see structuredContent`];
    }
    if (Array.isArray(v)) return v.map(cut);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x)]));
    return v;
  };
  return cut(value);
}

/**
 * A tool result's text: one summary line, then the structured content serialized as JSON (as the
 * 2025 revisions advise), within RESULT_TEXT_MAX_CHARS.
 */
export function resultText(summary: string, data: unknown, max = RESULT_TEXT_MAX_CHARS): string {
  const line = summary.replace(/\s+/g, " ").trim();
  let json = JSON.stringify(data);
  if (line.length + 1 + json.length > max) {
    let shorter = shortenStrings(data, "");
    json = JSON.stringify(shorter);
    while (line.length + 1 + json.length > max) {
      const halved = halveLongestList(shorter);
      if (halved === undefined) break;
      shorter = halved;
      json = JSON.stringify(shorter);
    }
  }
  return `${line}\n${json}`;
}
