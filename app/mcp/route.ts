// Written by `npm run routes` from lib/api/mcp: change the declarations there.
import { postMcp } from "@/lib/api/mcp";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(postMcp);
