"use client";

import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from "react";
import { fill } from "@/lib/i18n/template";
import { sendIncorporation } from "./send-incorporation";
import { readSessionFragment } from "./session-fragment";
import { useRules } from "./use-rules";
import {
  DRAFT_KEY,
  EMPTY,
  FIELD_OF,
  FIELD_ORDER,
  INPUT_ID,
  type Issue,
  type Phase,
  parseCapital,
  randomKey,
  toBody,
  toIssue,
  type Values,
  type WizardProps,
} from "./wizard-model";

type FieldKey = Exclude<keyof Values, "chain">;

/**
 * The incorporation wizard's state: validates as the visitor types with the rules the API applies
 * (lib/incorporation/validate.ts, loaded just after the page: use-rules.ts), shows a field's
 * findings once it was left or the form was sent, blocks sending while any is an error, calls
 * POST /api/auto-incorporate and keeps its result.
 */
export function useIncorporation({ words, lang, smvm, tipos, initialFindings }: WizardProps) {
  const f = words.form;
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: "editing" });
  const { rules, load: loadRules } = useRules();
  const [awaitingRules, setAwaitingRules] = useState(false);
  const [focusTarget, setFocusTarget] = useState<{ to: "summary" | "result" | "form"; tick: number } | null>(null);
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  const restored = useRef(false);
  const pressingSubmit = useRef(false);
  const deferredTouches = useRef(new Set<string>());
  const summaryRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const formTitleRef = useRef<HTMLHeadingElement>(null);

  // Keep the draft (never the token) for this tab, so switching language or reloading loses nothing.
  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(DRAFT_KEY);
      if (saved) setValues({ ...EMPTY, ...(JSON.parse(saved) as Partial<Values>), sessionToken: "" });
    } catch {
      /* storage refused or a stale draft: start empty */
    }
    // Arriving from /play's "add an incorporation to this session": take its session, then drop the
    // token from the address bar so it is not bookmarked or shared with the page's address.
    const chained = readSessionFragment(window.location.hash);
    if (chained) {
      setValues((v) => ({ ...v, chain: true, sessionId: chained.sessionId, sessionToken: chained.token }));
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    }
    restored.current = true;
  }, []);
  useEffect(() => {
    if (!restored.current) return;
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...values, sessionToken: "" }));
    } catch {
      /* storage refused: nothing to keep */
    }
  }, [values]);

  useEffect(() => {
    if (!focusTarget) return;
    const el =
      focusTarget.to === "summary"
        ? summaryRef.current
        : focusTarget.to === "result"
          ? resultRef.current
          : formTitleRef.current;
    el?.focus();
  }, [focusTarget]);

  const tipoInfo = tipos.find((x) => x.tipo === values.tipo);
  const body = toBody(values);
  const validation = rules ? rules(body, { lang, smvm }) : null;
  // Until the rules are here, the server's findings on the untouched form stand for theirs; an
  // edited form has none yet (nothing is shown or counted, and sending waits for the rules).
  const findings = validation ? validation.findings : values === EMPTY ? initialFindings : null;
  const clientIssues: Issue[] = (findings ?? [])
    // The pending-law note is always on screen next to the tipo; it is no finding of the visitor's.
    .filter((x) => x.code !== "tipo_pending_law")
    .map((x) => toIssue(x, words));
  if (values.chain && !values.sessionId.trim()) {
    clientIssues.push({ field: "sessionId", severity: "error", message: f.fields.sessionIdMissing });
  }
  const isTouched = (field: string) =>
    field === "representante"
      ? touched.has("representante.nombre") || touched.has("representante.cuit")
      : touched.has(field);
  const visible = [...clientIssues.filter((i) => submitted || isTouched(i.field)), ...serverIssues];
  const issuesOf = (field: string) => visible.filter((i) => i.field === field);
  const blocking = [...clientIssues, ...serverIssues.filter((i) => i.field in INPUT_ID)].filter(
    (i) => i.severity === "error",
  );
  // In the order of the form, not of the rules.
  const order = (field: string) => FIELD_ORDER.indexOf(field) >>> 0;
  const summaryIssues = visible.filter((i) => i.severity === "error").sort((a, b) => order(a.field) - order(b.field));

  function change<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    // What the server said about a field no longer holds once it changes (the tipo moves two more);
    // the session fields go with the choice to chain, and they are hidden once it is unticked.
    const stale =
      key === "chain"
        ? ["sessionId", "sessionToken"]
        : key === "tipo"
          ? [FIELD_OF.tipo, "denominacion", "capitalSocial"]
          : [FIELD_OF[key as FieldKey]];
    setServerIssues((list) =>
      list.some((i) => stale.includes(i.field)) ? list.filter((i) => !stale.includes(i.field)) : list,
    );
  }

  function touch(key: FieldKey) {
    const field = FIELD_OF[key];
    // Leaving a field by pressing the submit button: showing its findings now would move the button
    // between press and release and swallow the click. The submission shows them anyway.
    if (pressingSubmit.current) {
      deferredTouches.current.add(field);
      return;
    }
    setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
  }

  function pressSubmit() {
    pressingSubmit.current = true;
  }

  function releaseSubmit() {
    if (!pressingSubmit.current) return;
    pressingSubmit.current = false;
    const fields = [...deferredTouches.current];
    deferredTouches.current.clear();
    if (fields.length > 0) setTimeout(() => setTouched((s) => new Set([...s, ...fields])), 0);
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
      setFocusTarget({ to: "result", tick: Date.now() });
    } else if (outcome.kind === "issues") {
      setServerIssues(outcome.issues);
      setSubmitted(true);
      setPhase({ kind: "editing" });
      setFocusTarget({ to: "summary", tick: Date.now() });
    } else {
      setPhase(outcome);
    }
  }

  function submit() {
    setSubmitted(true);
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
    if (blocking.length > 0) {
      setPhase({ kind: "editing" });
      setFocusTarget({ to: "summary", tick: Date.now() });
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
    setFocusTarget({ to: "form", tick: Date.now() });
  }

  const announcement =
    phase.kind === "done"
      ? fill(words.result.announce, { name: phase.result.sociedad.denominacion })
      : phase.kind === "sending"
        ? f.submitting
        : "";

  return {
    values,
    submitted,
    phase,
    tipoInfo,
    parsedCapital: parseCapital(values.capital),
    summaryIssues,
    /** Errors that block sending now, shown or not yet (the live summary counts them); null before the rules load. */
    blockingCount: findings ? blocking.length : null,
    /** Whether the visitor has typed or sent anything: before that the summary counts no errors. */
    started:
      submitted || touched.size > 0 || (Object.keys(EMPTY) as (keyof Values)[]).some((k) => values[k] !== EMPTY[k]),
    hasServerErrors: serverIssues.some((i) => i.severity === "error"),
    announcement,
    refs: { summaryRef, resultRef, formTitleRef },
    issuesOf,
    // Warnings and infos describe a field; only an error marks it invalid.
    invalid: (field: string) => issuesOf(field).some((i) => i.severity === "error"),
    change,
    touch,
    pressSubmit,
    releaseSubmit,
    send,
    onSubmit,
    edit,
  };
}

/** The wizard's state and actions, as the views receive them. */
export type Incorporation = ReturnType<typeof useIncorporation>;
