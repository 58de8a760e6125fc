import { z } from "zod";

/** GET /mcp/server-card: the SEP-2127 server card (lib/discovery/server-card.ts builds it). */
export const serverCardSchema = z.looseObject({
  $schema: z.url(),
  name: z.string().describe("Reverse-DNS name: the deployment's host, reversed, and /mcp."),
  title: z.string(),
  description: z.string(),
  version: z.string(),
  remotes: z.array(
    z.looseObject({
      type: z.literal("streamable-http"),
      url: z.url(),
      supportedProtocolVersions: z.array(z.string()),
    }),
  ),
});

/** POST /mcp: one JSON-RPC message; the MCP SDK reads the rest of it. */
export const jsonRpcMessageSchema = z
  .looseObject({ jsonrpc: z.literal("2.0"), method: z.string(), id: z.union([z.string(), z.int()]).optional() })
  .describe("A JSON-RPC request or notification; batches are refused.");
