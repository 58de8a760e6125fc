import { reportVerdict } from "../audit/report-verdict";
import type { VerificationReport } from "../audit/verify";

export type BadgeState = "verified" | "tampered" | "no-hmac" | "empty" | "invalid";

export interface Badge {
  state: BadgeState;
  label: string;
  message: string;
}

/** The badge for a session's verification report (SPEC 3: it follows the log live). */
export function badgeFor(report: VerificationReport | null): Badge {
  const label = "audit log";
  if (!report) return { state: "invalid", label, message: "invalid session id" };
  const state = reportVerdict(report);
  const messages: Record<typeof state, string> = {
    empty: "no entries",
    // Entries that each verify, under a checkpoint they no longer match: the log was cut or rewritten.
    tampered: report.tampered > 0 ? `tampered ${report.tampered}` : "tampered head",
    "no-hmac": `no hmac ${report.unsigned}/${report.total}`,
    verified: `verified ${report.verified}/${report.total}`,
  };
  return { state, label, message: messages[state] };
}

// White text on these clears WCAG AA (4.5:1), and each stays legible on white and on #0d1117.
const COLOURS: Record<BadgeState, string> = {
  verified: "#1a7f37",
  tampered: "#c4262e",
  "no-hmac": "#9a5b00",
  empty: "#5c6370",
  invalid: "#5c6370",
};
const LABEL_COLOUR = "#3d434b";

// Advance widths of Verdana at 11 px (the usual badge face), for an estimate of the text width.
const NARROW = new Set("il.,:;!|'ijtfI1 ".split(""));
const WIDE = new Set("mwMW@%".split(""));
function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += NARROW.has(ch) ? 4 : WIDE.has(ch) ? 10.5 : /[A-Z0-9]/.test(ch) ? 7.5 : 6.8;
  return Math.ceil(w);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const HEIGHT = 24;
const PAD = 8;

/** A 24 px high SVG badge, accessible (role img, title) and sized from its text. */
export function renderBadgeSvg(badge: Badge): string {
  const lw = textWidth(badge.label) + 2 * PAD;
  const mw = textWidth(badge.message) + 2 * PAD;
  const width = lw + mw;
  const title = escapeXml(`${badge.label}: ${badge.message}`);
  const label = escapeXml(badge.label);
  const message = escapeXml(badge.message);
  const y = 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${title}"><title>${title}</title><clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="4"/></clipPath><g clip-path="url(#r)"><rect width="${lw}" height="${HEIGHT}" fill="${LABEL_COLOUR}"/><rect x="${lw}" width="${mw}" height="${HEIGHT}" fill="${COLOURS[badge.state]}"/></g><g fill="#fff" font-family="Verdana,DejaVu Sans,Geneva,sans-serif" font-size="11" text-anchor="middle"><text x="${lw / 2}" y="${y}">${label}</text><text x="${lw + mw / 2}" y="${y}">${message}</text></g></svg>`;
}
