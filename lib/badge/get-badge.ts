import { createHash } from "node:crypto";
import { isSessionId } from "../audit/entry";
import { readVerifiedLog } from "../audit/verified-log";
import { badgeFor, renderBadgeSvg } from "./render-badge";

/** The SVG for a session id (an invalid id gets its own badge and a 400, with no store lookup). */
export async function getBadge(rawSessionId: string): Promise<{ svg: string; etag: string; status: number }> {
  let sessionId = rawSessionId;
  try {
    sessionId = decodeURIComponent(rawSessionId);
  } catch {
    /* fails the pattern */
  }
  const valid = isSessionId(sessionId);
  const report = valid ? (await readVerifiedLog(sessionId)).report : null;
  const svg = renderBadgeSvg(badgeFor(report));
  const etag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 22)}"`;
  return { svg, etag, status: valid ? 200 : 400 };
}
