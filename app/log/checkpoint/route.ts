import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { withCosignatures } from "@/lib/tlog/cosigned-head";
import { latestHead } from "@/lib/tlog/read-log";

// GET /log/checkpoint – the latest signed checkpoint of the transparency log (C2SP tlog-checkpoint)
export const GET = route(
  async () =>
    new Response((await withCosignatures(await latestHead())).note, {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-cache" },
    }),
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
