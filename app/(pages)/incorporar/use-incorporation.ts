"use client";

import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from "react";
import { fill } from "@/lib/i18n/template";
import { sendIncorporation } from "./send-incorporation";
import { useDraft } from "./use-draft";
import { type FieldKey, useFieldChecks } from "./use-field-checks";
import { useFocusTarget } from "./use-focus-target";
import { useRules } from "./use-rules";
import {
  EMPTY,
  FIELD_OF,
  type Phase,
  parseCapital,
  randomKey,
  toBody,
  type Values,
  type WizardProps,
} from "./wizard-model";

/**
 * The incorporation wizard: validates as the visitor types with the rules the API applies
 * (lib/incorporation/validate.ts, loaded just after the page: use-rules.ts), blocks sending while
 * any finding is an error, calls POST /api/auto-incorporate and keeps its result. It hands each view
 * its own part: `fields` to the form's steps, `summary` to the live summary, `errors` to the error
 * summary, the rest to the wizard around them.
 */
export function useIncorporation({ words, lang, smvm, tipos, initialFindings }: WizardProps) {
  const [values, setValues] = useDraft();
  const [phase, setPhase] = useState<Phase>({ kind: "editing" });
  const { rules, load: loadRules } = useRules();
  const [awaitingRules, setAwaitingRules] = useState(false);
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  const focus = useFocusTarget();

  const validation = rules ? rules(toBody(values), { lang, smvm }) : null;
  // Until the rules are here, the server's findings on the untouched form stand for theirs; an
  // edited form has none yet (nothing is shown or counted, and sending waits for the rules).
  const findings = validation ? validation.findings : values === EMPTY ? initialFindings : null;
  const checks = useFieldChecks({ values, findings, words });
  const tipoInfo = tipos.find((x) => x.tipo === values.tipo);
  const parsedCapital = parseCapital(values.capital);

  function change<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    // The tipo moves two more fields; the session fields go with the choice to chain, and they are
    // hidden once it is unticked.
    checks.dropServerIssues(
      key === "chain"
        ? ["sessionId", "sessionToken"]
        : key === "tipo"
          ? [FIELD_OF.tipo, "denominacion", "capitalSocial"]
          : [FIELD_OF[key as FieldKey]],
    );
  }

  async function send() {
    // The rules failed to load: ask for them again, then check and send.
    if (!validation) return submit();
    const request = validation.request;
    if (!request) return;
    const text = JSON.stringify(request);
    // One key per distinct request: a retry after a lost answer replays it instead of running it twice.
    if (idempotency.current?.body !== text) idempotency.current = { body: text, key: randomKey() };
    const token = values.chain ? values.sessionToken.trim() : "";
    setPhase({ kind: "sending" });
    const outcome = await sendIncorporation({ text, idempotencyKey: idempotency.current.key, token, lang, words });
    if (outcome.kind === "done") {
      setPhase(outcome);
      focus.focus("result");
    } else if (outcome.kind === "issues") {
      checks.showServerIssues(outcome.issues);
      setPhase({ kind: "editing" });
      focus.focus("summary");
    } else {
      setPhase(outcome);
    }
  }

  function submit() {
    checks.markSubmitted();
    if (!validation) {
      // Sent before the rules arrived: checked and sent once they are here.
      setPhase({ kind: "editing" });
      setAwaitingRules(true);
      loadRules().catch(() => {
        setAwaitingRules(false);
        setPhase({ kind: "failed", failure: { message: words.errors.rulesUnavailable } });
      });
      return;
    }
    if (checks.blocking.length > 0) {
      setPhase({ kind: "editing" });
      focus.focus("summary");
      return;
    }
    void send();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind === "sending") return;
    submit();
  }

  const submitWithRules = useEffectEvent(submit);
  useEffect(() => {
    if (!rules || !awaitingRules) return;
    setAwaitingRules(false);
    submitWithRules();
  }, [rules, awaitingRules]);

  function edit() {
    setPhase({ kind: "editing" });
    focus.focus("form");
  }

  const announcement =
    phase.kind === "done"
      ? fill(words.result.announce, { name: phase.result.sociedad.denominacion })
      : phase.kind === "sending"
        ? words.form.submitting
        : "";

  return {
    phase,
    announcement,
    fields: { values, change, touch: checks.touch, issuesOf: checks.issuesOf, invalid: checks.invalid },
    company: { tipoInfo, parsedCapital },
    summary: {
      values,
      tipoInfo,
      parsedCapital,
      /** Errors that block sending now, shown or not yet; null before the rules load. */
      blockingCount: findings ? checks.blocking.length : null,
      started: checks.started,
    },
    errors: {
      shown: checks.submitted && checks.summaryIssues.length > 0,
      issues: checks.summaryIssues,
      fromServer: checks.hasServerErrors,
      ref: focus.summaryRef,
    },
    submitButton: { press: checks.pressSubmit, release: checks.releaseSubmit },
    resultRef: focus.resultRef,
    formTitleRef: focus.formTitleRef,
    onSubmit,
    send,
    edit,
  };
}

type Wizard = ReturnType<typeof useIncorporation>;
/** What the form's steps read and call: the values, their findings, and the change and leave handlers. */
export type WizardFields = Wizard["fields"];
/** What the company step needs besides the fields: the chosen tipo and the capital as a number. */
export type CompanyFacts = Wizard["company"];
/** What the live summary shows. */
export type WizardSummary = Wizard["summary"];
/** The error summary above the form. */
export type ErrorSummaryState = Wizard["errors"];
