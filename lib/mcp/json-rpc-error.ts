/** JSON-RPC error codes /mcp answers with before a request reaches the MCP server. */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  internalError: -32603,
  /** Implementation-defined server error, as the SDK uses for refused Host/Origin. */
  serverError: -32000,
} as const;

/**
 * A JSON-RPC error response, with no id when the request was refused before it could be read as one,
 * so that a client always gets JSON-RPC and never an HTML error page.
 */
export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  more: { id?: string | number | null; data?: Record<string, unknown> } = {},
): Response {
  const error = more.data ? { code, message, data: more.data } : { code, message };
  return Response.json(
    { jsonrpc: "2.0", id: more.id ?? null, error },
    { status, headers: { "cache-control": "no-store", ...headers } },
  );
}

/** Every other method: a JSON-RPC 405 (this endpoint is stateless, so it has no GET stream or DELETE). */
export function mcpMethodNotAllowed(): Response {
  return jsonRpcError(405, JSON_RPC.invalidRequest, "Method not allowed: /mcp takes POST only.", { allow: "POST" });
}
