"use client";

import { useActionState, useEffect, useRef } from "react";
import type { Lang } from "@/lib/i18n";
import { errorFindings, FormField } from "../_components/form-field";
import { submitListing } from "./actions";
import type { CertifyWords } from "./certification-verdict";
import { CertifyPanel } from "./certify-panel";
import { EMPTY_VALUES, type ListingFormState } from "./listing-form-state";

type Option = { value: string; label: string };

export interface SelfListingFormProps {
  /** Plain strings only: functions cannot cross to the client. */
  t: Record<
    | "name"
    | "type"
    | "jurisdiction"
    | "operator"
    | "operatorHint"
    | "operatorCuit"
    | "operatorCuitHint"
    | "publicUrl"
    | "publicUrlHint"
    | "rfc"
    | "disclosureEs"
    | "disclosureEn"
    | "disclosureHint"
    | "submit"
    | "submitting"
    | "summary"
    | "created"
    | "tokenLabel"
    | "tokenWarning"
    | "nextSteps"
    | "certifyStep"
    | "viewRecord",
    string
  >;
  /** The certify panel's words: shown with the owner token right after listing. */
  certify: CertifyWords;
  lang: Lang;
  findingMessages: Record<string, string>;
  errorMessages: Record<string, string>;
  types: Option[];
  jurisdictions: Option[];
  rfcTokens: string[];
}

/** Input id of each API member, so a finding's `field` lands next to its input. */
const FIELD_IDS: Record<string, string> = {
  name: "listing-name",
  type: "listing-type",
  jurisdiction: "listing-jurisdiction",
  operator: "listing-operator",
  operatorCuit: "listing-cuit",
  publicUrl: "listing-url",
  rfcConformance: "listing-rfc",
  "disclosure.es": "listing-disclosure-es",
  "disclosure.en": "listing-disclosure-en",
};

function fieldKey(field: string): string {
  return field.startsWith("rfcConformance") ? "rfcConformance" : field;
}

/**
 * The self-listing form: a server action (it works before JavaScript loads), findings shown next to
 * each field and summarised at the top after a submission (never before), and the owner token shown
 * once on success.
 */
