"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { sendApi } from "@/app/_client/api";
import type { PlayUIMessage } from "@/lib/play/ui-message";
import { applyChunk, startAssistant } from "@/lib/play/ui-message-builder";
import { readUIStreamChunks } from "@/lib/play/ui-stream-reader";
import type { PlayProblem } from "./problem-message";

export type ChatStatus = "ready" | "submitted" | "streaming" | "error";

/**
 * How the last answer ended when it was not an error: the finish reason the stream gave (`stop`
 * for a complete answer; `length`, `content-filter`, `tool-calls` when the step limit stopped the
 * agent, ...), or `stopped` when the person pressed Stop.
 */
export type ChatEnding = string | null;

interface Session {
  id: string;
  token: string | null;
}

/** Where the tab keeps its session and conversation, so that a reload goes on with them. */
const SAVED = "sia.play.v1";

interface Saved {
  session: Session | null;
  messages: PlayUIMessage[];
}

function readSaved(): Saved | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SAVED) ?? "null") as Saved | null;
    return saved && Array.isArray(saved.messages) ? saved : null;
  } catch {
    return null;
  }
}

/** Keeps the tab's state; a browser that refuses storage (private mode, quota) only loses it on reload. */
function save(saved: Saved | null): void {
  try {
    if (saved && (saved.session || saved.messages.length > 0)) sessionStorage.setItem(SAVED, JSON.stringify(saved));
    else sessionStorage.removeItem(SAVED);
  } catch {
    // Nothing to do: the conversation goes on in memory.
  }
}

/**
 * The conversation of /play against POST /api/play: sends the messages, reads the streamed answer
 * into the assistant's message, and keeps the audit session. The session is not known when the page
 * renders (so server and browser render the same): the first answer's x-session-id and
 * x-session-token headers start it, and every later request sends them back. The tab's
 * sessionStorage keeps both, with the conversation, across a reload.
 */
export function usePlayChat() {
  const [messages, setMessagesState] = useState<PlayUIMessage[]>([]);
  const [status, setStatus] = useState<ChatStatus>("ready");
  const [problem, setProblem] = useState<PlayProblem | null>(null);
  const [ending, setEnding] = useState<ChatEnding>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  // The write token the server returned when it created the session: it never sends it again.
  const [sessionToken, setSessionToken] = useState<string | null>(null);
  const messagesRef = useRef<PlayUIMessage[]>([]);
  const session = useRef<Session | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const setMessages = useCallback((next: PlayUIMessage[]) => {
    messagesRef.current = next;
    setMessagesState(next);
  }, []);

  // Leaving the page ends the answer being read.
  useEffect(() => () => inFlight.current?.abort(), []);

  // After hydration: the session and conversation this tab had before a reload.
  useEffect(() => {
    const saved = readSaved();
    if (!saved) return;
    session.current = saved.session;
    setSessionId(saved.session?.id ?? null);
    setSessionToken(saved.session?.token ?? null);
    setMessages(saved.messages);
  }, [setMessages]);

  /** Saves what the tab has now: between answers, not at every streamed piece. */
  const keep = useCallback(() => save({ session: session.current, messages: messagesRef.current }), []);

  const request = useCallback(
    async (history: PlayUIMessage[]) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setMessages(history);
      setProblem(null);
      setEnding(null);
      setStatus("submitted");
      keep();
      try {
        const s = session.current;
        const sent = await sendApi("/api/play", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(s ? { "x-session-id": s.id } : {}),
            ...(s?.token ? { "x-session-token": s.token } : {}),
          },
          body: JSON.stringify({ messages: history }),
          signal: controller.signal,
        });
        const body = sent.ok ? sent.response.body : null;
        if (!sent.ok || !body) {
          setProblem(sent.ok ? { kind: "unreadable" } : sent.problem);
          setStatus("error");
          return;
        }
        const res = sent.response;
        const id = res.headers.get("x-session-id");
        const token = res.headers.get("x-session-token");
        if (id) {
          if (session.current?.id !== id) session.current = { id, token };
          else if (token) session.current.token = token;
          setSessionId(id);
          setSessionToken(session.current.token);
          // The token is sent only once: kept before anything else can go wrong.
          keep();
        }
        setStatus("streaming");
        let draft = startAssistant(crypto.randomUUID());
        for await (const chunk of readUIStreamChunks(body)) {
          if (chunk.type === "error") {
            // The server's code decides the page's sentence; its text is English (lib/play/stream-play.ts).
            const code = typeof chunk.code === "string" ? chunk.code : null;
            const retryAfter = typeof chunk.retryAfterSeconds === "number" ? chunk.retryAfterSeconds : null;
            setProblem({
              kind: "stream",
              code,
              detail: String(chunk.errorText ?? ""),
              retryAfter,
              receivedAt: Date.now(),
            });
            setStatus("error");
            return;
          }
          if (chunk.type === "finish") setEnding(typeof chunk.finishReason === "string" ? chunk.finishReason : "other");
          draft = applyChunk(draft, chunk);
          setMessages([...history, draft.message]);
        }
        setStatus("ready");
      } catch (err) {
        if (controller.signal.aborted) {
          // Stopped by the person, or replaced by a newer request that now owns the state.
          if (inFlight.current === controller) {
            setEnding("stopped");
            setStatus("ready");
          }
          return;
        }
        // A TypeError is the connection failing; anything else is an answer that could not be read.
        setProblem(err instanceof TypeError ? { kind: "network" } : { kind: "unreadable" });
        setStatus("error");
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
        keep();
      }
    },
    [setMessages, keep],
  );

  /** Sends a new user message. */
  const send = useCallback(
    (text: string) => {
      const user: PlayUIMessage = { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] };
      void request([...messagesRef.current, user]);
    },
    [request],
  );

  /** Asks again for the last answer, dropping what arrived of it. */
  const retry = useCallback(() => {
    const history = messagesRef.current;
    void request(history.at(-1)?.role === "assistant" ? history.slice(0, -1) : history);
  }, [request]);

  /** Stops reading the answer; what arrived stays. */
  const stop = useCallback(() => inFlight.current?.abort(), []);

  /** Forgets the conversation and the session: the next message starts a new one. */
  const reset = useCallback(() => {
    inFlight.current?.abort();
    session.current = null;
    setMessages([]);
    setSessionId(null);
    setSessionToken(null);
    setProblem(null);
    setEnding(null);
    setStatus("ready");
    save(null);
  }, [setMessages]);

  return { messages, status, problem, ending, sessionId, sessionToken, send, retry, stop, reset };
}
