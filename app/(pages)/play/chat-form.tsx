import type { FormEvent, KeyboardEvent } from "react";
import { fill } from "@/lib/i18n/template";
import { PLAY_LIMITS } from "@/lib/play/limits";
import type { ChatMessages } from "./chat-messages";

/** The visitor's message: Enter sends, Shift+Enter adds a line; Stop while the agent answers. */
export function ChatForm({
  words,
  ids,
  draft,
  setDraft,
  send,
  busy,
  started,
  stop,
  reset,
}: {
  words: ChatMessages["form"];
  ids: string;
  draft: string;
  setDraft: (text: string) => void;
  send: (text: string) => void;
  busy: boolean;
  /** The conversation has messages (so it can be started over). */
  started: boolean;
  stop: () => void;
  reset: () => void;
}) {
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

  return (
    <form className="play-form" onSubmit={onSubmit}>
      <label htmlFor={`${ids}-prompt`}>{words.label}</label>
      <p id={`${ids}-hint`} className="field-hint">
        {fill(words.hint, { max: PLAY_LIMITS.maxUserChars })}
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
        {fill(words.count, { used: draft.length, max: PLAY_LIMITS.maxUserChars })}
      </p>
      <div className="play-actions">
        {busy ? (
          <button type="button" className="button" onClick={stop}>
            {words.stop}
          </button>
        ) : (
          <button type="submit" className="button button-primary" disabled={draft.trim() === ""}>
            {words.send}
          </button>
        )}
        {started ? (
          <button type="button" className="button" onClick={reset} disabled={busy}>
            {words.reset}
          </button>
        ) : null}
      </div>
    </form>
  );
}
