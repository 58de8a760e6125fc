// Written by `npm run routes` from lib/api/discovery: change the declarations there.
// Handlers: lib/discovery/handlers.ts
import { getLlmsTxt } from "@/lib/discovery/handlers";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(getLlmsTxt);
