"use client";

import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { Lang } from "@/lib/i18n";
import { formatPesos } from "@/lib/i18n/format-pesos";
import type { IncorporateMessages } from "@/lib/i18n/messages/incorporate";
import { fill } from "@/lib/i18n/template";
import { normaliseCuit } from "@/lib/identity/cuit";
import type { Finding, Severity } from "@/lib/incorporation/finding-codes";
import type { IncorporationSuccess } from "@/lib/incorporation/success";
import { LIMITS, validateIncorporation } from "@/lib/incorporation/validate";
import { type ApiProblem, callApi, problemWords, waitSeconds } from "../_client/api";
import { ErrorNotice } from "../_components/audit/error-notice";
import type { RequestFailure } from "../_components/audit/request-failure";
import { describedControl, type FieldFindings, FormField } from "../_components/form-field";
import { readSessionFragment } from "./session-fragment";

/** The messages the wizard and its result render, in the page's language. */
export type WizardMessages = Pick<IncorporateMessages, "form" | "errors" | "result">;

type ResultView = typeof import("./incorporation-result").IncorporationResult;

// The result view is only needed after a successful submit: it loads then, not with the page.
let resultView: Promise<ResultView> | null = null;
function loadResultView(): Promise<ResultView> {
  resultView ??= import("./incorporation-result").then((module) => module.IncorporationResult);
  resultView.catch(() => {
    resultView = null;
  });
  return resultView;
}

/** What the page knows about each tipo (from the endpoint's self-description). */
export interface TipoInfo {
  tipo: string;
  suffixes: string[];
  minimumCapital: number;
  /** Legal source of the minimum, in the page's language. */
  source: string;
  pendingLaw: boolean;
}

interface Values {
  denominacion: string;
  tipo: string;
  capital: string;
  objeto: string;
  repNombre: string;
  repCuit: string;
  email: string;
  chain: boolean;
  sessionId: string;
  sessionToken: string;
}

const EMPTY: Values = {
  denominacion: "",
  tipo: "SOCIEDAD-IA",
  capital: "",
  objeto: "",
  repNombre: "",
  repCuit: "",
  email: "",
  chain: false,
  sessionId: "",
  sessionToken: "",
};

/** A finding as the page shows it: the shared rules' findings, the server's, and two of the page's own. */
interface Issue {
  field: string;
  severity: Severity;
  message: string;
}

/** The API member each input stands for: findings carry these in `field`. */
const FIELD_OF: Record<Exclude<keyof Values, "chain">, string> = {
  denominacion: "denominacion",
  tipo: "tipo",
  capital: "capitalSocial",
  objeto: "objeto",
  repNombre: "representante.nombre",
  repCuit: "representante.cuit",
  email: "emailContacto",
  sessionId: "sessionId",
  sessionToken: "sessionToken",
};

/** Element ids, so every finding sits next to (and is linked from the summary to) its input. */
const INPUT_ID: Record<string, string> = {
  denominacion: "inc-denominacion",
  tipo: "inc-tipo-0",
  capitalSocial: "inc-capital",
  objeto: "inc-objeto",
  representante: "inc-rep-nombre",
  "representante.nombre": "inc-rep-nombre",
  "representante.cuit": "inc-rep-cuit",
  emailContacto: "inc-email",
  sessionId: "inc-session-id",
  sessionToken: "inc-session-token",
};

const FIELD_ORDER = Object.keys(INPUT_ID);

const DRAFT_KEY = "incorporar-draft";

/**
 * Reads the capital as typed: plain digits, Argentine grouping (2.000.000,50) or English grouping
 * (2,000,000.50). Anything else goes to the rules as text, which they report as not a number.
 */
function parseCapital(raw: string): number | string {
  const s = raw.replace(/[\s\u00a0$]/g, "").replace(/^ARS/i, "");
  if (s === "") return "";
  let plain: string | null = null;
  if (/^-?\d+(\.\d+)?$/.test(s) && !/^\d{1,3}\.\d{3}$/.test(s)) plain = s;
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) plain = s.replace(/\./g, "").replace(",", ".");
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) plain = s.replace(/,/g, "");
  else if (/^\d+,\d{1,2}$/.test(s)) plain = s.replace(",", ".");
  return plain === null ? raw : Number(plain);
}

