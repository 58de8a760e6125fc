"use client";

import type { LogInclusion } from "@sociedades-ia/incorporate";
import { useCallback, useEffect, useState } from "react";
import type { Lang } from "@/lib/i18n";
import type { PolicyVerdict, VerificationDescription } from "./check-session-inclusion";

export type { PolicyVerdict, VerificationDescription } from "./check-session-inclusion";

type State =
  | { kind: "checking" }
  | { kind: "done"; result: LogInclusion; policy: PolicyVerdict; described: VerificationDescription }
  | { kind: "failed" };

/**
 * Whether a session's head entry is in the transparency log, checked in the browser once the page
 * is shown (check-session-inclusion.ts, which brings the client package with it when it loads).
 */
export function useSessionInclusion(sessionId: string, lang: Lang) {
  const [state, setState] = useState<State>({ kind: "checking" });

  const check = useCallback(async () => {
    setState({ kind: "checking" });
    try {
      const { checkSessionInclusion } = await import("./check-session-inclusion");
      setState({ kind: "done", ...(await checkSessionInclusion(sessionId, lang)) });
    } catch {
      setState({ kind: "failed" });
    }
  }, [sessionId, lang]);

  useEffect(() => {
    void check();
  }, [check]);

  return { state, check };
}
