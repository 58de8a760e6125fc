import { FormField } from "@/app/_components/forms/form-field";
import { fieldFindings } from "./field-issues";
import type { WizardFields } from "./use-incorporation";
import type { WizardMessages } from "./wizard-model";

/** Step 3: the audit session the incorporation joins (a new one unless the visitor names one). */
export function SessionFields({ fields, formWords }: { fields: WizardFields; formWords: WizardMessages["form"] }) {
  return (
    <fieldset aria-describedby="inc-session-intro">
      <legend>{formWords.session}</legend>
      <p className="field-hint" id="inc-session-intro">
        {formWords.sessionIntro}
      </p>
      <div className="inc-check">
        <input
          type="checkbox"
          id="inc-chain"
          checked={fields.values.chain}
          aria-controls="inc-session-fields"
          onChange={(e) => fields.change("chain", e.target.checked)}
        />
        <label htmlFor="inc-chain">{formWords.chain}</label>
      </div>
      <div id="inc-session-fields" hidden={!fields.values.chain}>
        <FormField
          id="inc-session-id"
          label={formWords.sessionId}
          hint={formWords.sessionIdHint}
          invalid={fields.invalid("sessionId")}
          findings={fieldFindings(fields, formWords.severity, "sessionId")}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="sessionId"
              autoComplete="off"
              spellCheck={false}
              value={fields.values.sessionId}
              onChange={(e) => fields.change("sessionId", e.target.value)}
              onBlur={() => fields.touch("sessionId")}
            />
          )}
        </FormField>
        <FormField
          id="inc-session-token"
          label={
            <>
              {formWords.sessionToken} <span className="inc-optional">{formWords.optional}</span>
            </>
          }
          hint={formWords.sessionTokenHint}
          invalid={fields.invalid("sessionToken")}
          findings={fieldFindings(fields, formWords.severity, "sessionToken")}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              name="sessionToken"
              autoComplete="off"
              spellCheck={false}
              value={fields.values.sessionToken}
              onChange={(e) => fields.change("sessionToken", e.target.value)}
              onBlur={() => fields.touch("sessionToken")}
            />
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
