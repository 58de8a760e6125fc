"use client";

import type { AuditLogDocument, AuditVerification, PublicJwk } from "@sociedades-ia/incorporate";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { callApi, problemWords } from "@/app/_client/api";
import { loadOnce } from "@/app/_client/load-once";
import type { RequestFailure } from "@/app/_components/feedback/request-failure";
import { prettyJson } from "@/app/_components/log-entry/format";
import { auditPaths } from "@/lib/audit/paths";
import { fetchJwks, fetchLogKey } from "./log-inclusion";
import type { FieldError, InclusionMessages, LogAuditMessages, Messages } from "./verifier-model";

type LogCheck = typeof import("./log-check");

const loadLogCheck = loadOnce<LogCheck>(() => import("./log-check"));

/**
 * The log verifier's state: reads pasted text, a chosen file or the session's own log, and verifies
 * it entirely in the browser with the shared offline verifier (@sociedades-ia/incorporate/verify)
 * and the service's published checkpoint keys, fetched once. The reading, the verifier and the
 * report's view load with the first check (log-check.ts), not with the page.
 */
export function useLogVerifier({
  words,
  inclusion,
  auditWords,
  sessionId,
}: {
  words: Messages;
  inclusion: InclusionMessages;
  auditWords: LogAuditMessages;
  sessionId?: string;
}) {
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [failure, setFailure] = useState<{ failure: RequestFailure; retry: () => void } | null>(null);
  const [busy, setBusy] = useState<"verify" | "load" | null>(null);
  const [result, setResult] = useState<{
    log: AuditLogDocument;
    report: AuditVerification;
    View: LogCheck["BrowserReport"];
  } | null>(null);
  const jwks = useRef<{ keys: PublicJwk[] } | null>(null);
  const logKey = useRef<string | null>(null);

  async function publicKeys(): Promise<{ keys: PublicJwk[] }> {
    if (jwks.current) return jwks.current;
    jwks.current = await fetchJwks();
    return jwks.current;
  }

  async function verifyText(source: string) {
    // A step that could not run: no result, its reason, and a retry of the same text.
    const fail = (message: string) => {
      setResult(null);
      setFailure({ failure: { message }, retry: () => void verifyText(source) });
    };
    setFailure(null);
    let check: LogCheck;
    try {
      check = await loadLogCheck();
    } catch {
      fail(words.errors.verifier);
      return;
    }
    const parsed = check.parseLog(source, words);
    if (!parsed.ok) {
      setResult(null);
      setFieldError({ message: parsed.message, detail: parsed.detail });
      return;
    }
    setFieldError(null);
    if (!globalThis.crypto?.subtle) {
      fail(words.errors.noWebCrypto);
      return;
    }
    setBusy("verify");
    try {
      let keys: { keys: PublicJwk[] };
      try {
        keys = await publicKeys();
      } catch {
        fail(words.errors.jwks);
        return;
      }
      let key: string | undefined;
      if (parsed.log.transparency !== undefined) {
        try {
          logKey.current ??= await fetchLogKey();
          key = logKey.current;
        } catch {
          fail(inclusion.failed);
          return;
        }
      }
      const report = await check.verifyAuditLog(parsed.log, { jwks: keys, logKey: key });
      setResult({ log: parsed.log, report, View: check.BrowserReport });
    } finally {
      setBusy(null);
    }
  }

  async function loadSession() {
    if (!sessionId) return;
    setFailure(null);
    setBusy("load");
    const answer = await callApi(auditPaths(sessionId).log, { cache: "no-store" });
    setBusy(null);
    if (!answer.ok) {
      setFailure({ failure: problemWords(answer.problem, auditWords.request), retry: () => void loadSession() });
      return;
    }
    const body = prettyJson(answer.data);
    setText(body);
    await verifyText(body);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    let content: string;
    try {
      content = await file.text();
    } catch {
      setFieldError({ message: words.errors.file });
      return;
    }
    event.target.value = ""; // choosing the same file again re-reads it
    setText(content);
    await verifyText(content);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void verifyText(text);
  }

  return { text, setText, fileName, fieldError, failure, busy, result, loadSession, onFile, onSubmit };
}

/** The log verifier's state and actions, as the views receive them. */
export type LogVerifierState = ReturnType<typeof useLogVerifier>;
