import type { Lang } from "@/lib/i18n";
import { formatPesos } from "@/lib/i18n/format-pesos";
import { fill } from "@/lib/i18n/template";
import type { Incorporation } from "./use-incorporation";
import type { WizardMessages } from "./wizard-model";

/**
 * The company as the form stands, beside it on a wide screen: what will be sent, and whether it can
 * be. It repeats what the fields hold, so it is not announced as it changes.
 */
export function LiveSummary({ w, f, lang }: { w: Incorporation; f: WizardMessages["form"]; lang: Lang }) {
  const t = f.live;
  const { values } = w;
  const capital =
    typeof w.parsedCapital === "number" && w.parsedCapital > 0 ? formatPesos(w.parsedCapital, lang) : null;
  const ready = w.blockingCount === 0;
  const state =
    w.blockingCount === null
      ? t.checking
      : ready
        ? t.ready
        : !w.started
          ? t.start
          : w.blockingCount === 1
            ? t.missingOne
            : fill(t.missing, { n: w.blockingCount });
  return (
    <aside className="inc-live" aria-labelledby="inc-live-title">
      <h2 id="inc-live-title">{t.title}</h2>
      <p className="inc-live-name">{values.denominacion.trim() || t.empty}</p>
      <dl className="inc-live-facts">
        <div>
          <dt>{f.tipo}</dt>
          <dd>
            {values.tipo}
            {w.tipoInfo?.pendingLaw ? <span className="pill pill-warn inc-tipo-tag">{f.pendingLawTag}</span> : null}
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
          <dt>{f.session}</dt>
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
