"use client";

import { type FormEvent, useState } from "react";
import { SESSION_ID_PATTERN } from "@/lib/audit/entry";
import type { TamperDemoResult, TamperMutation } from "@/lib/audit/tamper-demo";
import { callApi, problemWords } from "../../_client/api";
import type { RequestFailure } from "./request-failure";
import { SEQ_INPUT, type TamperDemoMessages } from "./tamper-model";

/**
 * The tamper demonstration's state: which log (the built-in sample, the offered session or one the
 * visitor types), which alteration and which entry; checks them before sending, then calls
 * POST /api/play/tamper-demo and keeps its answer.
 */
export function useTamperDemo({
  m,
  sessionId,
  defaultSessionId,
  startWithSample,
}: {
  m: TamperDemoMessages;
  sessionId?: string;
  defaultSessionId?: string;
  startWithSample: boolean;
}) {
  const t = m.tamper;
  const [source, setSource] = useState<"sample" | "session">(sessionId && !startWithSample ? "session" : "sample");
  const [sessionInput, setSessionInput] = useState(defaultSessionId ?? "");
  const [mutation, setMutation] = useState<TamperMutation>("edit-output");
  const [seqInput, setSeqInput] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TamperDemoResult | null>(null);
  const [failure, setFailure] = useState<RequestFailure | null>(null);

  const targetSession = sessionId ?? sessionInput.trim();
  const sessionError =
    attempted && source === "session" && !sessionId && !SESSION_ID_PATTERN.test(targetSession)
      ? targetSession === ""
        ? t.sessionRequired
        : m.request.invalidSessionId
      : null;
  const seqError = attempted && seqInput.trim() !== "" && !SEQ_INPUT.test(seqInput.trim()) ? t.seqInvalid : null;

  async function run() {
    setBusy(true);
    setFailure(null);
    const body = {
      mutation,
      ...(source === "session" ? { sessionId: targetSession } : {}),
      ...(seqInput.trim() !== "" ? { seq: Number(seqInput.trim()) } : {}),
    };
    const answer = await callApi<TamperDemoResult>("/api/play/tamper-demo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    setBusy(false);
    if (!answer.ok) {
      setResult(null);
      setFailure(problemWords(answer.problem, m.request, { validation_failed: t.tooFewEntries }));
      return;
    }
    setResult(answer.data);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const sessionOk = source === "sample" || Boolean(sessionId) || SESSION_ID_PATTERN.test(targetSession);
    const seqOk = seqInput.trim() === "" || SEQ_INPUT.test(seqInput.trim());
    if (sessionOk && seqOk) void run();
  }

  return {
    source,
    setSource,
    sessionInput,
    setSessionInput,
    mutation,
    setMutation,
    seqInput,
    setSeqInput,
    sessionError,
    seqError,
    busy,
    result,
    failure,
    run,
    onSubmit,
  };
}

/** The demonstration's state and actions, as the views receive them. */
export type TamperDemoState = ReturnType<typeof useTamperDemo>;
