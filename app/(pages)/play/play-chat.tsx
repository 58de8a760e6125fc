"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ErrorNotice } from "@/app/_components/feedback/error-notice";
import type { Lang } from "@/lib/i18n";
import { PLAY_LIMITS } from "@/lib/play/limits";
import type { AuditRef, PlayUIMessage } from "@/lib/play/ui-message";
import { ChatForm } from "./chat-form";
import { ChatLog } from "./chat-log";
import type { ChatMessages } from "./chat-messages";
import { ExamplePrompts } from "./example-prompts";
import { problemView, secondsLeft, waitOf } from "./problem-message";
import { SessionPanel } from "./session-panel";
import { useFollow } from "./use-follow";
import { usePlayChat } from "./use-play-chat";

/** The audit references streamed so far, by tool call id, in the order they arrived. */
function auditRefs(messages: PlayUIMessage[]): Map<string, AuditRef> {
  const refs = new Map<string, AuditRef>();
  for (const message of messages) {
    for (const part of message.parts) if (part.type === "data-audit") refs.set(part.data.toolCallId, part.data);
  }
  return refs;
}

/**
 * The chat of /play: the conversation with its tool cards and the composer under it, the example
 * prompts until the conversation starts, and the audit session beside it. The page follows the
 * conversation as it grows, unless the person scrolled away.
 */
export function PlayChat({ words, lang }: { words: ChatMessages; lang: Lang }) {
  const ids = useId();
  const {
    messages,
    status,
    problem,
    ending,
    sessionId,
    sessionToken,
    send: sendText,
    retry,
    stop,
    reset,
  } = usePlayChat();
  const [draft, setDraft] = useState("");
  const [now, setNow] = useState(0);
  const busy = status === "submitted" || status === "streaming";
  const refs = useMemo(() => auditRefs(messages), [messages]);
  const composer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);
  const started = messages.length > 0;
  const follow = useFollow(composer, panel, started ? [messages, status, problem, ending] : null);
  // Counted from the answer's arrival, so the first render already shows the whole wait.
  const wait = secondsLeft(problem, now);
  const view = problem ? problemView(problem, words.errors, wait) : null;

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

  function send(text: string) {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    setDraft("");
    follow();
    sendText(trimmed.slice(0, PLAY_LIMITS.maxUserChars));
  }

  const refList = [...refs.values()];
  return (
    <div className="play-layout">
      {/* Shown by play.css only when scripts do not run. */}
      <p className="notice play-needs-scripts">{words.chat.needsScripts}</p>
      <div className="play-main">
        <section className="play-chat" aria-labelledby={`${ids}-chat`}>
          <h2 id={`${ids}-chat`} className="visually-hidden">
            {words.chat.region}
          </h2>
          {started ? null : <p className="chat-empty">{words.chat.empty}</p>}
          <ChatLog
            words={words}
            messages={messages}
            refs={refs}
            busy={busy}
            done={started && status === "ready"}
            lang={lang}
          />
          {status === "ready" && ending && ending !== "stop" ? (
            <p className="play-ending" role="status" data-testid="play-ending" data-ending={ending}>
              {(words.chat.ending as Record<string, string>)[ending] ?? words.chat.ending.other}
            </p>
          ) : null}

          {view ? (
            <ErrorNotice
              className="play-error"
              failure={{ message: view.text, detail: view.detail ?? undefined }}
              lang={lang}
              detailLabel={words.errors.serverDetail}
              retryLabel={view.action === "retry" ? words.errors.retry : words.form.reset}
              onRetry={view.action === "retry" ? retry : reset}
              retryDisabled={view.action === "retry" && (busy || wait > 0)}
            />
          ) : null}

          <div ref={composer}>
            <ChatForm
              words={words.form}
              ids={ids}
              draft={draft}
              setDraft={setDraft}
              send={send}
              busy={busy}
              started={started}
              stop={stop}
              reset={reset}
            />
          </div>
        </section>

        {/* Once the conversation starts, the examples step aside; a new conversation brings them back. */}
        {started ? null : <ExamplePrompts words={words.examples} ids={ids} busy={busy} send={send} />}
      </div>

      {/* On phones the panel stays pinned under the chat, folded to its badge until opened. */}
      <SessionPanel
        ref={panel}
        words={words}
        ids={ids}
        lang={lang}
        // A session exists once its first entry does (the server creates it with that entry).
        sessionId={refList.length > 0 ? sessionId : null}
        sessionToken={refList.length > 0 ? sessionToken : null}
        refList={refList}
        messages={messages}
      />
    </div>
  );
}