export function SelfListingForm({
  t,
  certify,
  lang,
  findingMessages,
  errorMessages,
  types,
  jurisdictions,
  rfcTokens,
}: SelfListingFormProps) {
  const [state, action, pending] = useActionState<ListingFormState, FormData>(submitListing, {
    status: "idle",
    values: EMPTY_VALUES,
  });
  const summaryRef = useRef<HTMLDivElement>(null);
  const createdRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status === "invalid" || state.status === "error") summaryRef.current?.focus();
    if (state.status === "created") createdRef.current?.focus();
  }, [state]);

  const problems = new Map<string, string[]>();
  if (state.status === "invalid") {
    for (const f of state.findings.filter((finding) => finding.severity === "error")) {
      const key = fieldKey(f.field);
      problems.set(key, [...(problems.get(key) ?? []), findingMessages[f.code] ?? f.code]);
    }
  }
  const labels: Record<string, string> = {
    name: t.name,
    type: t.type,
    jurisdiction: t.jurisdiction,
    operator: t.operator,
    operatorCuit: t.operatorCuit,
    publicUrl: t.publicUrl,
    rfcConformance: t.rfc,
    "disclosure.es": t.disclosureEs,
    "disclosure.en": t.disclosureEn,
  };
  const v = state.values;
  // After an action React resets the form to each control's default. It updates an input's default
  // from defaultValue, but not a select's (react/react#32362): the selects are keyed on what the
  // action returned, so they are created anew with it as their default.

  const fieldFindings = (key: string) => errorFindings(FIELD_IDS[key] ?? key, problems.get(key)?.join(" "));
  const rfcFindings = fieldFindings("rfcConformance");

  return (
    <>
      {state.status === "created" ? (
        <>
          <div className="notice registry-created" role="status" tabIndex={-1} ref={createdRef}>
            <p>
              <strong>{t.created}</strong> <a href={`/registro?id=${encodeURIComponent(state.id)}`}>{t.viewRecord}</a>
            </p>
            <p>
              {t.tokenLabel}: <code className="registry-token">{state.ownerToken}</code>
            </p>
            <p>{t.tokenWarning}</p>
            <p>{t.nextSteps}</p>
            <pre className="code-block" translate="no">
              <code>{`"issuer": { …, "registryId": "${state.id}" }`}</code>
            </pre>
            <details>
              <summary>{t.certifyStep}</summary>
              <pre className="code-block" translate="no">
                <code>{state.certifyCommand}</code>
              </pre>
            </details>
          </div>
          <CertifyPanel key={state.id} recordId={state.id} token={state.ownerToken} t={certify} lang={lang} />
        </>
      ) : null}

      {problems.size > 0 || state.status === "error" ? (
        <div className="notice registry-alert registry-summary" role="alert" tabIndex={-1} ref={summaryRef}>
          {problems.size > 0 ? (
            <>
              <p>{t.summary}</p>
              <ul>
                {[...problems].map(([key, messages]) => (
                  <li key={key}>
                    <a href={`#${FIELD_IDS[key] ?? "listing-name"}`}>{labels[key] ?? key}</a>: {messages.join(" ")}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{errorMessages[state.status === "error" ? state.error : ""]}</p>
          )}
        </div>
      ) : null}

      <form action={action} className="registry-form" noValidate>
        <FormField id="listing-name" label={t.name} className="registry-field" findings={fieldFindings("name")}>
          {(control) => (
            <input {...control} name="name" defaultValue={v.name} maxLength={120} autoComplete="organization" />
          )}
        </FormField>
        <div className="registry-field-row">
          <FormField id="listing-type" label={t.type} className="registry-field" findings={fieldFindings("type")}>
            {(control) => (
              <select {...control} key={v.type} name="type" defaultValue={v.type}>
                {types.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            id="listing-jurisdiction"
            label={t.jurisdiction}
            className="registry-field"
            findings={fieldFindings("jurisdiction")}
          >
            {(control) => (
              <select {...control} key={v.jurisdiction} name="jurisdiction" defaultValue={v.jurisdiction}>
                {jurisdictions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <FormField
          id="listing-operator"
          label={t.operator}
          hint={t.operatorHint}
          className="registry-field"
          findings={fieldFindings("operator")}
        >
          {(control) => <input {...control} name="operator" defaultValue={v.operator} maxLength={200} />}
        </FormField>
        <FormField
          id="listing-cuit"
          label={t.operatorCuit}
          hint={t.operatorCuitHint}
          className="registry-field"
          findings={fieldFindings("operatorCuit")}
        >
          {(control) => (
            <input
              {...control}
              name="operatorCuit"
              defaultValue={v.operatorCuit}
              inputMode="numeric"
              placeholder="30-12345678-9"
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField
          id="listing-url"
          label={t.publicUrl}
          hint={t.publicUrlHint}
          className="registry-field"
          findings={fieldFindings("publicUrl")}
        >
          {(control) => (
            <input
              {...control}
              name="publicUrl"
              type="url"
              defaultValue={v.publicUrl}
              placeholder="https://"
              autoComplete="url"
              spellCheck={false}
            />
          )}
        </FormField>
        <fieldset className="registry-field" id="listing-rfc" aria-describedby={rfcFindings?.id}>
          <legend>{t.rfc}</legend>
          <div className="registry-checks">
            {rfcTokens.map((token) => (
              <label key={token} className="registry-check" translate="no">
                <input
                  type="checkbox"
                  name="rfcConformance"
                  value={token}
                  defaultChecked={v.rfcConformance.includes(token)}
                />{" "}
                {token}
              </label>
            ))}
          </div>
          {rfcFindings?.element}
        </fieldset>
        <FormField
          id="listing-disclosure-es"
          label={t.disclosureEs}
          hint={t.disclosureHint}
          className="registry-field"
          findings={fieldFindings("disclosure.es")}
        >
          {(control) => (
            <textarea
              {...control}
              name="disclosureEs"
              lang="es"
              rows={3}
              defaultValue={v.disclosureEs}
              maxLength={2000}
            />
          )}
        </FormField>
        <FormField
          id="listing-disclosure-en"
          label={t.disclosureEn}
          hint={t.disclosureHint}
          className="registry-field"
          findings={fieldFindings("disclosure.en")}
        >
          {(control) => (
            <textarea
              {...control}
              name="disclosureEn"
              lang="en"
              rows={3}
              defaultValue={v.disclosureEn}
              maxLength={2000}
            />
          )}
        </FormField>
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? t.submitting : t.submit}
        </button>
      </form>
    </>
  );
}
