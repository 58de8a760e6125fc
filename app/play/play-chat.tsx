"use client";

import { useEffect, useId, useMemo, useState } from "react";
import type { PlayMessages } from "@/app/play/words";
import type { Lang } from "@/lib/i18n";
import { PLAY_LIMITS } from "@/lib/play/limits";
import type { AuditRef, PlayUIMessage } from "@/lib/play/ui-message";
import { ErrorNotice } from "../_components/audit/error-notice";
import { ChatForm } from "./chat-form";
import { ChatLog } from "./chat-log";
import { ExamplePrompts } from "./example-prompts";
import { problemView, secondsLeft, waitOf } from "./problem-message";
import { SessionPanel } from "./session-panel";
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

  function send(text: string) {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    setDraft("");
    sendText(trimmed.slice(0, PLAY_LIMITS.maxUserChars));
  }

  const refList = [...refs.values()];
  return (
    <div className="play-layout">
      <div className="play-main">
        <ExamplePrompts t={t.examples} ids={ids} busy={busy} send={send} />

        <section className="play-chat" aria-labelledby={`${ids}-chat`}>
          <h2 id={`${ids}-chat`} className="visually-hidden">
            {t.chat.region}
          </h2>
          <ChatLog t={t} messages={messages} refs={refs} busy={busy} done={messages.length > 0 && status === "ready"} />
          {status === "ready" && ending && ending !== "stop" ? (
            <p className="play-ending" role="status" data-testid="play-ending" data-ending={ending}>
              {(t.chat.ending as Record<string, string>)[ending] ?? t.chat.ending.other}
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

          <ChatForm
            t={t.form}
            ids={ids}
            draft={draft}
            setDraft={setDraft}
            send={send}
            busy={busy}
            started={messages.length > 0}
            stop={stop}
            reset={reset}
          />
        </section>
      </div>

      {/* On phones the panel stays pinned under the chat, folded to its badge until opened. */}
      <SessionPanel
        t={t}
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
