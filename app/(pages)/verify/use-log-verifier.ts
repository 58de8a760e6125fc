"use client";

import type { AuditLogDocument, AuditVerification, PublicJwk } from "@sociedades-ia/incorporate";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { type ApiProblem, callApi, problemWords } from "@/app/_client/api";
import { loadOnce } from "@/app/_client/load-once";
import type { RequestFailure } from "@/app/_components/feedback/request-failure";
import { prettyJson } from "@/app/_components/log-entry/format";
import { auditPaths } from "@/lib/audit/paths";
import { fetchJwks, fetchLogKey } from "./log-inclusion";
import type { FieldError, InclusionMessages, LogAuditMessages, Messages } from "./verifier-model";

type LogCheck = typeof import("./log-check");

const loadLogCheck = loadOnce<LogCheck>(() => import("./log-check"));

/** A page of the session's log as the service answers it. */
type PagedLog = { entries: unknown[]; page?: { total: number; next: number | null } };

/** Entries of a loaded log shown pretty-printed; a longer one is shown as it came, on one line. */
const PRETTY_MAX_ENTRIES = 1000;

/** A page the service refused: the problem's words are shown, with a retry. */
class PageRefused extends Error {
  constructor(readonly problem: ApiProblem) {
    super("a page of the log was refused");
  }
}

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
    const failed = (problem: ApiProblem) => {
      setBusy(null);
      setFailure({ failure: problemWords(problem, auditWords.request), retry: () => void loadSession() });
    };
    let check: LogCheck;
    try {
      check = await loadLogCheck();
    } catch {
      setBusy(null);
      setFailure({ failure: { message: words.errors.verifier }, retry: () => void loadSession() });
      return;
    }
    // Every page of the log, not only the first: the checkpoint covers the whole log.
    const path = auditPaths(sessionId).log;
    let log: { entries: unknown[] };
    try {
      log = await check.wholeLogFromPages(async (after) => {
        const answer = await callApi<PagedLog>(after === null ? path : `${path}?after=${after}`, { cache: "no-store" });
        if (!answer.ok) throw new PageRefused(answer.problem);
        return answer.data;
      });
    } catch (err) {
      if (err instanceof PageRefused) return failed(err.problem);
      throw err;
    }
    setBusy(null);
    // A long log goes in the box as one line: pretty-printed, it would be many times its size.
    const body = log.entries.length <= PRETTY_MAX_ENTRIES ? prettyJson(log) : JSON.stringify(log);
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
