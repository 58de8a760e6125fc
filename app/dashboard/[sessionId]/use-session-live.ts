"use client";

import type { AuditVerification, PublicJwk } from "@sociedades-ia/incorporate";
import { useCallback, useEffect, useRef, useState } from "react";
import { auditPaths } from "@/lib/audit/paths";
import type { VerificationReport } from "@/lib/audit/verify";
import { fill } from "@/lib/i18n/template";
import { callApi, fetchPublished, problemWords } from "../../_client/api";
import type { RequestFailure } from "../../_components/audit/request-failure";
import {
  type Connection,
  type InitialLog,
  type LiveAuditMessages,
  type LiveMessages,
  merge,
  REFRESH_LIMIT,
  seqOf,
} from "./live-model";

let jwksCache: Promise<{ keys: PublicJwk[] }> | null = null;
function publicKeys(): Promise<{ keys: PublicJwk[] }> {
  jwksCache ??= fetchPublished("/.well-known/jwks.json") as Promise<{ keys: PublicJwk[] }>;
  jwksCache.catch(() => {
    jwksCache = null;
  });
  return jwksCache;
}

/**
 * The live dashboard's state: entries arrive through the SSE stream (EventSource, resuming with
 * Last-Event-ID); after each change the server's report (`?verify=1`, HMACs included) is fetched
 * again and the chain and checkpoint are re-checked in the browser with the shared offline verifier,
 * which loads with the first check, not with the page. The first render uses only the server's
 * data, so the server and the browser render the same.
 */
/** How often, and how far apart, a pending head's report is asked for again. */
const PENDING_ROUNDS = 10;
const PENDING_WAIT_MS = 2000;

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
  const [browser, setBrowser] = useState<AuditVerification | "failed" | null>(null);
  const [loadFailure, setLoadFailure] = useState<RequestFailure | null>(null);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [connection, setConnection] = useState<Connection>("connecting");
  const [streamKey, setStreamKey] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const checkInBrowser = useCallback(
    async (list: unknown[], checkpoint: string | null) => {
      try {
        const [jwks, { verifyAuditLog }] = await Promise.all([
          publicKeys(),
          import("@sociedades-ia/incorporate/verify"),
        ]);
        setBrowser(await verifyAuditLog({ sessionId, entries: list, checkpoint }, { jwks }));
      } catch {
        setBrowser("failed");
      }
    },
    [sessionId],
  );

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
  const report = server?.report;
  useEffect(() => {
    const waiting = report?.index?.status === "pending" || report?.witnesses?.error?.startsWith("not witnessed yet");
    if (!waiting || pendingRounds.current >= PENDING_ROUNDS) return;
    const again = setTimeout(() => {
      pendingRounds.current += 1;
      void refresh();
    }, PENDING_WAIT_MS);
    return () => clearTimeout(again);
  }, [report, refresh]);

  // First paint done: check the server-rendered log in the browser, or load it if the server could not.
  useEffect(() => {
    if (initial && whole) void checkInBrowser(initial.entries, initial.checkpoint);
    else if (!initial) void refresh();
  }, [initial, whole, checkInBrowser, refresh]);

  // The live stream, for the newest entries only. Each event's id is the entry's seq: EventSource
  // resumes after it by itself.
  useEffect(() => {
    void streamKey;
    if (!live) return;
    const last = entriesRef.current.length > 0 ? seqOf(entriesRef.current[entriesRef.current.length - 1]) : -1;
    const query = last >= 0 ? `?lastEventId=${last}` : "";
    const source = new EventSource(`${paths.stream}${query}`);
    // The server ends each connection after a while with a `reconnect` event: that drop is planned.
    let planned = false;
    setConnection("connecting");
    source.onopen = () => {
      planned = false;
      setConnection("live");
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setConnection("closed");
      else setConnection(planned ? "connecting" : "reconnecting");
    };
    source.addEventListener("reconnect", () => {
      planned = true;
    });
    source.addEventListener("entry", (event) => {
      let entry: unknown;
      try {
        entry = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      const seq = seqOf(entry);
      setEntries((prev) => (prev.some((e) => seqOf(e) === seq) ? prev : [...prev, entry]));
      setAnnouncement(fill(words.timeline.newEntry, { seq }));
      clearTimeout(timer.current);
      pendingRounds.current = 0;
      timer.current = setTimeout(() => void refresh(), 300);
    });
    return () => {
      source.close();
      clearTimeout(timer.current);
    };
  }, [paths.stream, streamKey, refresh, words.timeline, live]);

  // A link to one entry (#entry-{seq}, as /play's tool cards give) lands on its row. The browser
  // scrolls to and focuses rows that are in the server's HTML; this covers a row that arrives later
  // (the server could not read the log), unless the visitor has moved the focus meanwhile.
  const landedOn = useRef<string | null>(null);
  useEffect(() => {
    const hash = window.location.hash;
    if (entries.length === 0 || !hash.startsWith("#entry-") || landedOn.current === hash) return;
    const row = document.getElementById(hash.slice(1));
    if (!row) return;
    landedOn.current = hash;
    if (document.activeElement === document.body) row.focus();
  }, [entries]);

  return {
    entries,
    server,
    report: server?.report ?? null,
    browser,
    loadFailure,
    refreshFailed,
    connection,
    announcement,
    /** Seq of the first entry shown; whether that is the whole log, and whether it reaches the newest. */
    first,
    whole,
    live,
    refresh,
    reconnect: () => setStreamKey((k) => k + 1),
  };
}

/** The live dashboard's state and actions, as the views receive them. */
export type SessionLiveState = ReturnType<typeof useSessionLive>;
