import type { Metadata } from "next";
import { getDictionary } from "@/app/_i18n/get-lang";
import { pick } from "@/lib/i18n/pick";
import { describeIncorporation } from "@/lib/incorporation/describe";
import { validateIncorporation } from "@/lib/incorporation/validate";
import { IncorporationWizard, type TipoInfo } from "./incorporation-wizard";
import { EMPTY, toBody } from "./wizard-model";
import "@/app/audit.css";
import "./incorporar.css";

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.incorporate.title };
}

/**
 * /incorporar: the static framing is rendered here on the server; the form, its live validation
 * (the same rules as the API) and the result are one client component. The legal figures (SMVM,
 * minimum capital per tipo and their sources) come from the endpoint's own self-description, so the
 * page and the server always apply the same numbers. The rules' findings on the empty form are
 * worked out here too, so the first paint counts what is missing before the page loads the rules.
 */
export default async function IncorporarPage() {
  const { lang, d } = await getDictionary();
  const t = d.incorporate;
  // Only the figures are used: links are built by the result itself, so no base URL is needed here.
  const description = describeIncorporation("");
  const tipos: TipoInfo[] = description.tipos.map((x) => ({
    tipo: x.tipo,
    suffixes: x.suffixes,
    minimumCapital: x.minimumCapital,
    source: x.source[lang],
    pendingLaw: x.pendingLaw,
  }));

  return (
    <div className="page incorporar-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <noscript>
        <p className="notice incorporar-notice">{t.noscript}</p>
      </noscript>

      <IncorporationWizard
        words={pick(t, ["form", "errors", "result"])}
        lang={lang}
        smvm={description.smvm}
        tipos={tipos}
        initialFindings={validateIncorporation(toBody(EMPTY), { lang, smvm: description.smvm }).findings}
      />

      <section aria-labelledby="incorporar-agents" className="incorporar-agents">
        <h2 id="incorporar-agents">{t.agents.title}</h2>
        <p>
          {t.agents.before} <code translate="no">POST /api/auto-incorporate</code> {t.agents.after}
        </p>
        <ul>
          <li>
            <a href="/api/auto-incorporate">{t.agents.describe}</a>
          </li>
          <li>
            <a href="/api/discovery?format=openapi">{t.agents.openapi}</a>
          </li>
        </ul>
      </section>
    </div>
  );
}
