"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, getToolName, isToolUIPart } from "ai";
import Link from "next/link";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Lang } from "@/lib/i18n";
import { play } from "@/lib/i18n/messages/play";
import { PLAY_LIMITS } from "@/lib/play/limits";
import type { AuditRef, PlayUIMessage } from "@/lib/play/ui-message";
import { type PlayProblem, problemView } from "./problem-message";
import { ToolCard } from "./tool-card";

interface Session {
  id: string;
  token: string | null;
}

/** The audit references streamed so far, by tool call id, in the order they arrived. */
function auditRefs(messages: PlayUIMessage[]): Map<string, AuditRef> {
  const refs = new Map<string, AuditRef>();
  for (const message of messages) {
    for (const part of message.parts) if (part.type === "data-audit") refs.set(part.data.toolCallId, part.data);
  }
  return refs;
}

/**
 * The chat of /play. The session is not known when the page renders (so server and browser render
 * the same): the first answer's x-session-id and x-session-token headers start it, and every later
 * request sends them back.
 */
export function PlayChat({ lang }: { lang: Lang }) {
  const t = play[lang];
  const ids = useId();
  const session = useRef<Session | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [problem, setProblem] = useState<PlayProblem | null>(null);
  const [draft, setDraft] = useState("");
  const [now, setNow] = useState(0);
  const [waitUntil, setWaitUntil] = useState(0);
  const endRef = useRef<HTMLLIElement>(null);

  const [transport] = useState(
    () =>
      new DefaultChatTransport<PlayUIMessage>({
        api: "/api/play",
        headers: (): Record<string, string> => {
          const s = session.current;
          if (!s) return {};
          return s.token ? { "x-session-id": s.id, "x-session-token": s.token } : { "x-session-id": s.id };
        },
        // Only the conversation: the route reads nothing else.
        prepareSendMessagesRequest: ({ messages }) => ({ body: { messages } }),
        fetch: async (input, init) => {
          let res: Response;
          try {
            res = await fetch(input, init);
          } catch (err) {
            if ((err as Error).name !== "AbortError") setProblem({ kind: "network" });
            throw err;
          }
          const id = res.headers.get("x-session-id");
          const token = res.headers.get("x-session-token");
          if (res.ok && id) {
            if (session.current?.id !== id) session.current = { id, token };
            else if (token) session.current.token = token;
            setSessionId(id);
          }
          if (!res.ok) {
            const body = (await res
              .clone()
              .json()
              .catch(() => null)) as { code?: string; detail?: string; retryAfterSeconds?: number } | null;
            const retryAfter = Number(res.headers.get("retry-after")) || body?.retryAfterSeconds || null;
            setProblem({
              kind: "http",
              status: res.status,
              code: body?.code ?? null,
              detail: body?.detail ?? null,
              retryAfter,
            });
            if (retryAfter) {
              setNow(Date.now());
              setWaitUntil(Date.now() + retryAfter * 1000);
            }
          }
          return res;
        },
      }),
  );

  const { messages, sendMessage, regenerate, status, stop, error, setMessages, clearError } = useChat<PlayUIMessage>({
    transport,
  });
  const busy = status === "submitted" || status === "streaming";
  const refs = useMemo(() => auditRefs(messages), [messages]);

  // A failure inside the stream (the response itself was a 200) has no problem yet.
  const shown: PlayProblem | null =
    problem ?? (error && status === "error" ? { kind: "stream", detail: error.message } : null);
  const view = shown ? problemView(shown, lang) : null;
  const wait = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  // A countdown for Retry-After: ticks once a second until the wait is over.
  useEffect(() => {
    if (waitUntil === 0) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= waitUntil) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [waitUntil]);

  const count = messages.length;
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView({ block: "nearest" });
  }, [count]);

  function send(text: string) {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    setProblem(null);
    clearError();
    setDraft("");
    void sendMessage({ text: trimmed.slice(0, PLAY_LIMITS.maxUserChars) });
  }

  function retry() {
    setProblem(null);
    clearError();
    void regenerate();
  }

  function reset() {
    void stop();
    setMessages([]);
    session.current = null;
    setSessionId(null);
    setProblem(null);
    setWaitUntil(0);
    clearError();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send(draft);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send(draft);
    }
  }

  const refList = [...refs.values()];
  return (
    <div className="play-layout">
      <div className="play-main">
        <section className="play-examples" aria-labelledby={`${ids}-examples`}>
          <h2 id={`${ids}-examples`}>{t.examples.title}</h2>
          <p className="field-hint">{t.examples.hint}</p>
          <ul className="example-list">
            {Object.entries(t.examples.prompts).map(([key, prompt]) => (
              <li key={key}>
                <button type="button" className="example-prompt" onClick={() => send(prompt)} disabled={busy}>
                  {prompt}
                </button>
              </li>
            ))}
          </ul>
        </section>

        <section className="play-chat" aria-labelledby={`${ids}-chat`}>
          <h2 id={`${ids}-chat`} className="visually-hidden">
            {t.chat.region}
          </h2>
          {messages.length === 0 ? <p className="chat-empty">{t.chat.empty}</p> : null}
          <ol className="chat-log">
            {messages.map((message) => (
              <li key={message.id} className={`chat-message chat-${message.role}`} data-role={message.role}>
                <p className="chat-author">{message.role === "user" ? t.chat.you : t.chat.agent}</p>
                {message.parts.map((part, i) => {
                  const key = `${message.id}-${i}`;
                  if (part.type === "text") {
                    return (
                      <p key={key} className="chat-text">
                        {part.text}
                      </p>
                    );
                  }
                  if (isToolUIPart(part)) {
                    return (
                      <ToolCard
                        key={part.toolCallId}
                        lang={lang}
                        audit={refs.get(part.toolCallId)}
                        call={{
                          toolCallId: part.toolCallId,
                          toolName: getToolName(part),
                          state: part.state,
                          input: part.input,
                          output: "output" in part ? part.output : undefined,
                          errorText: "errorText" in part ? part.errorText : undefined,
                        }}
                      />
                    );
                  }
                  return null;
                })}
              </li>
            ))}
            <li ref={endRef} className="chat-end" aria-hidden="true" />
          </ol>
          <p className="visually-hidden" aria-live="polite">
            {busy ? t.chat.working : messages.length > 0 && status === "ready" ? t.chat.done : ""}
          </p>
          {busy ? (
            <p className="chat-working" aria-hidden="true">
              {t.chat.working}
            </p>
          ) : null}

          {view ? (
            <div className="play-error" role="alert">
              <p>
                {view.action === "retry" && wait > 0 && shown?.kind === "http" && shown.status === 429
                  ? t.errors.rateLimited(wait)
                  : view.text}
              </p>
              {view.action === "retry" ? (
                <button type="button" className="button" onClick={retry} disabled={busy || wait > 0}>
                  {t.errors.retry}
                </button>
              ) : (
                <button type="button" className="button" onClick={reset}>
                  {t.form.reset}
                </button>
              )}
            </div>
          ) : null}

          <form className="play-form" onSubmit={onSubmit}>
            <label htmlFor={`${ids}-prompt`}>{t.form.label}</label>
            <p id={`${ids}-hint`} className="field-hint">
              {t.form.hint(PLAY_LIMITS.maxUserChars)}
            </p>
            <textarea
              id={`${ids}-prompt`}
              name="prompt"
              rows={3}
              value={draft}
              maxLength={PLAY_LIMITS.maxUserChars}
              aria-describedby={`${ids}-hint ${ids}-count`}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <p id={`${ids}-count`} className="field-hint play-count">
              {t.form.count(draft.length, PLAY_LIMITS.maxUserChars)}
            </p>
            <div className="play-actions">
              {busy ? (
                <button type="button" className="button" onClick={() => void stop()}>
                  {t.form.stop}
                </button>
              ) : (
                <button type="submit" className="button button-primary" disabled={draft.trim() === ""}>
                  {t.form.send}
                </button>
              )}
              {messages.length > 0 ? (
                <button type="button" className="button" onClick={reset} disabled={busy}>
                  {t.form.reset}
                </button>
              ) : null}
            </div>
          </form>
        </section>
      </div>

      <aside className="play-session" aria-labelledby={`${ids}-session`}>
        <h2 id={`${ids}-session`}>{t.session.title}</h2>
        {sessionId ? (
          <>
            <p className="session-id">
              {t.session.id}{" "}
              <code translate="no" data-testid="session-id">
                {sessionId}
              </code>
            </p>
            <p>
              {/* The count in the query makes the browser fetch the live badge again after each entry. */}
              {/* biome-ignore lint/performance/noImgElement: a live SVG from our own API, not an optimisable asset. */}
              <img
                className="session-badge"
                src={`/api/badge/${sessionId}?n=${refList.length}`}
                alt={t.session.badgeAlt}
                height={24}
              />
            </p>
            <ul className="link-list">
              <li>
                <Link href={`/dashboard/${sessionId}`} prefetch={false}>
                  {t.session.dashboard}
                </Link>
              </li>
              <li>
                <a href={`/api/play/audit/${sessionId}?verify=1`} translate="no">
                  {t.session.json}
                </a>
              </li>
            </ul>
            <h3>{t.session.timeline}</h3>
            <p className="field-hint">{t.session.entries(refList.length)}</p>
            {refList.length > 0 ? (
              <ol className="session-entries">
                {refList.map((ref) => {
                  const part = messages
                    .flatMap((m) => m.parts)
                    .find((p) => isToolUIPart(p) && p.toolCallId === ref.toolCallId);
                  const name = part && isToolUIPart(part) ? getToolName(part) : "";
                  return (
                    <li key={ref.toolCallId} data-seq={ref.seq}>
                      <span className="session-seq">{ref.seq}</span> <code translate="no">{name}</code>{" "}
                      <code translate="no" className="session-hmac">
                        {ref.hmac}…
                      </code>
                    </li>
                  );
                })}
              </ol>
            ) : null}
            <p className="field-hint">{t.session.note}</p>
          </>
        ) : (
          <p>{t.session.none}</p>
        )}
      </aside>
    </div>
  );
}
