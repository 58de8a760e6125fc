import { describedControl, FormField } from "@/app/_components/forms/form-field";
import type { Lang } from "@/lib/i18n";
import { formatPesos } from "@/lib/i18n/format-pesos";
import { fill } from "@/lib/i18n/template";
import { LIMITS } from "@/lib/incorporation/limits";
import { fieldFindings } from "./field-issues";
import type { CompanyFacts, WizardFields } from "./use-incorporation";
import type { TipoInfo, WizardMessages } from "./wizard-model";

/** Step 1: the company itself (name, tipo, capital, purpose). */
export function CompanyFields({
  fields,
  company,
  formWords,
  lang,
  tipos,
}: {
  fields: WizardFields;
  company: CompanyFacts;
  formWords: WizardMessages["form"];
  lang: Lang;
  tipos: TipoInfo[];
}) {
  const tipoFindings = fieldFindings(fields, formWords.severity, "tipo", "inc-tipo-0-issues");
  const capitalFindings = fieldFindings(fields, formWords.severity, "capitalSocial");
  const suffix = company.tipoInfo?.suffixes[0] ?? "";
  return (
    <fieldset>
      <legend>{formWords.company}</legend>
      <FormField
        id="inc-denominacion"
        label={formWords.denominacion}
        hint={fill(formWords.denominacionHint, { suffix })}
        invalid={fields.invalid("denominacion")}
        findings={fieldFindings(fields, formWords.severity, "denominacion")}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name="denominacion"
            value={fields.values.denominacion}
            maxLength={LIMITS.denominacion.max + 20}
            autoComplete="organization"
            spellCheck={false}
            onChange={(e) => fields.change("denominacion", e.target.value)}
            onBlur={() => fields.touch("denominacion")}
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
                checked={fields.values.tipo === x.tipo}
                aria-describedby={`inc-tipo-${i}-desc`}
                onChange={() => fields.change("tipo", x.tipo)}
                onBlur={() => fields.touch("tipo")}
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
            {company.tipoInfo && company.tipoInfo.minimumCapital > 0
              ? fill(formWords.capitalHint, {
                  tipo: company.tipoInfo.tipo,
                  minimum: formatPesos(company.tipoInfo.minimumCapital, lang),
                })
              : fill(formWords.capitalNoMinimumHint, { tipo: fields.values.tipo })}{" "}
            {company.tipoInfo ? (
              <>
                {formWords.capitalSource} {company.tipoInfo.source}
              </>
            ) : null}
          </p>
        </div>
        {/* Not a FormField: its hint is a block of its own (styled as such). */}
        <input
          {...describedControl("inc-capital", "inc-capital-hint", capitalFindings, fields.invalid("capitalSocial"))}
          type="text"
          name="capitalSocial"
          inputMode="decimal"
          autoComplete="off"
          value={fields.values.capital}
          onChange={(e) => fields.change("capital", e.target.value)}
          onBlur={() => fields.touch("capital")}
        />
        {typeof company.parsedCapital === "number" &&
        company.parsedCapital > 0 &&
        String(company.parsedCapital) !== fields.values.capital.trim() ? (
          <p className="field-hint inc-reads">
            {fill(formWords.capitalReads, { amount: formatPesos(company.parsedCapital, lang) })}
          </p>
        ) : null}
        {capitalFindings?.element}
      </div>

      <FormField
        id="inc-objeto"
        label={formWords.objeto}
        hint={fill(formWords.objetoHint, { min: LIMITS.objeto.min, max: LIMITS.objeto.max })}
        invalid={fields.invalid("objeto")}
        findings={fieldFindings(fields, formWords.severity, "objeto")}
        after={
          <p className="field-hint inc-count">
            {fill(formWords.objetoCount, { n: fields.values.objeto.length, max: LIMITS.objeto.max })}
          </p>
        }
      >
        {(control) => (
          <textarea
            {...control}
            name="objeto"
            rows={4}
            value={fields.values.objeto}
            onChange={(e) => fields.change("objeto", e.target.value)}
            onBlur={() => fields.touch("objeto")}
          />
        )}
      </FormField>
    </fieldset>
  );
}
