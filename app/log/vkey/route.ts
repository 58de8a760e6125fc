import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { logNoteKey } from "@/lib/tlog/log-key";

// GET /log/vkey – the log's note verifier key, one line
export const GET = route(
  async () =>
    new Response(`${logNoteKey().vkey}\n`, {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" },
    }),
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
