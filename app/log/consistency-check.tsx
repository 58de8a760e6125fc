"use client";

import { type FormEvent, useId, useState } from "react";
import type { TransparencyLogMessages } from "@/app/log/words";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { EnglishDetail, ErrorNotice } from "../_components/audit/error-notice";
import { Stat } from "../_components/audit/verification-summary";
import { errorFindings, FormField } from "../_components/form-field";
import { type CheckFailure, type ConsistencyOutcome, checkConsistency } from "./check-consistency";

type Messages = TransparencyLogMessages["consistency"];
type Field = "from" | "to";

/** A size the person typed, or what is wrong with it; only whole numbers 1..max pass. */
function readSize(text: string, max: number, required: string, t: Messages): number | string {
  const value = text.trim();
  if (value === "") return required;
  if (!/^[0-9]+$/.test(value)) return t.errors.notInteger;
  const n = Number(value);
  if (n < 1) return t.errors.tooSmall;
  if (n > max) return fill(t.errors.tooLarge, { max });
  return n;
}

function failureMessage(failure: CheckFailure, t: Messages): { message: string; detail?: string } {
  switch (failure.kind) {
    case "network":
      return { message: t.errors.network };
    case "noWebCrypto":
      return { message: t.errors.noWebCrypto };
    case "server":
      return { message: fill(t.errors.server, { status: failure.status }), detail: failure.detail };
    case "checkpoint":
      return { message: t.errors.checkpoint, detail: failure.detail };
    case "data":
      return { message: t.errors.data, detail: failure.detail };
  }
}

/**
 * The consistency check between two sizes of the log, run in the browser with the client package:
 * the sizes are checked here first, so a bad one is named under its field and nothing is fetched.
 */
export function ConsistencyCheck({ t, lang, vkey, size }: { t: Messages; lang: Lang; vkey: string; size: number }) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    from: size > 1 ? String(Math.max(1, Math.floor(size / 2))) : "",
    to: size > 0 ? String(size) : "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ConsistencyOutcome | null>(null);

  async function run() {
    const from = readSize(values.from, size, t.errors.fromRequired, t);
    const to = readSize(values.to, size, t.errors.toRequired, t);
    const found: Partial<Record<Field, string>> = {};
    if (typeof from === "string") found.from = from;
    if (typeof to === "string") found.to = to;
    if (typeof from === "number" && typeof to === "number" && to < from) found.to = t.errors.order;
    setErrors(found);
    if (typeof from === "string" || typeof to === "string" || found.to) {
      setOutcome(null);
      return;
    }
    if (!globalThis.crypto?.subtle) {
      setOutcome({ kind: "failed", failure: { kind: "noWebCrypto" } });
      return;
    }
    setBusy(true);
    try {
      setOutcome(await checkConsistency(vkey, from, to));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run();
  }

  const field = (name: Field, label: string, hint: string) => (
    <FormField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      findings={errorFindings(`${id}-${name}`, errors[name] ?? null)}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        />
      )}
    </FormField>
  );

  return (
    <>
      <form className="audit-form log-sizes" onSubmit={onSubmit} noValidate>
        {field("from", t.fromLabel, fill(t.fromHint, { max: size }))}
        {field("to", t.toLabel, fill(t.toHint, { max: size }))}
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t.checking : t.submit}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {outcome?.kind === "failed" ? (
          <ErrorNotice
            failure={failureMessage(outcome.failure, t)}
            lang={lang}
            detailLabel={t.detailLabel}
            retryLabel={t.retry}
            onRetry={() => void run()}
          />
        ) : outcome ? (
          <Outcome outcome={outcome} t={t} lang={lang} headingId={`${id}-result`} />
        ) : null}
      </div>
    </>
  );
}

function Outcome({
  outcome,
  t,
  lang,
  headingId,
}: {
  outcome: Exclude<ConsistencyOutcome, { kind: "failed" }>;
  t: Messages;
  lang: Lang;
  headingId: string;
}) {
  const ok = outcome.kind === "consistent";
  const { from, to, size } = outcome;
  return (
    <section className="report" aria-labelledby={headingId} data-consistency={outcome.kind}>
      <h3 id={headingId}>{t.resultTitle}</h3>
      <div className={`verdict verdict-${ok ? "ok" : "bad"}`}>
        <span className={`pill pill-${ok ? "ok" : "bad"}`}>{ok ? t.ok : t.bad}</span>
        <p>{ok ? fill(t.okSentence, { from, to, size }) : fill(t.badSentence, { from, to })}</p>
      </div>
      {outcome.kind === "consistent" ? (
        <dl className="stats">
          <Stat label={t.proofHashes}>{outcome.proofLength}</Stat>
          <Stat label={t.checkpointSize}>{size}</Stat>
          <Stat label={fill(t.root, { n: from })} wide>
            <code translate="no">{outcome.roots[0]}</code>
          </Stat>
          <Stat label={fill(t.root, { n: to })} wide>
            <code translate="no">{outcome.roots[1]}</code>
          </Stat>
        </dl>
      ) : (
        <p>
          <EnglishDetail label={t.detailLabel} text={outcome.detail} lang={lang} />
        </p>
      )}
    </section>
  );
}
