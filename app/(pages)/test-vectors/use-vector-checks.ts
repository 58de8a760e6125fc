"use client";

import { useCallback, useEffect, useState } from "react";
import { callApi } from "@/app/_client/api";
import type { TestVectors } from "@/lib/audit/test-vectors";
import type { Results } from "./run-checks";

export type Status = "running" | "done" | "load-error" | "no-webcrypto";

/**
 * Downloads the published vectors file and checks it in the browser after the page has rendered
 * (so server and client render the same "checking" state); the checks (run-checks.ts, with the
 * client package's verifier) load alongside the file, not with the page. `start` runs it all again.
 */
export function useVectorChecks(src: string) {
  const [status, setStatus] = useState<Status>("running");
  const [results, setResults] = useState<Results>({});

  const start = useCallback(async () => {
    setStatus("running");
    setResults({});
    if (!globalThis.crypto?.subtle) {
      setStatus("no-webcrypto");
      return;
    }
    const checks = import("./run-checks");
    checks.catch(() => {});
    const answer = await callApi<TestVectors>(src, { cache: "no-store" });
    let runChecks: typeof import("./run-checks")["runChecks"];
    try {
      ({ runChecks } = await checks);
    } catch {
      setStatus("load-error");
      return;
    }
    if (!answer.ok) {
      setStatus("load-error");
      return;
    }
    const vectors = answer.data;
    setResults(await runChecks(vectors));
    setStatus("done");
  }, [src]);

  useEffect(() => {
    void start();
  }, [start]);

  return { status, results, start };
}
