// Written by `npm run routes` from lib/api/mcp: change the declarations there.
// Handlers: lib/mcp/handlers.ts
import { serve } from "@/lib/endpoint/endpoint";
import { getMcpServerCard } from "@/lib/mcp/handlers";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(getMcpServerCard);
