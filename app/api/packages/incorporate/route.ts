// Written by `npm run routes` from lib/api/discovery: change the declarations there.
import { getClientPackage } from "@/lib/api/discovery";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(getClientPackage);
