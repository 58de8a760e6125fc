// Written by `npm run routes` from lib/api/registry: change the declarations there.
import { certifyRegistryRecord } from "@/lib/api/registry";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(certifyRegistryRecord);
export const maxDuration = 60;
