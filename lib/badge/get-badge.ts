import { hash } from "node:crypto";
import { isSessionId } from "../audit/entry";
import { readLogReport } from "../audit/published-log";
import { reportVerdict } from "../audit/report-verdict";
import { boundedMemo } from "../cache/bounded-memo";
import { getStore } from "../store";
import { leafWitnessing } from "../tlog/leaf-witnessing";
import { type Badge, type BadgeLang, badgeFor, renderBadgeSvg } from "./render-badge";

interface RenderedBadge {
  svg: string;
  etag: string;
}

// Badges are requested far more often than they change, and there are few distinct ones (a state and
// a count): each is drawn and hashed once.
const render = boundedMemo(
  512,
  (badge: Badge): RenderedBadge => {
    const svg = renderBadgeSvg(badge);
    return { svg, etag: `"${hash("sha256", svg, "base64url").slice(0, 22)}"` };
  },
  (badge) => `${badge.state}\n${badge.label}\n${badge.message}\n${badge.lang ?? "en"}`,
);

/** The SVG for a session id (an invalid id gets its own badge and a 400, with no store lookup). */
export async function getBadge(
  rawSessionId: string,
  lang: BadgeLang = "en",
): Promise<{ svg: string; etag: string; status: number }> {
  let sessionId = rawSessionId;
  try {
    sessionId = decodeURIComponent(rawSessionId);
  } catch {
    /* fails the pattern */
  }
  const valid = isSessionId(sessionId);
  const store = getStore();
  const report = valid ? await readLogReport(sessionId, store) : null;
  // Witnesses are looked at only for a log that is otherwise verified, and only when configured.
  const witnessing =
    report !== null && reportVerdict(report) === "verified"
      ? await leafWitnessing(report.index?.status === "latest" ? report.index.leafIndex : null, store)
      : null;
  return { ...render(badgeFor(report, lang, witnessing)), status: valid ? 200 : 400 };
}
