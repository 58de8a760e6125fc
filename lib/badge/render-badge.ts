import { reportVerdict } from "../audit/report-verdict";
import type { VerificationReport } from "../audit/verify";
import { escapeMarkup } from "../text/escape-markup";

export type BadgeState = "verified" | "unwitnessed" | "refused" | "tampered" | "no-hmac" | "empty" | "invalid";

/** Where the head stands with the log's witnesses (lib/tlog/leaf-witnessing.ts); null: none configured. */
export type BadgeWitnessing = "witnessed" | "pending" | "refused" | null;

/** The badge's languages: English by default (READMEs), Spanish for the pages that embed it. */
export const BADGE_LANGS = ["en", "es"] as const;
export type BadgeLang = (typeof BADGE_LANGS)[number];

// The badge draws its own text: these are its words, short enough for a 24 px badge.
const WORDS = {
  en: {
    label: "audit log",
    invalid: "invalid session id",
    empty: "no entries",
    tampered: (n: number) => `tampered ${n}`,
    tamperedHead: "tampered head",
    noHmac: (n: number, total: number) => `no hmac ${n}/${total}`,
    verified: (n: number, total: number) => `verified ${n}/${total}`,
    unwitnessed: "not witnessed yet",
    refused: "refused by a witness",
  },
  es: {
    label: "bitácora",
    invalid: "sesión no válida",
    empty: "sin entradas",
    tampered: (n: number) => `adulterado ${n}`,
    tamperedHead: "cabeza adulterada",
    noHmac: (n: number, total: number) => `sin hmac ${n}/${total}`,
    verified: (n: number, total: number) => `verificado ${n}/${total}`,
    unwitnessed: "sin atestiguar aún",
    refused: "rechazado por un testigo",
  },
} as const;

export interface Badge {
  state: BadgeState;
  label: string;
  message: string;
  /** The language of its text, for screen readers (absent: English). */
  lang?: BadgeLang;
}

/**
 * The badge for a session's verification report (SPEC 3: it follows the log live), in `lang`. A log
 * whose entries verify is "verified" only when its head is witnessed as /log/policy asks (or no
 * witness is configured): the one verification would not call it verified otherwise.
 */
export function badgeFor(
  report: VerificationReport | null,
  lang: BadgeLang = "en",
  witnessing: BadgeWitnessing = null,
): Badge {
  const w = WORDS[lang];
  const label = w.label;
  const tag = lang === "en" ? {} : { lang };
  if (!report) return { state: "invalid", label, message: w.invalid, ...tag };
  const verdict = reportVerdict(report);
  const state: BadgeState =
    verdict !== "verified" || witnessing === null || witnessing === "witnessed"
      ? verdict
      : witnessing === "refused"
        ? "refused"
        : "unwitnessed";
  const messages: Record<BadgeState, string> = {
    empty: w.empty,
    // Entries that each verify, under a checkpoint they no longer match: the log was cut or rewritten.
    tampered: report.tampered > 0 ? w.tampered(report.tampered) : w.tamperedHead,
    "no-hmac": w.noHmac(report.unsigned, report.total),
    verified: w.verified(report.verified, report.total),
    unwitnessed: w.unwitnessed,
    refused: w.refused,
    invalid: w.invalid,
  };
  return { state, label, message: messages[state], ...tag };
}

// White text on these clears WCAG AA (4.5:1), and each stays legible on white and on #0d1117.
const COLOURS: Record<BadgeState, string> = {
  verified: "#1a7f37",
  unwitnessed: "#9a5b00",
  refused: "#c4262e",
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

const HEIGHT = 24;
const PAD = 8;

/** A 24 px high SVG badge, accessible (role img, title) and sized from its text. */
export function renderBadgeSvg(badge: Badge): string {
  const lw = textWidth(badge.label) + 2 * PAD;
  const mw = textWidth(badge.message) + 2 * PAD;
  const width = lw + mw;
  const title = escapeMarkup(`${badge.label}: ${badge.message}`);
  const label = escapeMarkup(badge.label);
  const message = escapeMarkup(badge.message);
  const y = 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" lang="${badge.lang ?? "en"}" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${title}"><title>${title}</title><clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="4"/></clipPath><g clip-path="url(#r)"><rect width="${lw}" height="${HEIGHT}" fill="${LABEL_COLOUR}"/><rect x="${lw}" width="${mw}" height="${HEIGHT}" fill="${COLOURS[badge.state]}"/></g><g fill="#fff" font-family="Verdana,DejaVu Sans,Geneva,sans-serif" font-size="11" text-anchor="middle"><text x="${lw / 2}" y="${y}">${label}</text><text x="${lw + mw / 2}" y="${y}">${message}</text></g></svg>`;
}
