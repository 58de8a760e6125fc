import type { Lang } from "@/lib/i18n";
import { formatPesos } from "@/lib/i18n/format-pesos";
import { fill } from "@/lib/i18n/template";
import type { WizardSummary } from "./use-incorporation";
import type { WizardMessages } from "./wizard-model";

/**
 * The company as the form stands, beside it on a wide screen: what will be sent, and whether it can
 * be. It repeats what the fields hold, so it is not announced as it changes.
 */
export function LiveSummary({
  summary,
  formWords,
  lang,
}: {
  summary: WizardSummary;
  formWords: WizardMessages["form"];
  lang: Lang;
}) {
  const t = formWords.live;
  const { values } = summary;
  const capital =
    typeof summary.parsedCapital === "number" && summary.parsedCapital > 0
      ? formatPesos(summary.parsedCapital, lang)
      : null;
  const ready = summary.blockingCount === 0;
  const state =
    summary.blockingCount === null
      ? t.checking
      : ready
        ? t.ready
        : !summary.started
          ? t.start
          : summary.blockingCount === 1
            ? t.missingOne
            : fill(t.missing, { n: summary.blockingCount });
  return (
    <aside className="inc-live" aria-labelledby="inc-live-title">
      <h2 id="inc-live-title">{t.title}</h2>
      <p className="inc-live-name">{values.denominacion.trim() || t.empty}</p>
      <dl className="inc-live-facts">
        <div>
          <dt>{formWords.tipo}</dt>
          <dd>
            {values.tipo}
            {summary.tipoInfo?.pendingLaw ? (
              <span className="pill pill-warn inc-tipo-tag">{formWords.pendingLawTag}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t.capitalShort}</dt>
          <dd>{capital ?? t.empty}</dd>
        </div>
        <div>
          <dt>{t.objetoShort}</dt>
          <dd>{fill(t.objetoChars, { n: values.objeto.length })}</dd>
        </div>
        <div>
          <dt>{formWords.session}</dt>
          <dd>
            {values.chain && values.sessionId.trim() ? (
              <>
                {t.joinsSession} <code translate="no">{values.sessionId.trim()}</code>
              </>
            ) : (
              t.newSession
            )}
          </dd>
        </div>
      </dl>
      <p className={`inc-live-state ${ready ? "inc-live-ready" : ""}`}>
        <span className={`pill ${ready ? "pill-ok" : "pill-neutral"}`}>{state}</span>
      </p>
    </aside>
  );
}
