"use client";

import Link from "next/link";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { PlayMessages } from "@/app/play/words";
import { auditPaths } from "@/lib/audit/paths";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { PLAY_LIMITS } from "@/lib/play/limits";
import type { AuditRef, PlayUIMessage } from "@/lib/play/ui-message";
import { isToolPart, toolNameOf } from "@/lib/play/ui-message-builder";
import { ErrorNotice } from "../_components/audit/error-notice";
import { problemView, secondsLeft, waitOf } from "./problem-message";
import { ToolCard } from "./tool-card";
import { usePlayChat } from "./use-play-chat";

/** The audit references streamed so far, by tool call id, in the order they arrived. */
function auditRefs(messages: PlayUIMessage[]): Map<string, AuditRef> {
  const refs = new Map<string, AuditRef>();
  for (const message of messages) {
    for (const part of message.parts) if (part.type === "data-audit") refs.set(part.data.toolCallId, part.data);
  }
  return refs;
}

/** The messages the chat renders, in the page's language. */
export type ChatMessages = Pick<PlayMessages, "examples" | "chat" | "form" | "tool" | "session" | "errors">;

/** The chat of /play: example prompts, the conversation with its tool cards, and the audit session beside it. */
export function PlayChat({ t, lang }: { t: ChatMessages; lang: Lang }) {
  const ids = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const { messages, status, problem, sessionId, send: sendText, retry, stop, reset } = usePlayChat();
  const paths = sessionId ? auditPaths(sessionId) : null;
  const [draft, setDraft] = useState("");
  const [now, setNow] = useState(0);
  const endRef = useRef<HTMLLIElement>(null);
  const busy = status === "submitted" || status === "streaming";
  const refs = useMemo(() => auditRefs(messages), [messages]);
  // Counted from the answer's arrival, so the first render already shows the whole wait.
  const wait = secondsLeft(problem, now);
  const view = problem ? problemView(problem, t.errors, wait) : null;

  // A countdown for Retry-After: starts with the problem, ticks once a second until the wait is over.
  useEffect(() => {
    const asked = waitOf(problem);
    if (!asked) return;
    const until = asked.receivedAt + asked.seconds * 1000;
    setNow(Date.now());
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [problem]);

  const count = messages.length;
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView({ block: "nearest" });
  }, [count]);

  function send(text: string) {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    setDraft("");
    sendText(trimmed.slice(0, PLAY_LIMITS.maxUserChars));
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
            {messages.map((message, index) => (
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
                  if (isToolPart(part)) {
                    return (
                      <ToolCard
                        key={part.toolCallId}
                        t={t.tool}
                        audit={refs.get(part.toolCallId)}
                        ended={!busy || index < messages.length - 1}
                        call={{
                          toolCallId: part.toolCallId,
                          toolName: toolNameOf(part),
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
            <ErrorNotice
              className="play-error"
              failure={{ message: view.text, detail: view.detail ?? undefined }}
              lang={lang}
              detailLabel={t.errors.serverDetail}
              retryLabel={view.action === "retry" ? t.errors.retry : t.form.reset}
              onRetry={view.action === "retry" ? retry : reset}
              retryDisabled={view.action === "retry" && (busy || wait > 0)}
            />
          ) : null}

          <form className="play-form" onSubmit={onSubmit}>
            <label htmlFor={`${ids}-prompt`}>{t.form.label}</label>
            <p id={`${ids}-hint`} className="field-hint">
              {fill(t.form.hint, { max: PLAY_LIMITS.maxUserChars })}
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
              {fill(t.form.count, { used: draft.length, max: PLAY_LIMITS.maxUserChars })}
            </p>
            <div className="play-actions">
              {busy ? (
                <button type="button" className="button" onClick={stop}>
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

      {/* On phones the panel stays pinned under the chat, folded to its badge until opened. */}
      <aside className="play-session" aria-labelledby={`${ids}-session`} data-open={panelOpen}>
        <div className="play-session-bar">
          <h2 id={`${ids}-session`}>{t.session.title}</h2>
          {paths ? (
            <button
              type="button"
              className="button button-small play-session-toggle"
              aria-expanded={panelOpen}
              aria-controls={`${ids}-session-body`}
              onClick={() => setPanelOpen((open) => !open)}
            >
              {panelOpen ? t.session.hide : t.session.show}
            </button>
          ) : null}
        </div>
        {paths ? (
          <div id={`${ids}-session-body`} className="play-session-body">
            <p className="session-id">
              {t.session.id}{" "}
              <code translate="no" data-testid="session-id">
                {sessionId}
              </code>
            </p>
            <p className="session-badge-row">
              {/* The count in the query makes the browser fetch the live badge again after each entry. */}
              {/* biome-ignore lint/performance/noImgElement: a live SVG from our own API, not an optimisable asset. */}
              <img
                className="session-badge"
                src={`${paths.badge}?n=${refList.length}`}
                alt={t.session.badgeAlt}
                height={24}
              />
            </p>
            <ul className="link-list">
              <li>
                <Link href={paths.dashboard} prefetch={false}>
                  {t.session.dashboard}
                </Link>
              </li>
              <li>
                <a href={paths.verified} translate="no">
                  {t.session.json}
                </a>
              </li>
            </ul>
            <h3>{t.session.timeline}</h3>
            <p className="field-hint session-count">
              {refList.length === 1 ? t.session.entriesOne : fill(t.session.entries, { n: refList.length })}
            </p>
            {refList.length > 0 ? (
              <ol className="session-entries">
                {refList.map((ref) => {
                  const part = messages
                    .flatMap((m) => m.parts)
                    .find((p) => isToolPart(p) && p.toolCallId === ref.toolCallId);
                  const name = part && isToolPart(part) ? toolNameOf(part) : "";
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
          </div>
        ) : (
          <p>{t.session.none}</p>
        )}
      </aside>
    </div>
  );
}
