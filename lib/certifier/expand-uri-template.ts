/**
 * RFC 6570 expansion (levels 1-3, plus prefix modifiers) for string variables: enough for the audit
 * templates of a manifest such as `/api/play/audit/{sessionId}{?verify}`. Undefined variables expand
 * to nothing, as the RFC says.
 */
const OPERATORS: Record<string, { first: string; sep: string; named: boolean; ifEmpty: string; reserved: boolean }> = {
  "": { first: "", sep: ",", named: false, ifEmpty: "", reserved: false },
  "+": { first: "", sep: ",", named: false, ifEmpty: "", reserved: true },
  "#": { first: "#", sep: ",", named: false, ifEmpty: "", reserved: true },
  ".": { first: ".", sep: ".", named: false, ifEmpty: "", reserved: false },
  "/": { first: "/", sep: "/", named: false, ifEmpty: "", reserved: false },
  ";": { first: ";", sep: ";", named: true, ifEmpty: "", reserved: false },
  "?": { first: "?", sep: "&", named: true, ifEmpty: "=", reserved: false },
  "&": { first: "&", sep: "&", named: true, ifEmpty: "=", reserved: false },
};

function encode(value: string, reserved: boolean): string {
  if (reserved) return encodeURI(value).replace(/%25([0-9A-Fa-f]{2})/g, "%$1");
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function expandUriTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\{([+#./;?&]?)([^}]*)\}/g, (_match, op: string, list: string) => {
    const spec = OPERATORS[op] ?? (OPERATORS[""] as (typeof OPERATORS)[string]);
    const parts: string[] = [];
    for (const raw of list.split(",")) {
      const [name = "", prefix] = raw.replace(/\*$/, "").split(":");
      const value = vars[name];
      if (value === undefined) continue;
      const cut = prefix ? value.slice(0, Number(prefix)) : value;
      const encoded = encode(cut, spec.reserved);
      parts.push(spec.named ? (encoded === "" ? `${name}${spec.ifEmpty}` : `${name}=${encoded}`) : encoded);
    }
    return parts.length === 0 ? "" : spec.first + parts.join(spec.sep);
  });
}
