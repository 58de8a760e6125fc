"use client";

import type { AuditVerificationReport, LogInclusion } from "@sociedades-ia/incorporate";
import { useCallback, useEffect, useState } from "react";
import type { PolicyVerdict } from "./check-session-inclusion";

export type { PolicyVerdict } from "./check-session-inclusion";

type State =
  | { kind: "checking" }
  | { kind: "done"; result: LogInclusion; policy: PolicyVerdict; report: AuditVerificationReport }
  | { kind: "failed" };

/**
 * Whether a session's head entry is in the transparency log, checked in the browser once the page
 * is shown (check-session-inclusion.ts, which brings the client package with it when it loads).
 */
export function useSessionInclusion(sessionId: string) {
  const [state, setState] = useState<State>({ kind: "checking" });

  const check = useCallback(async () => {
    setState({ kind: "checking" });
    try {
      const { checkSessionInclusion } = await import("./check-session-inclusion");
      setState({ kind: "done", ...(await checkSessionInclusion(sessionId)) });
    } catch {
      setState({ kind: "failed" });
    }
  }, [sessionId]);

  useEffect(() => {
    void check();
  }, [check]);

  return { state, check };
}
