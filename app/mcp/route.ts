import { mcpMethodNotAllowed, serveMcp } from "@/lib/mcp/serve-mcp";

// POST /mcp – Model Context Protocol over Streamable HTTP (2026-07-28 stateless; 2025 revisions too)
export const POST = (request: Request) => serveMcp(request);

// Stateless: no GET stream, no DELETE of a session. Errors stay JSON-RPC, never an HTML page.
export const GET = mcpMethodNotAllowed;
export const DELETE = mcpMethodNotAllowed;
export const PUT = mcpMethodNotAllowed;
export const PATCH = mcpMethodNotAllowed;
export const OPTIONS = mcpMethodNotAllowed;
