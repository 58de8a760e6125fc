import { describedControl, FormField } from "@/app/_components/forms/form-field";
import { normaliseCuit } from "@/lib/identity/cuit";
import { fieldFindings } from "./field-issues";
import type { WizardFields } from "./use-incorporation";
import type { WizardMessages } from "./wizard-model";

/** Step 2: the human who answers for the company (optional). */
export function PeopleFields({ fields, formWords }: { fields: WizardFields; formWords: WizardMessages["form"] }) {
  const repCuitFindings = fieldFindings(fields, formWords.severity, "representante.cuit");
  return (
    <fieldset aria-describedby="inc-people-intro">
      <legend>{formWords.people}</legend>
      <p className="field-hint" id="inc-people-intro">
        {formWords.peopleIntro}
      </p>
      {fieldFindings(fields, formWords.severity, "representante", "inc-representante-issues")?.element}
      <div className="field-row">
        <FormField
          id="inc-rep-nombre"
          label={
            <>
              {formWords.repNombre} <span className="inc-optional">{formWords.optional}</span>
            </>
          }
          invalid={fields.invalid("representante.nombre")}
          findings={fieldFindings(fields, formWords.severity, "representante.nombre")}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="representanteNombre"
              autoComplete="name"
              value={fields.values.repNombre}
              onChange={(e) => fields.change("repNombre", e.target.value)}
              onBlur={() => fields.touch("repNombre")}
            />
          )}
        </FormField>
        <div className="field">
          <label htmlFor="inc-rep-cuit">
            {formWords.repCuit} <span className="inc-optional">{formWords.optional}</span>
          </label>
          {/* Not a FormField: its hint follows the control. */}
          <input
            {...describedControl(
              "inc-rep-cuit",
              "inc-rep-cuit-hint",
              repCuitFindings,
              fields.invalid("representante.cuit"),
            )}
            type="text"
            name="representanteCuit"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder="20-12345678-6"
            value={fields.values.repCuit}
            onChange={(e) => fields.change("repCuit", e.target.value)}
            onBlur={() => {
              // The same rule the server applies: 11 digits typed in one go get their hyphens.
              const written = normaliseCuit(fields.values.repCuit);
              if (written !== fields.values.repCuit) fields.change("repCuit", written);
              fields.touch("repCuit");
            }}
          />
          <p className="field-hint" id="inc-rep-cuit-hint">
            {formWords.repCuitHint}
          </p>
          {repCuitFindings?.element}
        </div>
      </div>
      <FormField
        id="inc-email"
        label={
          <>
            {formWords.email} <span className="inc-optional">{formWords.optional}</span>
          </>
        }
        invalid={fields.invalid("emailContacto")}
        findings={fieldFindings(fields, formWords.severity, "emailContacto")}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            name="emailContacto"
            autoComplete="email"
            spellCheck={false}
            value={fields.values.email}
            onChange={(e) => fields.change("email", e.target.value)}
            onBlur={() => fields.touch("email")}
          />
        )}
      </FormField>
    </fieldset>
  );
}
