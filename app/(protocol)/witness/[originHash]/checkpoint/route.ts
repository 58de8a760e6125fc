// Written by `npm run routes` from lib/api/witness: change the declarations there.
import { getWitnessCheckpoint } from "@/lib/api/witness";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(getWitnessCheckpoint);
