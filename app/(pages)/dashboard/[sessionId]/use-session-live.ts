"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callApi, problemWords } from "@/app/_client/api";
import type { RequestFailure } from "@/app/_components/feedback/request-failure";
import { auditPaths } from "@/lib/audit/paths";
import type { VerificationReport } from "@/lib/audit/verify";
import { fill } from "@/lib/i18n/template";
import { type InitialLog, type LiveAuditMessages, type LiveMessages, merge, REFRESH_LIMIT, seqOf } from "./live-model";
import { useBrowserCheck } from "./use-browser-check";
import { useEntryStream } from "./use-entry-stream";
import { useLandOnEntry } from "./use-land-on-entry";

/** How often, and how far apart, a pending head's report is asked for again. */
const PENDING_ROUNDS = 10;
const PENDING_WAIT_MS = 2000;

/**
 * The live dashboard's state: entries arrive through the stream (use-entry-stream.ts); after each
 * change the server's report (`?verify=1`, HMACs included) is fetched again and the log re-checked
 * in the browser (use-browser-check.ts). The first render uses only the server's data, so the server
 * and the browser render the same. Each section receives its own part: status, timeline, badge.
 */
export function useSessionLive({
  words,
  auditWords,
  sessionId,
  initial,
}: {
  words: LiveMessages;
  auditWords: LiveAuditMessages;
  sessionId: string;
  initial: InitialLog | null;
}) {
  const paths = auditPaths(sessionId);
  const [entries, setEntries] = useState<unknown[]>(initial?.entries ?? []);
  const [server, setServer] = useState<{ report: VerificationReport; backend: string } | null>(
    initial ? { report: initial.verification, backend: initial.backend } : null,
  );
  const [loadFailure, setLoadFailure] = useState<RequestFailure | null>(null);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const { browser, check: checkInBrowser } = useBrowserCheck(sessionId);

  // A window that starts at the first entry is the whole log (with what the stream added), and is
  // checked in the browser; a later window cannot be, without the entries before it.
  const first = initial?.window.first ?? 0;
  const whole = first === 0;
  const live = initial?.window.newest ?? true;
  const refresh = useCallback(async () => {
    const query = first > 0 ? `&after=${first - 1}&limit=${REFRESH_LIMIT}` : "";
    const answer = await callApi<InitialLog>(`${paths.verified}${query}`, { cache: "no-store" });
    if (!answer.ok) {
      // A failed refresh keeps what is shown; the message replaces it only when nothing is.
      const failure = problemWords(answer.problem, auditWords.request);
      const nothingShown = entriesRef.current.length === 0;
      if (answer.problem.kind === "network") setLoadFailure((prev) => (nothingShown ? failure : prev));
      else setLoadFailure((prev) => (prev || nothingShown ? failure : prev));
      setRefreshFailed(true);
      return;
    }
    const log = answer.data;
    setLoadFailure(null);
    setRefreshFailed(false);
    setServer({ report: log.verification, backend: log.backend });
    const merged = merge(entriesRef.current, log.entries);
    setEntries(merged);
    // Only a log that is exactly the signed one can be checked against its checkpoint.
    if (whole && merged.length === log.entries.length) void checkInBrowser(log.entries, log.checkpoint);
  }, [paths.verified, auditWords.request, checkInBrowser, first, whole]);

  // A head the log has not integrated or witnessed yet soon will be: ask again a few times, so the
  // headline moves on from "not in the log yet" without a reload.
  const pendingRounds = useRef(0);
  const latest = server?.report;
  useEffect(() => {
    const waiting = latest?.index?.status === "pending" || latest?.witnesses?.error?.startsWith("not witnessed yet");
    if (!waiting || pendingRounds.current >= PENDING_ROUNDS) return;
    const again = setTimeout(() => {
      pendingRounds.current += 1;
      void refresh();
    }, PENDING_WAIT_MS);
    return () => clearTimeout(again);
  }, [latest, refresh]);

  // First paint done: check the server-rendered log in the browser, or load it if the server could not.
  useEffect(() => {
    if (initial && whole) void checkInBrowser(initial.entries, initial.checkpoint);
    else if (!initial) void refresh();
  }, [initial, whole, checkInBrowser, refresh]);

  // The live stream, for the newest entries only; each new entry brings a fresh report.
  const { connection, reconnect } = useEntryStream({
    path: paths.stream,
    enabled: live,
    after: () => (entriesRef.current.length > 0 ? seqOf(entriesRef.current[entriesRef.current.length - 1]) : -1),
    onEntry: (entry, seq) => {
      setEntries((prev) => (prev.some((e) => seqOf(e) === seq) ? prev : [...prev, entry]));
      setAnnouncement(fill(words.timeline.newEntry, { seq }));
      clearTimeout(timer.current);
      pendingRounds.current = 0;
      timer.current = setTimeout(() => void refresh(), 300);
    },
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  useLandOnEntry(entries);

  const report = server?.report ?? null;
  return {
    /** For the verification section. */
    status: {
      report,
      backend: server?.backend ?? null,
      browser,
      empty: entries.length === 0,
      loadFailure,
      refreshFailed,
      /** Whether the window reaches the newest entry, so the stream runs, and how it stands. */
      streams: live,
      connection,
      announcement,
      /** Whether the window is the whole log, so the browser can check it. */
      whole,
      refresh,
      reconnect,
    },
    /** For the timeline. */
    timeline: { entries, report, loadFailure, first, streams: live },
    /** For the badge. */
    badge: { count: entries.length, report },
  };
}

type SessionLive = ReturnType<typeof useSessionLive>;
/** What the verification section shows and calls. */
export type LiveStatusState = SessionLive["status"];
/** What the timeline shows. */
export type LiveTimelineState = SessionLive["timeline"];
