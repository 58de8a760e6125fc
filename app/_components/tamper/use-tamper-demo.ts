"use client";

import { type FormEvent, useState } from "react";
import type { RequestFailure } from "@/app/_components/feedback/request-failure";
import { SESSION_ID_PATTERN } from "@/lib/audit/entry";
import type { TamperDemoResult, TamperMutation } from "@/lib/audit/tamper-demo";
import { callApi, problemWords } from "../../_client/api";
import { loadOnce } from "../../_client/load-once";
import { SEQ_INPUT, type TamperDemoMessages } from "./tamper-model";

type ResultView = typeof import("./tamper-result").TamperResult;

// The result's view is needed only once the demonstration ran: it loads with the first run.
const loadResultView = loadOnce<ResultView>(() => import("./tamper-result").then((module) => module.TamperResult));

/**
 * The tamper demonstration's state: which log (the built-in sample, the offered session or one the
 * visitor types), which alteration and which entry; checks them before sending, then calls
 * POST /api/play/tamper-demo and keeps its answer.
 */
export function useTamperDemo({
  words,
  sessionId,
  defaultSessionId,
  startWithSample,
}: {
  words: TamperDemoMessages;
  sessionId?: string;
  defaultSessionId?: string;
  startWithSample: boolean;
}) {
  const t = words.tamper;
  const [source, setSource] = useState<"sample" | "session">(sessionId && !startWithSample ? "session" : "sample");
  const [sessionInput, setSessionInput] = useState(defaultSessionId ?? "");
  const [mutation, setMutation] = useState<TamperMutation>("edit-output");
  const [seqInput, setSeqInput] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ data: TamperDemoResult; View: ResultView } | null>(null);
  const [failure, setFailure] = useState<RequestFailure | null>(null);

  const targetSession = sessionId ?? sessionInput.trim();
  const sessionError =
    attempted && source === "session" && !sessionId && !SESSION_ID_PATTERN.test(targetSession)
      ? targetSession === ""
        ? t.sessionRequired
        : words.request.invalidSessionId
      : null;
  const seqError = attempted && seqInput.trim() !== "" && !SEQ_INPUT.test(seqInput.trim()) ? t.seqInvalid : null;

  async function run() {
    setBusy(true);
    setFailure(null);
    const view = loadResultView();
    view.catch(() => {});
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
    if (!answer.ok) {
      setBusy(false);
      setResult(null);
      setFailure(problemWords(answer.problem, words.request, { validation_failed: t.tooFewEntries }));
      return;
    }
    let View: ResultView;
    try {
      View = await view;
    } catch {
      // The answer came but its view could not be fetched: running the demonstration again is harmless.
      setBusy(false);
      setResult(null);
      setFailure({ message: words.request.network });
      return;
    }
    setBusy(false);
    setResult({ data: answer.data, View });
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
