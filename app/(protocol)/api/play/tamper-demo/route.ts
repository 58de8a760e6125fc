// Written by `npm run routes` from lib/api/play: change the declarations there.
import { runTamperDemo } from "@/lib/api/play";
import { serve } from "@/lib/endpoint/endpoint";

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = serve(runTamperDemo);
