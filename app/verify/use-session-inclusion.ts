"use client";

import { useCallback, useEffect, useState } from "react";
import { fetchAudit } from "@/packages/incorporate/src/client";
import { checkWitnessPolicy, parseWitnessPolicy } from "@/packages/incorporate/src/tlog/policy";
import { type LogInclusion, verifyAuditLog } from "@/packages/incorporate/src/verify";
import { fetchPublished } from "../_client/api";
import { fetchJwks, fetchLogKey } from "./log-inclusion";

/** Whether the checkpoint a session's head is proved in meets the log's witness policy; null without witnesses. */
export type PolicyVerdict =
  | { kind: "checked"; cosigned: number; quorum: number; meets: boolean }
  | { kind: "failed" }
  | null;

async function policyVerdict(checkpoint: string | null | undefined): Promise<PolicyVerdict> {
  if (!checkpoint) return null;
  const policy = parseWitnessPolicy(await fetchPublished("/log/policy"));
  if (policy.witnesses.length === 0) return null;
  try {
    const { cosigned, meets } = await checkWitnessPolicy(checkpoint, policy);
    return { kind: "checked", cosigned: cosigned.length, quorum: policy.quorum, meets };
  } catch {
    return { kind: "failed" };
  }
}

type State = { kind: "checking" } | { kind: "done"; result: LogInclusion; policy: PolicyVerdict } | { kind: "failed" };

/**
 * Reads a session's log as anyone can and checks, in the browser with the client package, that its
 * head entry is in the transparency log and that the checkpoint meets the witness policy.
 */
export function useSessionInclusion(sessionId: string) {
  const [state, setState] = useState<State>({ kind: "checking" });

  const check = useCallback(async () => {
    setState({ kind: "checking" });
    try {
      const [log, jwks, logKey] = await Promise.all([
        // Every page: the head and the checkpoint only verify against the whole log.
        fetchAudit(sessionId),
        fetchJwks(),
        fetchLogKey(),
      ]);
      const report = await verifyAuditLog(
        { sessionId, entries: log.entries, checkpoint: log.checkpoint, transparency: log.transparency },
        { jwks, logKey },
      );
      const result = report.log as LogInclusion;
      const policy = result.included ? await policyVerdict(log.transparency?.checkpoint) : null;
      setState({ kind: "done", result, policy });
    } catch {
      setState({ kind: "failed" });
    }
  }, [sessionId]);

  useEffect(() => {
    void check();
  }, [check]);

  return { state, check };
}
