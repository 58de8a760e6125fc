"use client";

import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { auditPaths } from "@/lib/audit/paths";
import type { AuditLogDocument, AuditVerification, PublicJwk } from "@/packages/incorporate/src/verify";
import { callApi, problemWords } from "../_client/api";
import { prettyJson } from "../_components/audit/format";
import type { RequestFailure } from "../_components/audit/request-failure";
import { fetchJwks, fetchLogKey } from "./log-inclusion";
import {
  type FieldError,
  type InclusionMessages,
  type LogAuditMessages,
  type Messages,
  parseLog,
} from "./verifier-model";

/**
 * The log verifier's state: reads pasted text, a chosen file or the session's own log, and verifies
 * it entirely in the browser with the shared offline verifier (packages/incorporate/src/verify.ts,
 * loaded with the first check rather than with the page) and the service's published checkpoint
 * keys, fetched once.
 */
export function useLogVerifier({
  t,
  inclusion,
  a,
  sessionId,
}: {
  t: Messages;
  inclusion: InclusionMessages;
  a: LogAuditMessages;
  sessionId?: string;
}) {
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [failure, setFailure] = useState<{ failure: RequestFailure; retry: () => void } | null>(null);
  const [busy, setBusy] = useState<"verify" | "load" | null>(null);
  const [result, setResult] = useState<{ log: AuditLogDocument; report: AuditVerification } | null>(null);
  const jwks = useRef<{ keys: PublicJwk[] } | null>(null);
  const logKey = useRef<string | null>(null);

  async function publicKeys(): Promise<{ keys: PublicJwk[] }> {
    if (jwks.current) return jwks.current;
    jwks.current = await fetchJwks();
    return jwks.current;
  }

  async function verifyText(source: string) {
    setFailure(null);
    const parsed = parseLog(source, t);
    if (!parsed.ok) {
      setResult(null);
      setFieldError({ message: parsed.message, detail: parsed.detail });
      return;
    }
    setFieldError(null);
    if (!globalThis.crypto?.subtle) {
      setResult(null);
      setFailure({ failure: { message: t.errors.noWebCrypto }, retry: () => void verifyText(source) });
      return;
    }
    setBusy("verify");
    // Fetched while the keys are: a failed load is reported below, after the keys' own failures.
    const verifier = import("@/packages/incorporate/src/verify");
    verifier.catch(() => {});
    try {
      let keys: { keys: PublicJwk[] };
      try {
        keys = await publicKeys();
      } catch {
        setResult(null);
        setFailure({ failure: { message: t.errors.jwks }, retry: () => void verifyText(source) });
        return;
      }
      let key: string | undefined;
      if (parsed.log.transparency !== undefined) {
        try {
          logKey.current ??= await fetchLogKey();
          key = logKey.current;
        } catch {
          setResult(null);
          setFailure({ failure: { message: inclusion.failed }, retry: () => void verifyText(source) });
          return;
        }
      }
      let verify: typeof import("@/packages/incorporate/src/verify").verifyAuditLog;
      try {
        verify = (await verifier).verifyAuditLog;
      } catch {
        setResult(null);
        setFailure({ failure: { message: t.errors.verifier }, retry: () => void verifyText(source) });
        return;
      }
      setResult({ log: parsed.log, report: await verify(parsed.log, { jwks: keys, logKey: key }) });
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
      setFailure({ failure: problemWords(answer.problem, a.request), retry: () => void loadSession() });
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
      setFieldError({ message: t.errors.file });
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
