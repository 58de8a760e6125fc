import type { Dictionary } from "@/app/_i18n/dictionary";
import { SAMPLE_SESSION, sampleEntries } from "@/lib/audit/tamper-demo";
import { verifyEntries } from "@/lib/audit/verify";
import { badgeFor, renderBadgeSvg } from "@/lib/badge/render-badge";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { hmacKeys } from "@/lib/signing/keys";

/**
 * The product at work beside the home page's promise: a small signed log, verified by this server
 * while it renders the page, with the badge that verification draws. Nothing here is a picture of a
 * result: change a key or an entry and the card says so.
 */
export function HomeProof({ dictionary, lang }: { dictionary: Dictionary; lang: Lang }) {
  const h = dictionary.home.proof;
  const entries = sampleEntries();
  const report = verifyEntries(SAMPLE_SESSION, entries, hmacKeys());
  // The badge speaks the page's language, as every badge a page shows does.
  const badge = badgeFor(report, lang);
  const allGood = report.verified === report.total && report.total > 0;
  return (
    <figure className="home-proof" aria-labelledby="home-proof-title">
      <figcaption className="home-proof-head">
        <span id="home-proof-title">{h.title}</span>
        {/* The badge's own title is its accessible text; alt repeats what it says. */}
        {/* biome-ignore lint/performance/noImgElement: an SVG drawn for this render, not an optimisable photo. */}
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(renderBadgeSvg(badge))}`}
          alt={`${h.badgeAlt}: ${badge.message}`}
          height={24}
        />
      </figcaption>
      <ol className="home-proof-list">
        {entries.map((entry) => (
          <li key={entry.seq}>
            <span className="home-proof-seq" aria-hidden="true">
              {entry.seq}
            </span>
            <span className="home-proof-action">
              <code translate="no">{entry.action}</code>
              <span className="home-proof-hmac" translate="no">
                HMAC {entry.hmac.slice(7, 19)}…
              </span>
            </span>
            <span className={`pill ${allGood ? "pill-ok" : "pill-bad"}`}>
              {allGood ? dictionary.audit.verdict.entryVerified : dictionary.audit.verdict.entryTampered}
            </span>
          </li>
        ))}
      </ol>
      <p className="home-proof-foot">
        {allGood ? fill(h.verifiedNow, { n: String(report.verified) }) : h.failedNow}{" "}
        <a href="/verify">{h.verifyLink}</a>
      </p>
    </figure>
  );
}
