import { createHash } from "node:crypto";
import { isSessionId } from "../audit/entry";
import { readVerifiedLog } from "../audit/verified-log";
import { type Badge, badgeFor, renderBadgeSvg } from "./render-badge";

interface RenderedBadge {
  svg: string;
  etag: string;
}

// Badges are requested far more often than they change, and there are few distinct ones (a state and
// a count): each is drawn and hashed once. Bounded, so sessions of every length cannot grow it.
const rendered = new Map<string, RenderedBadge>();
const RENDERED_MAX = 512;

function render(badge: Badge): RenderedBadge {
  const key = `${badge.state}\n${badge.label}\n${badge.message}`;
  let out = rendered.get(key);
  if (!out) {
    const svg = renderBadgeSvg(badge);
    out = { svg, etag: `"${createHash("sha256").update(svg).digest("base64url").slice(0, 22)}"` };
    if (rendered.size >= RENDERED_MAX) rendered.clear();
    rendered.set(key, out);
  }
  return out;
}

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
  return { ...render(badgeFor(report)), status: valid ? 200 : 400 };
}
