// Written by `npm run routes` from lib/api/incorporation: change the declarations there.
import { autoIncorporate, describeIncorporation } from "@/lib/api/incorporation";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(autoIncorporate, describeIncorporation);
