import { preflight } from "@/lib/http/cors";
import { route } from "@/lib/http/handler";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { ApiError } from "@/lib/http/problem";
import { readEntryBundle, readHashTile } from "@/lib/tlog/read-log";
import { parseTilePath } from "@/packages/incorporate/src/tlog/tile-path";

type Ctx = { params: Promise<{ path: string[] }> };

// GET /log/tile/{L}/{N}[.p/{W}] and /log/tile/entries/{N}[.p/{W}] – C2SP tlog-tiles
export const GET = route<Ctx>(
  async (_request, { params }) => {
    const path = `tile/${(await params).path.join("/")}`;
    let parsed: ReturnType<typeof parseTilePath>;
    try {
      parsed = parseTilePath(path);
    } catch (err) {
      throw new ApiError(
        "invalid_query",
        `${(err as Error).message}. Tiles are tile/<L>/<N>[.p/<W>] and tile/entries/<N>[.p/<W>].`,
      );
    }
    const bytes = parsed.kind === "entries" ? await readEntryBundle(parsed) : await readHashTile(parsed);
    if (bytes === null) throw new ApiError("not_found", `The log does not hold ${path} yet.`);
    // A tile of a given width never changes: full and partial alike.
    return new Response(Buffer.from(bytes), {
      headers: { "content-type": "application/octet-stream", "cache-control": "public, max-age=31536000, immutable" },
    });
  },
  { cors: true },
);

export const OPTIONS = () => preflight(["GET"]);
export const { DELETE, PATCH, POST, PUT } = methodNotAllowed(["GET", "HEAD", "OPTIONS"], { cors: true });
