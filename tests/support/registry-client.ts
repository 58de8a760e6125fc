import { cuitCheckDigit } from "@/lib/identity/cuit";

export interface ApiAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected loosely
  body: any;
}

/** One JSON request to a running app, with an optional bearer token and other headers. */
export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  Object.assign(headers, options.headers);
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, headers: response.headers, body };
}

/** A random CUIT with a valid check digit (the registry keeps CUITs unique). */
export function freshCuit(prefix = "30"): string {
  for (;;) {
    const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
    const check = cuitCheckDigit(`${prefix}${body}`);
    if (check !== null) return `${prefix}-${body}-${check}`;
  }
}

let serial = 0;
/** A valid self-listing body; override any member. */
export function listingBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  serial++;
  return {
    name: `Sociedad de prueba ${serial}`,
    type: "productive-sociedad-ia",
    jurisdiction: "AR",
    operator: "Operadora SRL",
    operatorCuit: freshCuit(),
    publicUrl: `https://company-${serial}-${Date.now()}.example`,
    rfcConformance: ["rfc-001-v1"],
    disclosure: { es: "Una sociedad operada por agentes de IA.", en: "A company run by AI agents, in a test." },
    ...over,
  };
}
