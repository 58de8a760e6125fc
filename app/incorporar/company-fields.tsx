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
  incorporation,
  formWords,
  lang,
  tipos,
}: {
  incorporation: Incorporation;
  formWords: WizardMessages["form"];
  lang: Lang;
  tipos: TipoInfo[];
}) {
  const tipoFindings = fieldFindings(incorporation, formWords.severity, "tipo", "inc-tipo-0-issues");
  const capitalFindings = fieldFindings(incorporation, formWords.severity, "capitalSocial");
  const suffix = incorporation.tipoInfo?.suffixes[0] ?? "";
  return (
    <fieldset>
      <legend>{formWords.company}</legend>
      <FormField
        id="inc-denominacion"
        label={formWords.denominacion}
        hint={fill(formWords.denominacionHint, { suffix })}
        invalid={incorporation.invalid("denominacion")}
        findings={fieldFindings(incorporation, formWords.severity, "denominacion")}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name="denominacion"
            value={incorporation.values.denominacion}
            maxLength={LIMITS.denominacion.max + 20}
            autoComplete="organization"
            spellCheck={false}
            onChange={(e) => incorporation.change("denominacion", e.target.value)}
            onBlur={() => incorporation.touch("denominacion")}
          />
        )}
      </FormField>

      <fieldset className="inc-tipos" aria-describedby={["inc-tipo-hint", tipoFindings?.id].filter(Boolean).join(" ")}>
        <legend>{formWords.tipo}</legend>
        <p className="field-hint" id="inc-tipo-hint">
          {formWords.tipoHint}
        </p>
        <div className="inc-tipo-options">
          {tipos.map((x, i) => (
            <div className="inc-tipo-option" key={x.tipo}>
              <input
                type="radio"
                id={`inc-tipo-${i}`}
                name="tipo"
                value={x.tipo}
                checked={incorporation.values.tipo === x.tipo}
                aria-describedby={`inc-tipo-${i}-desc`}
                onChange={() => incorporation.change("tipo", x.tipo)}
                onBlur={() => incorporation.touch("tipo")}
              />
              <label htmlFor={`inc-tipo-${i}`}>
                {x.tipo}
                {x.pendingLaw ? <span className="pill pill-warn inc-tipo-tag">{formWords.pendingLawTag}</span> : null}
              </label>
              <p className="inc-tipo-desc" id={`inc-tipo-${i}-desc`}>
                {fill(formWords.tipoFacts, {
                  suffix: x.suffixes[0] ?? "",
                  minimum: x.minimumCapital > 0 ? formatPesos(x.minimumCapital, lang) : formWords.noMinimum,
                })}
              </p>
            </div>
          ))}
        </div>
        {tipoFindings?.element}
      </fieldset>

      <div className="field">
        <label htmlFor="inc-capital">{formWords.capital}</label>
        <div className="field-hint" id="inc-capital-hint">
          <p>
            {incorporation.tipoInfo && incorporation.tipoInfo.minimumCapital > 0
              ? fill(formWords.capitalHint, {
                  tipo: incorporation.tipoInfo.tipo,
                  minimum: formatPesos(incorporation.tipoInfo.minimumCapital, lang),
                })
              : fill(formWords.capitalNoMinimumHint, { tipo: incorporation.values.tipo })}{" "}
            {incorporation.tipoInfo ? (
              <>
                {formWords.capitalSource} {incorporation.tipoInfo.source}
              </>
            ) : null}
          </p>
        </div>
        {/* Not a FormField: its hint is a block of its own (styled as such). */}
        <input
          {...describedControl(
            "inc-capital",
            "inc-capital-hint",
            capitalFindings,
            incorporation.invalid("capitalSocial"),
          )}
          type="text"
          name="capitalSocial"
          inputMode="decimal"
          autoComplete="off"
          value={incorporation.values.capital}
          onChange={(e) => incorporation.change("capital", e.target.value)}
          onBlur={() => incorporation.touch("capital")}
        />
        {typeof incorporation.parsedCapital === "number" &&
        incorporation.parsedCapital > 0 &&
        String(incorporation.parsedCapital) !== incorporation.values.capital.trim() ? (
          <p className="field-hint inc-reads">
            {fill(formWords.capitalReads, { amount: formatPesos(incorporation.parsedCapital, lang) })}
          </p>
        ) : null}
        {capitalFindings?.element}
      </div>

      <FormField
        id="inc-objeto"
        label={formWords.objeto}
        hint={fill(formWords.objetoHint, { min: LIMITS.objeto.min, max: LIMITS.objeto.max })}
        invalid={incorporation.invalid("objeto")}
        findings={fieldFindings(incorporation, formWords.severity, "objeto")}
        after={
          <p className="field-hint inc-count">
            {fill(formWords.objetoCount, { n: incorporation.values.objeto.length, max: LIMITS.objeto.max })}
          </p>
        }
      >
        {(control) => (
          <textarea
            {...control}
            name="objeto"
            rows={4}
            value={incorporation.values.objeto}
            onChange={(e) => incorporation.change("objeto", e.target.value)}
            onBlur={() => incorporation.touch("objeto")}
          />
        )}
      </FormField>
    </fieldset>
  );
}
