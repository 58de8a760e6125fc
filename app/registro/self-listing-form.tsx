"use client";

import { useActionState, useEffect, useRef } from "react";
import { submitListing } from "./actions";
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
    | "viewRecord",
    string
  >;
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
  if (state.status === "error" && state.error.startsWith("duplicate_")) {
    problems.set(state.error.replace("duplicate_", ""), [errorMessages[state.error] ?? state.error]);
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

  const describe = (key: string, hint?: boolean) => {
    const ids = [hint ? `${FIELD_IDS[key]}-hint` : null, problems.has(key) ? `${FIELD_IDS[key]}-error` : null];
    return ids.filter(Boolean).join(" ") || undefined;
  };
  const invalid = (key: string) => (problems.has(key) ? true : undefined);
  const errorText = (key: string) =>
    problems.has(key) ? (
      <p className="field-error" id={`${FIELD_IDS[key]}-error`}>
        {problems.get(key)?.join(" ")}
      </p>
    ) : null;

  return (
    <>
      {state.status === "created" ? (
        <div className="notice registry-created" role="status" tabIndex={-1} ref={createdRef}>
          <p>
            <strong>{t.created}</strong> <a href={`#${state.id}`}>{t.viewRecord}</a>
          </p>
          <p>
            {t.tokenLabel}: <code className="registry-token">{state.ownerToken}</code>
          </p>
          <p>{t.tokenWarning}</p>
          <p>{t.nextSteps}</p>
          <pre className="code-block" translate="no">
            <code>{state.certifyCommand}</code>
          </pre>
        </div>
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
        <div className="registry-field">
          <label htmlFor="listing-name">{t.name}</label>
          <input
            id="listing-name"
            name="name"
            defaultValue={v.name}
            maxLength={120}
            autoComplete="organization"
            aria-invalid={invalid("name")}
            aria-describedby={describe("name")}
          />
          {errorText("name")}
        </div>
        <div className="registry-field-row">
          <div className="registry-field">
            <label htmlFor="listing-type">{t.type}</label>
            <select
              id="listing-type"
              name="type"
              defaultValue={v.type}
              aria-invalid={invalid("type")}
              aria-describedby={describe("type")}
            >
              {types.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errorText("type")}
          </div>
          <div className="registry-field">
            <label htmlFor="listing-jurisdiction">{t.jurisdiction}</label>
            <select
              id="listing-jurisdiction"
              name="jurisdiction"
              defaultValue={v.jurisdiction}
              aria-invalid={invalid("jurisdiction")}
              aria-describedby={describe("jurisdiction")}
            >
              {jurisdictions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errorText("jurisdiction")}
          </div>
        </div>
        <div className="registry-field">
          <label htmlFor="listing-operator">{t.operator}</label>
          <p className="field-hint" id="listing-operator-hint">
            {t.operatorHint}
          </p>
          <input
            id="listing-operator"
            name="operator"
            defaultValue={v.operator}
            maxLength={200}
            aria-invalid={invalid("operator")}
            aria-describedby={describe("operator", true)}
          />
          {errorText("operator")}
        </div>
        <div className="registry-field">
          <label htmlFor="listing-cuit">{t.operatorCuit}</label>
          <p className="field-hint" id="listing-cuit-hint">
            {t.operatorCuitHint}
          </p>
          <input
            id="listing-cuit"
            name="operatorCuit"
            defaultValue={v.operatorCuit}
            inputMode="numeric"
            placeholder="30-12345678-9"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid("operatorCuit")}
            aria-describedby={describe("operatorCuit", true)}
          />
          {errorText("operatorCuit")}
        </div>
        <div className="registry-field">
          <label htmlFor="listing-url">{t.publicUrl}</label>
          <p className="field-hint" id="listing-url-hint">
            {t.publicUrlHint}
          </p>
          <input
            id="listing-url"
            name="publicUrl"
            type="url"
            defaultValue={v.publicUrl}
            placeholder="https://"
            autoComplete="url"
            spellCheck={false}
            aria-invalid={invalid("publicUrl")}
            aria-describedby={describe("publicUrl", true)}
          />
          {errorText("publicUrl")}
        </div>
        <fieldset className="registry-field" id="listing-rfc" aria-describedby={describe("rfcConformance")}>
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
          {errorText("rfcConformance")}
        </fieldset>
        <div className="registry-field">
          <label htmlFor="listing-disclosure-es">{t.disclosureEs}</label>
          <p className="field-hint" id="listing-disclosure-es-hint">
            {t.disclosureHint}
          </p>
          <textarea
            id="listing-disclosure-es"
            name="disclosureEs"
            lang="es"
            rows={3}
            defaultValue={v.disclosureEs}
            maxLength={2000}
            aria-invalid={invalid("disclosure.es")}
            aria-describedby={describe("disclosure.es", true)}
          />
          {errorText("disclosure.es")}
        </div>
        <div className="registry-field">
          <label htmlFor="listing-disclosure-en">{t.disclosureEn}</label>
          <p className="field-hint" id="listing-disclosure-en-hint">
            {t.disclosureHint}
          </p>
          <textarea
            id="listing-disclosure-en"
            name="disclosureEn"
            lang="en"
            rows={3}
            defaultValue={v.disclosureEn}
            maxLength={2000}
            aria-invalid={invalid("disclosure.en")}
            aria-describedby={describe("disclosure.en", true)}
          />
          {errorText("disclosure.en")}
        </div>
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? t.submitting : t.submit}
        </button>
      </form>
    </>
  );
}