/** The request body the form stands for; optional parts only when the visitor filled them. */
function toBody(v: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {
    denominacion: v.denominacion,
    tipo: v.tipo,
    capitalSocial: parseCapital(v.capital),
    objeto: v.objeto,
  };
  if (v.repNombre.trim() || v.repCuit.trim()) body.representante = { nombre: v.repNombre, cuit: v.repCuit };
  if (v.email.trim()) body.emailContacto = v.email;
  if (v.chain && v.sessionId.trim()) body.sessionId = v.sessionId.trim();
  return body;
}

/** The shared rules' messages, except the few that name API members rather than what to do. */
function toIssue(f: Finding, m: WizardMessages): Issue {
  const { fields } = m.form;
  let message = f.message;
  if (f.code === "required" && f.field in fields) message = fields[f.field as keyof typeof fields] as string;
  if (f.code === "invalid_type" && f.field === "capitalSocial") message = fields.capitalNotNumber;
  if (f.code === "session_id_invalid") message = m.errors.invalidSessionId;
  return { field: f.field, severity: f.severity, message };
}

/** 32 hex characters; crypto.getRandomValues works on plain http too (randomUUID does not). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function isSuccess(data: unknown): data is IncorporationSuccess {
  const d = data as Partial<IncorporationSuccess> | null;
  return !!d && d.ok === true && typeof d.config === "object" && Array.isArray(d.checklist);
}

function findingsOf(data: unknown): Finding[] | null {
  const findings = (data as { validation?: { findings?: unknown } } | null)?.validation?.findings;
  return Array.isArray(findings) ? (findings as Finding[]) : null;
}

type Phase =
  | { kind: "editing" }
  | { kind: "sending" }
  | { kind: "failed"; failure: RequestFailure }
  | { kind: "done"; result: IncorporationSuccess; replayed: boolean; View: ResultView };

/**
 * The incorporation wizard: validates as the visitor types with the rules the API applies
 * (lib/incorporation/validate.ts), shows a field's findings once it was left or the form was sent,
 * blocks sending while any is an error, calls POST /api/auto-incorporate and shows its result.
 */
