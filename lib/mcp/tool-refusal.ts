import type { ErrorCode } from "../http/error-codes";
import { isApiError } from "../http/problem";
import { safeLogText } from "../http/safe-log-text";
import { isStoreUnavailable } from "../store/types";

type Lang = "es" | "en";

/**
 * A call the service refused: it becomes a tool result with `isError`, so the model reads why and
 * can fix its arguments, as it would a 4xx body. `details` is the JSON a REST caller would get.
 */
export class ToolRefusal extends Error {
  override name = "ToolRefusal";

  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The incorporation endpoint's 422 body: every error finding, one per line, then the body. */
  static fromIncorporation(
    answer: {
      validation?: { findings?: { field: string; code: string; severity: string; message: string }[] };
      code?: string;
      detail?: string;
    },
    lang: Lang,
  ): ToolRefusal {
    const findings = answer.validation?.findings ?? [];
    const errors = findings.filter((f) => f.severity === "error");
    const lines = errors.map((f) => `- ${f.field} (${f.code}): ${f.message}`);
    const head = answer.code
      ? `${answer.code}: ${mcpWords(answer.code as ErrorCode, lang) ?? answer.detail}`
      : lang === "es"
        ? `El pedido tiene ${errors.length} hallazgo(s) de error; no se constituyó nada. Corregí cada uno (incorporation_check los da sin escribir nada).`
        : `The request has ${errors.length} error finding(s); nothing was incorporated. Fix each (incorporation_check gives them without writing anything).`;
    return new ToolRefusal([head, ...lines].join("\n"), answer as Record<string, unknown>);
  }
}

/**
 * What a refusal says over MCP where the REST detail names something a model cannot set (a request
 * header) or a step only the user can take: the tool's own arguments, or what to ask the user.
 */
const MCP_WORDS: Partial<Record<ErrorCode, Record<Lang, string>>> = {
  unauthorized: {
    es: "este despliegue pide una clave de API para incorporate. Pedile al usuario que configure la conexión MCP con el encabezado 'Authorization: Bearer <clave>' (la clave no va en los argumentos). Las lecturas no la necesitan.",
    en: "this deployment requires an API key for incorporate. Ask the user to configure the MCP connection with the header 'Authorization: Bearer <key>' (the key never goes in the arguments). Reads need none.",
  },
  session_token_required: {
    es: "esta sesión ya existe: pasá su token de escritura (audit.sessionToken de su primera respuesta) en el argumento sessionToken, o usá otro request.sessionId (o ninguno, y el servicio crea una sesión nueva).",
    en: "this session already exists: pass its write token (audit.sessionToken of its first answer) as the sessionToken argument, or use another request.sessionId (or none, and the service makes a new session).",
  },
  session_token_invalid: {
    es: "el argumento sessionToken no es el token de escritura de esta sesión. Usá el audit.sessionToken de la primera respuesta de la sesión, o otro request.sessionId.",
    en: "the sessionToken argument is not this session's write token. Use the audit.sessionToken of the session's first answer, or another request.sessionId.",
  },
  invalid_idempotency_key: {
    es: "el argumento idempotencyKey debe tener de 1 a 255 caracteres ASCII visibles (un UUID sirve).",
    en: "the idempotencyKey argument must be 1 to 255 visible ASCII characters (a UUID fits).",
  },
  idempotency_key_reused: {
    es: "este idempotencyKey ya se usó con otro pedido. Para un pedido nuevo usá un idempotencyKey nuevo; para repetir el anterior, repetí exactamente sus argumentos.",
    en: "this idempotencyKey was already used with another request. Use a new idempotencyKey for a new request; to repeat the earlier one, repeat its arguments exactly.",
  },
  idempotency_in_progress: {
    es: "un pedido idéntico con este idempotencyKey todavía se está procesando; repetí la llamada en unos segundos para recibir su respuesta.",
    en: "an identical request with this idempotencyKey is still being processed; repeat the call in a few seconds to get its answer.",
  },
};

/** The MCP wording of a refusal code, when it differs from the REST detail. */
export function mcpWords(code: ErrorCode, lang: Lang): string | undefined {
  return MCP_WORDS[code]?.[lang];
}

function rateLimitedWords(extensions: Record<string, unknown>, lang: Lang): string {
  const wait = Number(extensions.retryAfterSeconds);
  return lang === "es"
    ? `demasiados pedidos desde tu dirección: esperá ${wait} s y repetí la llamada.`
    : `too many requests from your address: wait ${wait} s and repeat the call.`;
}

/**
 * The tool result of a failed call: its code and words on the first line, then the refusal's JSON
 * (findings, the arguments a tool takes, the wait), never anything internal.
 */
export function refusalResult(
  err: unknown,
  lang: Lang,
): {
  isError: true;
  content: { type: "text"; text: string }[];
} {
  let text: string;
  if (err instanceof ToolRefusal) {
    text = `${err.message}\n${JSON.stringify(err.details)}`;
  } else if (isApiError(err)) {
    const words =
      mcpWords(err.code, lang) ?? (err.code === "rate_limited" ? rateLimitedWords(err.extensions, lang) : err.detail);
    text = `${err.code}: ${words}\n${JSON.stringify({ code: err.code, ...err.extensions })}`;
  } else if (isStoreUnavailable(err)) {
    text =
      lang === "es"
        ? "store_unavailable: el almacenamiento no responde ahora; no se cambió nada. Reintentá en un momento."
        : "store_unavailable: storage is unreachable right now; nothing was changed. Try again shortly.";
  } else {
    console.error(`[mcp] tool failed: ${safeLogText(err instanceof Error ? (err.stack ?? err.message) : err)}`);
    text =
      lang === "es"
        ? "internal_error: ocurrió un error inesperado; quedó registrado. Reintentá más tarde."
        : "internal_error: an unexpected error occurred; it has been logged. Try again later.";
  }
  return { isError: true, content: [{ type: "text", text }] };
}
