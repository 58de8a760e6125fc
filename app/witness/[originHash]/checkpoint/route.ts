import { getConfig } from "@/lib/config/config";
import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { ApiError } from "@/lib/http/problem";
import { getStore } from "@/lib/store";
import { readWitnessedCheckpoint } from "@/lib/witness/witness-state";

// GET /witness/<hex SHA-256 of a log's origin>/checkpoint – the latest checkpoint the built-in witness
// cosigned for that log (tlog-witness monitoring), with the log's signature and the cosignature
export const GET = route<{ params: Promise<{ originHash: string }> }>(
  async (_request, { params }) => {
    const { originHash } = await params;
    const note = getConfig().witness === null ? null : await readWitnessedCheckpoint(getStore(), originHash);
    if (note === null) {
      throw new ApiError(
        "not_found",
        "This witness has cosigned no checkpoint for a log of that origin hash (lowercase hex SHA-256 of the origin).",
      );
    }
    return new Response(note, {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-cache" },
    });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
