// Written by `npm run routes` from lib/api/transparency-log: change the declarations there.
import { getLogConsistencyProof } from "@/lib/api/transparency-log";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(getLogConsistencyProof);
