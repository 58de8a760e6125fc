import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import { MCP_PROTOCOL_VERSIONS } from "../discovery/server-card";
import { safeLogText } from "../http/safe-log-text";
import { jsonRpcError } from "./json-rpc-error";

/** The 2026-07-28 envelope's claim of a revision, which the SDK's modern path answers itself. */
const ENVELOPE_VERSION = "io.modelcontextprotocol/protocolVersion";

/**
 * The refusal of a 2025-era request (no 2026 envelope in `_meta`) whose `MCP-Protocol-Version`
 * header names a revision /mcp does not serve: 400 with the protocol's unsupported-version code and
 * `data.supported`, the exact list docs/mcp.md gives, so a client can pick one. The SDK would answer
 * it without `data`. A request with the envelope is the SDK's: it answers the same error with the
 * 2026 revisions, those `server/discover` lists. A request without the header goes on: `initialize`
 * negotiates, offering the newest 2025 revision to older clients.
 */
export function unsupportedVersionResponse(request: Request, body: unknown): Response | null {
  const requested = request.headers.get("mcp-protocol-version");
  if (requested === null || (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(requested)) return null;
  const message = body as { id?: unknown; params?: { _meta?: Record<string, unknown> } } | null;
  if (message?.params?._meta?.[ENVELOPE_VERSION] !== undefined) return null;
  const id = message?.id;
  const shown = safeLogText(requested, 40);
  return jsonRpcError(
    400,
    ProtocolErrorCode.UnsupportedProtocolVersion,
    `Unsupported protocol version: ${shown}. Supported: ${MCP_PROTOCOL_VERSIONS.join(", ")}.`,
    {},
    {
      id: typeof id === "string" || typeof id === "number" ? id : null,
      data: { supported: [...MCP_PROTOCOL_VERSIONS], requested: shown },
    },
  );
}
