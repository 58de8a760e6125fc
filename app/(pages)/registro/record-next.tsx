"use client";

import { type RefObject, useActionState, useEffect, useRef } from "react";
import { errorFindings, FormField } from "@/app/_components/forms/form-field";
import type { Lang } from "@/lib/i18n";
import type { CertifyWords } from "./certification-verdict";
import { CertifyPanel } from "./certify-panel";
import type { ClaimState } from "./record-action-state";
import { claimRecord } from "./record-actions";
import { refusalWords } from "./refusal-words";
import type { RegistryMessages } from "./words";

export type ClaimWords = RegistryMessages["claim"];

const FIELD_IDS: Record<string, string> = {
  claimToken: "claim-token",
  publicUrl: "claim-url",
  operator: "claim-operator",
  operatorCuit: "claim-cuit",
};

/**
 * A record's next step, for whoever holds its token. A forming record: the claim token and the
 * deployed address (the representative named at incorporation stays the operator unless changed);
 * the owner token is then shown once, with the certification right under it. A draft or live record:
 * the certification. Both are server actions, so they work before JavaScript loads and tokens travel
 * in the body. One component at one place in the page: the claim's answer and the certify form keep
 * their state when the page is rendered again with the record's new status.
 */
export function RecordNext({
  recordId,
  status,
  certifiable,
  operator,
  operatorCuit,
  words,
  certify,
  findingMessages,
  noUrl,
  lang,
}: {
  recordId: string;
  status: "forming" | "draft" | "live";
  /** It has a public address the certifier can visit. */
  certifiable: boolean;
  operator: string;
  operatorCuit: string;
  words: ClaimWords;
  certify: CertifyWords;
  findingMessages: Record<string, string>;
  noUrl: string;
  lang: Lang;
}) {
  const [state, action, pending] = useActionState<ClaimState, FormData>(claimRecord, {
    status: "idle",
    values: { publicUrl: "", operator, operatorCuit },
  });
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status !== "idle") noticeRef.current?.focus();
  }, [state]);

  const claimed = state.status === "claimed" ? state : null;
  const showCertify = claimed !== null || (status !== "forming" && certifiable);
  return (
    <>
      {claimed ? (
        <div className="notice registry-created" role="status" tabIndex={-1} ref={noticeRef}>
          <p>
            <strong>{words.claimed}</strong>
          </p>
          <p>
            {words.ownerToken}: <code className="registry-token">{claimed.ownerToken}</code>
          </p>
          <p>{words.ownerTokenWarning}</p>
        </div>
      ) : status === "forming" ? (
        <ClaimFields
          state={state}
          action={action}
          pending={pending}
          recordId={recordId}
          noticeRef={noticeRef}
          words={words}
          certify={certify}
          findingMessages={findingMessages}
        />
      ) : certifiable ? null : (
        <p>{noUrl}</p>
      )}
      {showCertify ? (
        <CertifyPanel key="certify" recordId={recordId} token={claimed?.ownerToken} words={certify} lang={lang} />
      ) : null}
    </>
  );
}

/** The claim form: token, deployed address, operator and CUIT, with its findings. */
function ClaimFields({
  state,
  action,
  pending,
  recordId,
  noticeRef,
  words,
  certify,
  findingMessages,
}: {
  state: ClaimState;
  action: (form: FormData) => void;
  pending: boolean;
  recordId: string;
  noticeRef: RefObject<HTMLDivElement | null>;
  words: ClaimWords;
  certify: CertifyWords;
  findingMessages: Record<string, string>;
}) {
  const problems = new Map<string, string>();
  if (state.status === "invalid") {
    for (const f of state.findings) {
      const message = f.code === "token_missing" ? words.tokenMissing : (findingMessages[f.code] ?? f.code);
      problems.set(f.field, [problems.get(f.field), message].filter(Boolean).join(" "));
    }
  }
  const findings = (field: string) => errorFindings(FIELD_IDS[field] ?? field, problems.get(field));
  const v = state.values;
  return (
    <section className="certify-panel" aria-labelledby="claim-title">
      <h3 id="claim-title">{words.title}</h3>
      <p>{words.intro}</p>
      {state.status === "refused" || problems.size > 0 ? (
        <div className="notice registry-alert" role="alert" tabIndex={-1} ref={noticeRef}>
          {state.status === "refused" ? (
            <p>{refusalWords(state.refusal, certify.errors)}</p>
          ) : (
            <>
              <p>{words.summary}</p>
              <ul>
                {[...problems].map(([field, message]) => (
                  <li key={field}>
                    <a href={`#${FIELD_IDS[field] ?? "claim-token"}`}>
                      {words.labels[field as keyof ClaimWords["labels"]] ?? field}
                    </a>
                    : {message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
      <form action={action} className="registry-form" noValidate>
        <input type="hidden" name="recordId" value={recordId} />
        <FormField
          id="claim-token"
          label={words.labels.claimToken}
          hint={words.tokenHint}
          className="registry-field"
          findings={findings("claimToken")}
        >
          {(control) => <input {...control} name="claimToken" type="password" autoComplete="off" spellCheck={false} />}
        </FormField>
        <FormField
          id="claim-url"
          label={words.labels.publicUrl}
          hint={words.urlHint}
          className="registry-field"
          findings={findings("publicUrl")}
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
        <div className="registry-field-row">
          <FormField
            id="claim-operator"
            label={words.labels.operator}
            hint={words.operatorHint}
            className="registry-field"
            findings={findings("operator")}
          >
            {(control) => <input {...control} name="operator" defaultValue={v.operator} maxLength={200} />}
          </FormField>
          <FormField
            id="claim-cuit"
            label={words.labels.operatorCuit}
            className="registry-field"
            findings={findings("operatorCuit")}
          >
            {(control) => (
              <input
                {...control}
                name="operatorCuit"
                defaultValue={v.operatorCuit}
                inputMode="numeric"
                placeholder="20-12345678-6"
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </FormField>
        </div>
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? words.submitting : words.submit}
        </button>
      </form>
    </section>
  );
}
