import { normaliseCuit } from "@/lib/identity/cuit";
import { describedControl, FormField } from "../_components/form-field";
import { fieldFindings } from "./field-issues";
import type { Incorporation } from "./use-incorporation";
import type { WizardMessages } from "./wizard-model";

/** Step 2: the human who answers for the company (optional). */
export function PeopleFields({
  incorporation,
  formWords,
}: {
  incorporation: Incorporation;
  formWords: WizardMessages["form"];
}) {
  const repCuitFindings = fieldFindings(incorporation, formWords.severity, "representante.cuit");
  return (
    <fieldset aria-describedby="inc-people-intro">
      <legend>{formWords.people}</legend>
      <p className="field-hint" id="inc-people-intro">
        {formWords.peopleIntro}
      </p>
      {fieldFindings(incorporation, formWords.severity, "representante", "inc-representante-issues")?.element}
      <div className="field-row">
        <FormField
          id="inc-rep-nombre"
          label={
            <>
              {formWords.repNombre} <span className="inc-optional">{formWords.optional}</span>
            </>
          }
          invalid={incorporation.invalid("representante.nombre")}
          findings={fieldFindings(incorporation, formWords.severity, "representante.nombre")}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="representanteNombre"
              autoComplete="name"
              value={incorporation.values.repNombre}
              onChange={(e) => incorporation.change("repNombre", e.target.value)}
              onBlur={() => incorporation.touch("repNombre")}
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
              incorporation.invalid("representante.cuit"),
            )}
            type="text"
            name="representanteCuit"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder="20-12345678-6"
            value={incorporation.values.repCuit}
            onChange={(e) => incorporation.change("repCuit", e.target.value)}
            onBlur={() => {
              // The same rule the server applies: 11 digits typed in one go get their hyphens.
              const written = normaliseCuit(incorporation.values.repCuit);
              if (written !== incorporation.values.repCuit) incorporation.change("repCuit", written);
              incorporation.touch("repCuit");
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
        invalid={incorporation.invalid("emailContacto")}
        findings={fieldFindings(incorporation, formWords.severity, "emailContacto")}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            name="emailContacto"
            autoComplete="email"
            spellCheck={false}
            value={incorporation.values.email}
            onChange={(e) => incorporation.change("email", e.target.value)}
            onBlur={() => incorporation.touch("email")}
          />
        )}
      </FormField>
    </fieldset>
  );
}
