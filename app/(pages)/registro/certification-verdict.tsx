import { EnglishDetail } from "@/app/_components/feedback/error-notice";
import type { RegistryMessages } from "@/app/(pages)/registro/words";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import type { CertificationReport } from "@/lib/registry/record-schema";

export type CertifyWords = RegistryMessages["certify"];

/** The certifier's required checks named in the page's language, for the "capped at D" sentence. */
function cappedChecks(report: CertificationReport, t: CertifyWords): string | null {
  if (!report.capped) return null;
  const failed = report.checks.filter((c) => !c.passed && report.capped?.includes(c.id));
  const names = failed.map((c) => t.checks[c.id as keyof CertifyWords["checks"]] ?? c.id);
  return names.length > 0 ? fill(t.capped, { checks: names.join(" · ") }) : null;
}

/**
 * A certification's verdict and each check's reason, in the page's language: what the check asks
 * for, whether it passed, and why (an older report's English-only detail is marked as such).
 */
export function CertificationVerdict({
  report,
  words,
  lang,
}: {
  report: CertificationReport;
  words: CertifyWords;
  lang: Lang;
}) {
  const verdict = fill(report.passed ? words.passed : words.failed, { rating: report.rating, score: report.score });
  const capped = cappedChecks(report, words);
  // Failed checks first: they are what the person has to fix.
  const checks = [...report.checks].sort((a, b) => Number(a.passed) - Number(b.passed));
  return (
    <div className="certify-verdict" data-rating={report.rating} data-passed={report.passed}>
      <p className="certify-verdict-line">
        <strong>{verdict}</strong>
      </p>
      {capped ? <p>{capped}</p> : null}
      <h4>{words.checksTitle}</h4>
      <ul className="certify-checks">
        {checks.map((check) => (
          <li key={check.id} data-check={check.id} data-passed={check.passed}>
            <span className={`pill ${check.passed ? "pill-ok" : "pill-bad"}`}>
              {check.passed ? words.pass : words.fail}
            </span>{" "}
            {words.checks[check.id as keyof CertifyWords["checks"]] ?? check.title}{" "}
            <span className="field-hint">({fill(words.points, { points: check.points, max: check.maxPoints })})</span>
            {check.reason ? (
              <p className="field-hint">{check.reason[lang]}</p>
            ) : check.passed ? null : (
              // Reports kept from before the certifier gave its reasons in both languages.
              <p className="field-hint">
                <EnglishDetail label={words.detail} text={check.detail} lang={lang} />
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