export function IncorporationWizard({
  m,
  lang,
  smvm,
  tipos,
}: {
  m: WizardMessages;
  lang: Lang;
  smvm: number;
  tipos: TipoInfo[];
}) {
  const f = m.form;
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: "editing" });
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
  const validation = validateIncorporation(body, { lang, smvm });
  const clientIssues: Issue[] = validation.findings
    // The pending-law note is always on screen next to the tipo; it is no finding of the visitor's.
    .filter((x) => x.code !== "tipo_pending_law")
    .map((x) => toIssue(x, m));
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
          : [FIELD_OF[key as Exclude<keyof Values, "chain">]];
    setServerIssues((list) =>
      list.some((i) => stale.includes(i.field)) ? list.filter((i) => !stale.includes(i.field)) : list,
    );
  }

  function touch(key: Exclude<keyof Values, "chain">) {
    const field = FIELD_OF[key];
    // Leaving a field by pressing the submit button: showing its findings now would move the button
    // between press and release and swallow the click. The submission shows them anyway.
    if (pressingSubmit.current) {
      deferredTouches.current.add(field);
      return;
    }
    setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
  }

  function releaseSubmit() {
    if (!pressingSubmit.current) return;
    pressingSubmit.current = false;
    const fields = [...deferredTouches.current];
    deferredTouches.current.clear();
    if (fields.length > 0) setTimeout(() => setTouched((s) => new Set([...s, ...fields])), 0);
  }

  async function send() {
    const request = validation.request;
    if (!request) return;
    const text = JSON.stringify(request);
    // One key per distinct request: a retry after a lost answer replays it instead of running it twice.
    if (idempotency.current?.body !== text) idempotency.current = { body: text, key: randomKey() };
    const token = values.chain ? values.sessionToken.trim() : "";
    const view = loadResultView();
    setPhase({ kind: "sending" });
    const answer = await callApi("/api/auto-incorporate", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "accept-language": lang,
        "idempotency-key": idempotency.current.key,
        ...(token ? { "x-session-token": token } : {}),
      },
      body: text,
    });
    if (answer.ok && isSuccess(answer.data)) {
      let View: ResultView;
      try {
        View = await view;
      } catch {
        // The company exists, but its result view could not be fetched: a retry replays the answer.
        setPhase({ kind: "failed", failure: { message: m.errors.network } });
        return;
      }
      const replayed = answer.response.headers.get("idempotent-replayed") === "true";
      setPhase({ kind: "done", result: answer.data, replayed, View });
      setFocusTarget({ to: "result", tick: Date.now() });
      return;
    }
    const problem: ApiProblem = answer.ok ? { kind: "unreadable" } : answer.problem;
    const findings = problem.kind === "http" ? findingsOf(problem.body) : null;
    if (problem.kind === "http" && problem.status === 422 && findings) {
      setServerIssues(findings.filter((x) => x.code !== "tipo_pending_law").map((x) => toIssue(x, m)));
      setSubmitted(true);
      setPhase({ kind: "editing" });
      setFocusTarget({ to: "summary", tick: Date.now() });
      return;
    }
    // Codes that name a field of the form are shown beside it; the rest as the request's failure.
    const fieldOf: Record<string, [field: string, message: string]> = {
      session_token_required: ["sessionToken", m.errors.sessionTokenRequired],
      session_token_invalid: ["sessionToken", m.errors.sessionTokenInvalid],
      invalid_session_id: ["sessionId", m.errors.invalidSessionId],
    };
    const onField = problem.kind === "http" && problem.code ? fieldOf[problem.code] : undefined;
    if (onField) {
      setServerIssues([{ field: onField[0], severity: "error", message: onField[1] }]);
      setSubmitted(true);
      setPhase({ kind: "editing" });
      setFocusTarget({ to: "summary", tick: Date.now() });
      return;
    }
    const failure = problemWords(
      problem,
      {
        network: m.errors.network,
        unreadable: m.errors.unreadable,
        rateLimited: m.errors.rateLimited,
        storeUnavailable: m.errors.unavailable,
        invalidSessionId: m.errors.invalidSessionId,
        server: m.errors.server,
      },
      {
        rate_limited: (p) => fill(m.errors.rateLimited, { seconds: waitSeconds(p, 60) }),
        unauthorized: m.errors.unauthorized,
        idempotency_in_progress: m.errors.inProgress,
      },
    );
    setPhase({ kind: "failed", failure });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind === "sending") return;
    setSubmitted(true);
    if (blocking.length > 0) {
      setPhase({ kind: "editing" });
      setFocusTarget({ to: "summary", tick: Date.now() });
      return;
    }
    void send();
  }

  const announcement =
    phase.kind === "done"
      ? fill(m.result.announce, { name: phase.result.sociedad.denominacion })
      : phase.kind === "sending"
        ? f.submitting
        : "";

  const live = (
    <p className="visually-hidden" role="status" aria-live="polite">
      {announcement}
    </p>
  );

  if (phase.kind === "done") {
    const { View } = phase;
    return (
      <>
        {live}
        <View
          t={m.result}
          severity={f.severity}
          lang={lang}
          result={phase.result}
          replayed={phase.replayed}
          headingRef={resultRef}
          onEdit={() => {
            setPhase({ kind: "editing" });
            setFocusTarget({ to: "form", tick: Date.now() });
          }}
        />
      </>
    );
  }

  // A field's visible findings, each with its severity, under the field (the tipo's under its first option).
  const fieldFindings = (field: string, id = `${INPUT_ID[field]}-issues`): FieldFindings | null => {
    const issues = issuesOf(field);
    return issues.length > 0 ? { id, element: <Issues id={id} issues={issues} labels={f.severity} /> } : null;
  };
  // Warnings and infos describe a field; only an error marks it invalid.
  const invalid = (field: string) => issuesOf(field).some((i) => i.severity === "error");
  const tipoFindings = fieldFindings("tipo", "inc-tipo-0-issues");
  const capitalFindings = fieldFindings("capitalSocial");
  const repCuitFindings = fieldFindings("representante.cuit");
  const suffix = tipoInfo?.suffixes[0] ?? "";
  const parsedCapital = parseCapital(values.capital);
  const objetoLength = values.objeto.length;
  const sending = phase.kind === "sending";

  return (
    <section aria-labelledby="inc-form-title" className="inc-form-section">
      {live}
      <h2 id="inc-form-title" tabIndex={-1} ref={formTitleRef}>
        {f.title}
      </h2>
      <p>{f.intro}</p>

      {submitted && summaryIssues.length > 0 ? (
        <div className="notice notice-error inc-summary" role="alert" tabIndex={-1} ref={summaryRef}>
          <p>{serverIssues.some((i) => i.severity === "error") ? f.serverSummary : f.summary}</p>
          <ul>
            {summaryIssues.map((i) => (
              <li key={`${i.field}:${i.message}`}>
                <a href={`#${INPUT_ID[i.field] ?? "inc-denominacion"}`}>{i.message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <form className="audit-form inc-form" noValidate onSubmit={onSubmit} aria-labelledby="inc-form-title">
        <fieldset>
          <legend>{f.company}</legend>
          <FormField
            id="inc-denominacion"
            label={f.denominacion}
            hint={fill(f.denominacionHint, { suffix })}
            invalid={invalid("denominacion")}
            findings={fieldFindings("denominacion")}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                name="denominacion"
                value={values.denominacion}
                maxLength={LIMITS.denominacion.max + 20}
                autoComplete="organization"
                spellCheck={false}
                onChange={(e) => change("denominacion", e.target.value)}
                onBlur={() => touch("denominacion")}
              />
            )}
          </FormField>

          <fieldset
            className="inc-tipos"
            aria-describedby={["inc-tipo-hint", tipoFindings?.id].filter(Boolean).join(" ")}
          >
            <legend>{f.tipo}</legend>
            <p className="field-hint" id="inc-tipo-hint">
              {f.tipoHint}
            </p>
            <div className="inc-tipo-options">
              {tipos.map((x, i) => (
                <div className="inc-tipo-option" key={x.tipo}>
                  <input
                    type="radio"
                    id={`inc-tipo-${i}`}
                    name="tipo"
                    value={x.tipo}
                    checked={values.tipo === x.tipo}
                    aria-describedby={`inc-tipo-${i}-desc`}
                    onChange={() => change("tipo", x.tipo)}
                    onBlur={() => touch("tipo")}
                  />
                  <label htmlFor={`inc-tipo-${i}`}>
                    {x.tipo}
                    {x.pendingLaw ? <span className="pill pill-warn inc-tipo-tag">{f.pendingLawTag}</span> : null}
                  </label>
                  <p className="inc-tipo-desc" id={`inc-tipo-${i}-desc`}>
                    {fill(f.tipoFacts, {
                      suffix: x.suffixes[0] ?? "",
                      minimum: x.minimumCapital > 0 ? formatPesos(x.minimumCapital, lang) : f.noMinimum,
                    })}
                  </p>
                </div>
              ))}
            </div>
            {tipoFindings?.element}
          </fieldset>

          <div className="field">
            <label htmlFor="inc-capital">{f.capital}</label>
            <div className="field-hint" id="inc-capital-hint">
              <p>
                {tipoInfo && tipoInfo.minimumCapital > 0
                  ? fill(f.capitalHint, { tipo: tipoInfo.tipo, minimum: formatPesos(tipoInfo.minimumCapital, lang) })
                  : fill(f.capitalNoMinimumHint, { tipo: values.tipo })}{" "}
                {tipoInfo ? (
                  <>
                    {f.capitalSource} {tipoInfo.source}
                  </>
                ) : null}
              </p>
            </div>
            {/* Not a FormField: its hint is a block of its own (styled as such). */}
            <input
              {...describedControl("inc-capital", "inc-capital-hint", capitalFindings, invalid("capitalSocial"))}
              type="text"
              name="capitalSocial"
              inputMode="decimal"
              autoComplete="off"
              value={values.capital}
              onChange={(e) => change("capital", e.target.value)}
              onBlur={() => touch("capital")}
            />
            {typeof parsedCapital === "number" &&
            parsedCapital > 0 &&
            String(parsedCapital) !== values.capital.trim() ? (
              <p className="field-hint inc-reads">
                {fill(f.capitalReads, { amount: formatPesos(parsedCapital, lang) })}
              </p>
            ) : null}
            {capitalFindings?.element}
          </div>

          <FormField
            id="inc-objeto"
            label={f.objeto}
            hint={fill(f.objetoHint, { min: LIMITS.objeto.min, max: LIMITS.objeto.max })}
            invalid={invalid("objeto")}
            findings={fieldFindings("objeto")}
            after={
              <p className="field-hint inc-count">{fill(f.objetoCount, { n: objetoLength, max: LIMITS.objeto.max })}</p>
            }
          >
            {(control) => (
              <textarea
                {...control}
                name="objeto"
                rows={4}
                value={values.objeto}
                onChange={(e) => change("objeto", e.target.value)}
                onBlur={() => touch("objeto")}
              />
            )}
          </FormField>
        </fieldset>

        <fieldset aria-describedby="inc-people-intro">
          <legend>{f.people}</legend>
          <p className="field-hint" id="inc-people-intro">
            {f.peopleIntro}
          </p>
          {fieldFindings("representante", "inc-representante-issues")?.element}
          <div className="field-row">
            <FormField
              id="inc-rep-nombre"
              label={
                <>
                  {f.repNombre} <span className="inc-optional">{f.optional}</span>
                </>
              }
              invalid={invalid("representante.nombre")}
              findings={fieldFindings("representante.nombre")}
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  name="representanteNombre"
                  autoComplete="name"
                  value={values.repNombre}
                  onChange={(e) => change("repNombre", e.target.value)}
                  onBlur={() => touch("repNombre")}
                />
              )}
            </FormField>
            <div className="field">
              <label htmlFor="inc-rep-cuit">
                {f.repCuit} <span className="inc-optional">{f.optional}</span>
              </label>
              {/* Not a FormField: its hint follows the control. */}
              <input
                {...describedControl(
                  "inc-rep-cuit",
                  "inc-rep-cuit-hint",
                  repCuitFindings,
                  invalid("representante.cuit"),
                )}
                type="text"
                name="representanteCuit"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                placeholder="20-12345678-6"
                value={values.repCuit}
                onChange={(e) => change("repCuit", e.target.value)}
                onBlur={() => {
                  // The same rule the server applies: 11 digits typed in one go get their hyphens.
                  const written = normaliseCuit(values.repCuit);
                  if (written !== values.repCuit) change("repCuit", written);
                  touch("repCuit");
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
            invalid={invalid("emailContacto")}
            findings={fieldFindings("emailContacto")}
          >
            {(control) => (
              <input
                {...control}
                type="email"
                name="emailContacto"
                autoComplete="email"
                spellCheck={false}
                value={values.email}
                onChange={(e) => change("email", e.target.value)}
                onBlur={() => touch("email")}
              />
            )}
          </FormField>
        </fieldset>

        <fieldset aria-describedby="inc-session-intro">
          <legend>{f.session}</legend>
          <p className="field-hint" id="inc-session-intro">
            {f.sessionIntro}
          </p>
          <div className="inc-check">
            <input
              type="checkbox"
              id="inc-chain"
              checked={values.chain}
              aria-controls="inc-session-fields"
              onChange={(e) => change("chain", e.target.checked)}
            />
            <label htmlFor="inc-chain">{f.chain}</label>
          </div>
          <div id="inc-session-fields" hidden={!values.chain}>
            <FormField
              id="inc-session-id"
              label={f.sessionId}
              hint={f.sessionIdHint}
              invalid={invalid("sessionId")}
              findings={fieldFindings("sessionId")}
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  name="sessionId"
                  autoComplete="off"
                  spellCheck={false}
                  value={values.sessionId}
                  onChange={(e) => change("sessionId", e.target.value)}
                  onBlur={() => touch("sessionId")}
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
              invalid={invalid("sessionToken")}
              findings={fieldFindings("sessionToken")}
            >
              {(control) => (
                <input
                  {...control}
                  type="password"
                  name="sessionToken"
                  autoComplete="off"
                  spellCheck={false}
                  value={values.sessionToken}
                  onChange={(e) => change("sessionToken", e.target.value)}
                  onBlur={() => touch("sessionToken")}
                />
              )}
            </FormField>
          </div>
        </fieldset>

        {phase.kind === "failed" ? (
          <ErrorNotice
            failure={phase.failure}
            lang={lang}
            detailLabel={m.errors.serverDetail}
            retryLabel={m.errors.retry}
            onRetry={() => void send()}
          />
        ) : null}

        <div className="button-row">
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={sending || undefined}
            onPointerDown={() => {
              pressingSubmit.current = true;
            }}
            onPointerUp={releaseSubmit}
            onPointerCancel={releaseSubmit}
            onPointerLeave={releaseSubmit}
          >
            {sending ? f.submitting : f.submit}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A field's findings, each with its severity in words (colour only reinforces it). */
function Issues({ id, issues, labels }: { id: string; issues: Issue[]; labels: Record<Severity, string> }): ReactNode {
  if (issues.length === 0) return null;
  return (
    <ul className="inc-issues" id={id}>
      {issues.map((i) => (
        <li
          key={`${i.severity}:${i.message}`}
          className={i.severity === "error" ? "field-error" : `inc-issue-${i.severity}`}
        >
          <span className="inc-issue-label">{labels[i.severity]}:</span> {i.message}
        </li>
      ))}
    </ul>
  );
}
