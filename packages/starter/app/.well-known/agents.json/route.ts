import { currentManifest } from "../../../lib/manifest";

// Read at request time: the settings are the deployment's environment, and the key may rotate.
export const dynamic = "force-dynamic";

// GET /.well-known/agents.json – the company's discovery manifest, which certification reads
export async function GET() {
  try {
    return Response.json(await currentManifest(), { headers: { "access-control-allow-origin": "*" } });
  } catch (err) {
    // A starter not configured yet says what is missing rather than publishing a half manifest.
    const detail = err instanceof Error ? err.message : String(err);
    return Response.json(
      { title: "Manifest unavailable", status: 503, detail },
      { status: 503, headers: { "content-type": "application/problem+json" } },
    );
  }
}
