// Written by `npm run routes` from lib/api/service: change the declarations there.
import { getHealth } from "@/lib/api/service";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(getHealth);
