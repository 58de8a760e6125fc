import { FormField } from "../_components/form-field";
import { fieldFindings } from "./field-issues";
import type { Incorporation } from "./use-incorporation";
import type { WizardMessages } from "./wizard-model";

/** Step 3: the audit session the incorporation joins (a new one unless the visitor names one). */
export function SessionFields({
  incorporation,
  formWords,
}: {
  incorporation: Incorporation;
  formWords: WizardMessages["form"];
}) {
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
          checked={incorporation.values.chain}
          aria-controls="inc-session-fields"
          onChange={(e) => incorporation.change("chain", e.target.checked)}
        />
        <label htmlFor="inc-chain">{formWords.chain}</label>
      </div>
      <div id="inc-session-fields" hidden={!incorporation.values.chain}>
        <FormField
          id="inc-session-id"
          label={formWords.sessionId}
          hint={formWords.sessionIdHint}
          invalid={incorporation.invalid("sessionId")}
          findings={fieldFindings(incorporation, formWords.severity, "sessionId")}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="sessionId"
              autoComplete="off"
              spellCheck={false}
              value={incorporation.values.sessionId}
              onChange={(e) => incorporation.change("sessionId", e.target.value)}
              onBlur={() => incorporation.touch("sessionId")}
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
          invalid={incorporation.invalid("sessionToken")}
          findings={fieldFindings(incorporation, formWords.severity, "sessionToken")}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              name="sessionToken"
              autoComplete="off"
              spellCheck={false}
              value={incorporation.values.sessionToken}
              onChange={(e) => incorporation.change("sessionToken", e.target.value)}
              onBlur={() => incorporation.touch("sessionToken")}
            />
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
