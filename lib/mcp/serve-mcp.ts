import { createMcpHandler, hostHeaderValidationResponse, originValidationResponse } from "@modelcontextprotocol/server";
import { preferredLang } from "../http/accept-language";
import { publicBaseUrl } from "../http/base-url";
import { isApiError } from "../http/problem";
import { DEFAULT_MAX_BODY_BYTES, readJson } from "../http/read-json";
import { safeLogText } from "../http/safe-log-text";
import { isStoreUnavailable } from "../store/types";
import { allowedMcpHostnames } from "./allowed-hosts";
import { mcpChangeEvents } from "./change-events";
import { createMcpServer } from "./create-server";
import { JSON_RPC, jsonRpcError } from "./json-rpc-error";
import { unsupportedVersionResponse } from "./protocol-version";

/** Largest request body /mcp reads: an incorporation request (32 KiB at most) with its envelope. */
export const MCP_MAX_BODY_BYTES = DEFAULT_MAX_BODY_BYTES;

// The tool a request calls and its base URL, read before the SDK's handler builds the server for it.
const calledTool = new WeakMap<Request, string>();
const baseUrls = new WeakMap<Request, string>();

function toolCalled(body: unknown): string | undefined {
  const message = body as { method?: unknown; params?: { name?: unknown } } | null;
  if (typeof message !== "object" || message === null || message.method !== "tools/call") return undefined;
  const name = message.params?.name;
  return typeof name === "string" ? name : undefined;
}

// One handler per process copy of this module: it holds no state between requests (every request
// gets a fresh server from the factory), so a second copy only costs its construction.
const handler = createMcpHandler(
  ({ requestInfo }) => {
    if (!requestInfo) throw new Error("/mcp serves HTTP requests only");
    return createMcpServer(
      {
        request: requestInfo,
        baseUrl: baseUrls.get(requestInfo) ?? publicBaseUrl(requestInfo),
        lang: preferredLang(requestInfo),
      },
      calledTool.get(requestInfo),
    );
  },
  {
    legacy: "stateless",
    bus: mcpChangeEvents(),
    maxRequestBodySize: MCP_MAX_BODY_BYTES,
    // What the SDK reports is mostly a client's mistake (a bad header, an unknown method) and may quote
    // the client's text: a warning, one bounded and escaped line.
    onerror: (err) => console.warn(`[mcp] ${safeLogText(err.message)}`),
  },
);

/**
 * POST /mcp: the request passes the DNS-rebinding checks (Host, then Origin), its body is read with
 * the same limits as every JSON route (size, depth, UTF-8, complete), batches are refused, and the
 * SDK's handler validates the protocol headers and answers. Every refusal is a JSON-RPC error.
 */
export async function serveMcp(request: Request): Promise<Response> {
  const hosts = allowedMcpHostnames(request);
  const refused = hostHeaderValidationResponse(request, hosts) ?? originValidationResponse(request, hosts);
  if (refused) return refused;
  // A Host that passed the check may still not make a base URL ("user@localhost"): a 400, not a 500.
  let baseUrl: string;
  try {
    baseUrl = publicBaseUrl(request);
  } catch (err) {
    if (!isApiError(err)) throw err;
    return jsonRpcError(err.status, JSON_RPC.invalidRequest, err.detail);
  }
  baseUrls.set(request, baseUrl);

  let body: unknown;
  try {
    body = await readJson(request, MCP_MAX_BODY_BYTES);
  } catch (err) {
    if (!isApiError(err)) throw err;
    const code = err.code === "malformed_json" ? JSON_RPC.parseError : JSON_RPC.invalidRequest;
    return jsonRpcError(err.status, code, err.detail, err.headers);
  }
  if (Array.isArray(body)) {
    // Batching left the protocol in 2025-06-18, the oldest revision served here.
    return jsonRpcError(
      400,
      JSON_RPC.invalidRequest,
      "Batch requests are not supported: send one message per request.",
    );
  }
  const version = unsupportedVersionResponse(request, body);
  if (version) return version;
  const tool = toolCalled(body);
  if (tool !== undefined) calledTool.set(request, tool);
  try {
    return await handler.fetch(request, { parsedBody: body });
  } catch (err) {
    if (isStoreUnavailable(err)) {
      return jsonRpcError(503, JSON_RPC.internalError, "Storage is unreachable right now; nothing was changed.", {
        "retry-after": "5",
      });
    }
    console.error(`[mcp] ${safeLogText(err instanceof Error ? (err.stack ?? err.message) : err, 2_000)}`);
    return jsonRpcError(500, JSON_RPC.internalError, "An unexpected error occurred; it has been logged.");
  }
}
