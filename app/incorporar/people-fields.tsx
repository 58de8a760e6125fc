import { normaliseCuit } from "@/lib/identity/cuit";
import { describedControl, FormField } from "../_components/form-field";
import { fieldFindings } from "./field-issues";
import type { Incorporation } from "./use-incorporation";
import type { WizardMessages } from "./wizard-model";

/** Step 2: the human who answers for the company (optional). */
export function PeopleFields({ w, f }: { w: Incorporation; f: WizardMessages["form"] }) {
  const repCuitFindings = fieldFindings(w, f.severity, "representante.cuit");
  return (
    <fieldset aria-describedby="inc-people-intro">
      <legend>{f.people}</legend>
      <p className="field-hint" id="inc-people-intro">
        {f.peopleIntro}
      </p>
      {fieldFindings(w, f.severity, "representante", "inc-representante-issues")?.element}
      <div className="field-row">
        <FormField
          id="inc-rep-nombre"
          label={
            <>
              {f.repNombre} <span className="inc-optional">{f.optional}</span>
            </>
          }
          invalid={w.invalid("representante.nombre")}
          findings={fieldFindings(w, f.severity, "representante.nombre")}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="representanteNombre"
              autoComplete="name"
              value={w.values.repNombre}
              onChange={(e) => w.change("repNombre", e.target.value)}
              onBlur={() => w.touch("repNombre")}
            />
          )}
        </FormField>
        <div className="field">
          <label htmlFor="inc-rep-cuit">
            {f.repCuit} <span className="inc-optional">{f.optional}</span>
          </label>
          {/* Not a FormField: its hint follows the control. */}
          <input
            {...describedControl("inc-rep-cuit", "inc-rep-cuit-hint", repCuitFindings, w.invalid("representante.cuit"))}
            type="text"
            name="representanteCuit"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder="20-12345678-6"
            value={w.values.repCuit}
            onChange={(e) => w.change("repCuit", e.target.value)}
            onBlur={() => {
              // The same rule the server applies: 11 digits typed in one go get their hyphens.
              const written = normaliseCuit(w.values.repCuit);
              if (written !== w.values.repCuit) w.change("repCuit", written);
              w.touch("repCuit");
            }}
          />
          <p className="field-hint" id="inc-rep-cuit-hint">
            {f.repCuitHint}
          </p>
          {repCuitFindings?.element}
        </div>
      </div>
      <FormField
        id="inc-email"
        label={
          <>
            {f.email} <span className="inc-optional">{f.optional}</span>
          </>
        }
        invalid={w.invalid("emailContacto")}
        findings={fieldFindings(w, f.severity, "emailContacto")}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            name="emailContacto"
            autoComplete="email"
            spellCheck={false}
            value={w.values.email}
            onChange={(e) => w.change("email", e.target.value)}
            onBlur={() => w.touch("email")}
          />
        )}
      </FormField>
    </fieldset>
  );
}
