// Written by `npm run routes` from lib/api/registry: change the declarations there.
import { getCertificationReport } from "@/lib/api/registry";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(getCertificationReport);
