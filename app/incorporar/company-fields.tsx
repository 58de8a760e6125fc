import type { Lang } from "@/lib/i18n";
import { formatPesos } from "@/lib/i18n/format-pesos";
import { fill } from "@/lib/i18n/template";
import { LIMITS } from "@/lib/incorporation/limits";
import { describedControl, FormField } from "../_components/form-field";
import { fieldFindings } from "./field-issues";
import type { Incorporation } from "./use-incorporation";
import type { TipoInfo, WizardMessages } from "./wizard-model";

/** Step 1: the company itself (name, tipo, capital, purpose). */
export function CompanyFields({
  w,
  f,
  lang,
  tipos,
}: {
  w: Incorporation;
  f: WizardMessages["form"];
  lang: Lang;
  tipos: TipoInfo[];
}) {
  const tipoFindings = fieldFindings(w, f.severity, "tipo", "inc-tipo-0-issues");
  const capitalFindings = fieldFindings(w, f.severity, "capitalSocial");
  const suffix = w.tipoInfo?.suffixes[0] ?? "";
  return (
    <fieldset>
      <legend>{f.company}</legend>
      <FormField
        id="inc-denominacion"
        label={f.denominacion}
        hint={fill(f.denominacionHint, { suffix })}
        invalid={w.invalid("denominacion")}
        findings={fieldFindings(w, f.severity, "denominacion")}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name="denominacion"
            value={w.values.denominacion}
            maxLength={LIMITS.denominacion.max + 20}
            autoComplete="organization"
            spellCheck={false}
            onChange={(e) => w.change("denominacion", e.target.value)}
            onBlur={() => w.touch("denominacion")}
          />
        )}
      </FormField>

      <fieldset className="inc-tipos" aria-describedby={["inc-tipo-hint", tipoFindings?.id].filter(Boolean).join(" ")}>
        <legend>{f.tipo}</legend>
        <p className="field-hint" id="inc-tipo-hint">
          {f.tipoHint}
        </p>
        <div className="inc-tipo-options">
          {tipos.map((x, i) => (
            <div className="inc-tipo-option" key={x.tipo}>
              <input
                type="radio"
                id={`inc-tipo-${i}`}
                name="tipo"
                value={x.tipo}
                checked={w.values.tipo === x.tipo}
                aria-describedby={`inc-tipo-${i}-desc`}
                onChange={() => w.change("tipo", x.tipo)}
                onBlur={() => w.touch("tipo")}
              />
              <label htmlFor={`inc-tipo-${i}`}>
                {x.tipo}
                {x.pendingLaw ? <span className="pill pill-warn inc-tipo-tag">{f.pendingLawTag}</span> : null}
              </label>
              <p className="inc-tipo-desc" id={`inc-tipo-${i}-desc`}>
                {fill(f.tipoFacts, {
                  suffix: x.suffixes[0] ?? "",
                  minimum: x.minimumCapital > 0 ? formatPesos(x.minimumCapital, lang) : f.noMinimum,
                })}
              </p>
            </div>
          ))}
        </div>
        {tipoFindings?.element}
      </fieldset>

      <div className="field">
        <label htmlFor="inc-capital">{f.capital}</label>
        <div className="field-hint" id="inc-capital-hint">
          <p>
            {w.tipoInfo && w.tipoInfo.minimumCapital > 0
              ? fill(f.capitalHint, { tipo: w.tipoInfo.tipo, minimum: formatPesos(w.tipoInfo.minimumCapital, lang) })
              : fill(f.capitalNoMinimumHint, { tipo: w.values.tipo })}{" "}
            {w.tipoInfo ? (
              <>
                {f.capitalSource} {w.tipoInfo.source}
              </>
            ) : null}
          </p>
        </div>
        {/* Not a FormField: its hint is a block of its own (styled as such). */}
        <input
          {...describedControl("inc-capital", "inc-capital-hint", capitalFindings, w.invalid("capitalSocial"))}
          type="text"
          name="capitalSocial"
          inputMode="decimal"
          autoComplete="off"
          value={w.values.capital}
          onChange={(e) => w.change("capital", e.target.value)}
          onBlur={() => w.touch("capital")}
        />
        {typeof w.parsedCapital === "number" &&
        w.parsedCapital > 0 &&
        String(w.parsedCapital) !== w.values.capital.trim() ? (
          <p className="field-hint inc-reads">{fill(f.capitalReads, { amount: formatPesos(w.parsedCapital, lang) })}</p>
        ) : null}
        {capitalFindings?.element}
      </div>

      <FormField
        id="inc-objeto"
        label={f.objeto}
        hint={fill(f.objetoHint, { min: LIMITS.objeto.min, max: LIMITS.objeto.max })}
        invalid={w.invalid("objeto")}
        findings={fieldFindings(w, f.severity, "objeto")}
        after={
          <p className="field-hint inc-count">
            {fill(f.objetoCount, { n: w.values.objeto.length, max: LIMITS.objeto.max })}
          </p>
        }
      >
        {(control) => (
          <textarea
            {...control}
            name="objeto"
            rows={4}
            value={w.values.objeto}
            onChange={(e) => w.change("objeto", e.target.value)}
            onBlur={() => w.touch("objeto")}
          />
        )}
      </FormField>
    </fieldset>
  );
}
