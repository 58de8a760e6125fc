import { FormField } from "../_components/form-field";
import { fieldFindings } from "./field-issues";
import type { Incorporation } from "./use-incorporation";
import type { WizardMessages } from "./wizard-model";

/** Step 3: the audit session the incorporation joins (a new one unless the visitor names one). */
export function SessionFields({ w, f }: { w: Incorporation; f: WizardMessages["form"] }) {
  return (
    <fieldset aria-describedby="inc-session-intro">
      <legend>{f.session}</legend>
      <p className="field-hint" id="inc-session-intro">
        {f.sessionIntro}
      </p>
      <div className="inc-check">
        <input
          type="checkbox"
          id="inc-chain"
          checked={w.values.chain}
          aria-controls="inc-session-fields"
          onChange={(e) => w.change("chain", e.target.checked)}
        />
        <label htmlFor="inc-chain">{f.chain}</label>
      </div>
      <div id="inc-session-fields" hidden={!w.values.chain}>
        <FormField
          id="inc-session-id"
          label={f.sessionId}
          hint={f.sessionIdHint}
          invalid={w.invalid("sessionId")}
          findings={fieldFindings(w, f.severity, "sessionId")}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="sessionId"
              autoComplete="off"
              spellCheck={false}
              value={w.values.sessionId}
              onChange={(e) => w.change("sessionId", e.target.value)}
              onBlur={() => w.touch("sessionId")}
            />
          )}
        </FormField>
        <FormField
          id="inc-session-token"
          label={
            <>
              {f.sessionToken} <span className="inc-optional">{f.optional}</span>
            </>
          }
          hint={f.sessionTokenHint}
          invalid={w.invalid("sessionToken")}
          findings={fieldFindings(w, f.severity, "sessionToken")}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              name="sessionToken"
              autoComplete="off"
              spellCheck={false}
              value={w.values.sessionToken}
              onChange={(e) => w.change("sessionToken", e.target.value)}
              onBlur={() => w.touch("sessionToken")}
            />
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
