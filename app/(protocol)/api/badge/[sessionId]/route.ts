// Written by `npm run routes` from lib/api/audit: change the declarations there.
import { getBadge } from "@/lib/api/audit";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(getBadge);
