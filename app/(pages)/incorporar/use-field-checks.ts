"use client";

import { useRef, useState } from "react";
import type { Finding } from "@/lib/incorporation/finding-codes";
import {
  EMPTY,
  FIELD_OF,
  FIELD_ORDER,
  INPUT_ID,
  type Issue,
  toIssue,
  type Values,
  type WizardProps,
} from "./wizard-model";

export type FieldKey = Exclude<keyof Values, "chain">;

/**
 * Which findings the form shows: a field's once it was left or the form was sent, the server's until
 * their field changes. `findings` are the rules' on the current values, null while unknown.
 */
export function useFieldChecks({
  values,
  findings,
  words,
}: {
  values: Values;
  findings: Finding[] | null;
  words: WizardProps["words"];
}) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const pressingSubmit = useRef(false);
  const deferredTouches = useRef(new Set<string>());

  const clientIssues: Issue[] = (findings ?? [])
    // The pending-law note is always on screen next to the tipo; it is no finding of the visitor's.
    .filter((x) => x.code !== "tipo_pending_law")
    .map((x) => toIssue(x, words));
  if (values.chain && !values.sessionId.trim()) {
    clientIssues.push({ field: "sessionId", severity: "error", message: words.form.fields.sessionIdMissing });
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

  /** What the server said about these fields no longer holds once they change. */
  function dropServerIssues(fields: string[]) {
    setServerIssues((list) =>
      list.some((i) => fields.includes(i.field)) ? list.filter((i) => !fields.includes(i.field)) : list,
    );
  }

  /** The server refused the request with these findings: show them all now. */
  function showServerIssues(issues: Issue[]) {
    setServerIssues(issues);
    setSubmitted(true);
  }

  return {
    submitted,
    markSubmitted: () => setSubmitted(true),
    issuesOf,
    // Warnings and infos describe a field; only an error marks it invalid.
    invalid: (field: string) => issuesOf(field).some((i) => i.severity === "error"),
    blocking,
    summaryIssues,
    hasServerErrors: serverIssues.some((i) => i.severity === "error"),
    /** Whether the visitor has typed or sent anything: before that the summary counts no errors. */
    started:
      submitted || touched.size > 0 || (Object.keys(EMPTY) as (keyof Values)[]).some((k) => values[k] !== EMPTY[k]),
    touch,
    pressSubmit,
    releaseSubmit,
    dropServerIssues,
    showServerIssues,
  };
}
