// Written by `npm run routes` from lib/api/registry: change the declarations there.
import { dryRunCertification } from "@/lib/api/registry";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(dryRunCertification);
export const maxDuration = 60;
