"use client";

import { useEffect, useEffectEvent, useState } from "react";
import { type Connection, seqOf } from "./live-model";

/**
 * The session's SSE stream of new entries. Each event's id is the entry's seq, so EventSource
 * resumes after it by itself; `after` is the seq to start after when (re)connecting.
 */
export function useEntryStream({
  path,
  enabled,
  after,
  onEntry,
}: {
  path: string;
  enabled: boolean;
  after: () => number;
  onEntry: (entry: unknown, seq: number) => void;
}) {
  const [connection, setConnection] = useState<Connection>("connecting");
  const [streamKey, setStreamKey] = useState(0);
  const lastSeq = useEffectEvent(after);
  const received = useEffectEvent(onEntry);

  useEffect(() => {
    void streamKey;
    if (!enabled) return;
    const last = lastSeq();
    const source = new EventSource(`${path}${last >= 0 ? `?lastEventId=${last}` : ""}`);
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
      received(entry, seqOf(entry));
    });
    return () => source.close();
  }, [path, streamKey, enabled]);

  return { connection, reconnect: () => setStreamKey((k) => k + 1) };
}
