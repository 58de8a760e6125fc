import type { Lang } from "@/lib/i18n";
import type { AuditRef, PlayUIMessage } from "@/lib/play/ui-message";
import { isToolPart, toolNameOf } from "@/lib/play/ui-message-builder";
import type { ChatMessages } from "./chat-messages";
import { ToolCard } from "./tool-card";

/** The conversation: each message with its text and tool cards, and whether the agent is working. */
export function ChatLog({
  words,
  messages,
  refs,
  busy,
  done,
  lang,
}: {
  words: Pick<ChatMessages, "chat" | "tool">;
  messages: PlayUIMessage[];
  refs: Map<string, AuditRef>;
  busy: boolean;
  /** The last answer is complete (announced to screen readers). */
  done: boolean;
  lang: Lang;
}) {
  return (
    <>
      <ol className="chat-log">
        {messages.map((message, index) => (
          <li key={message.id} className={`chat-message chat-${message.role}`} data-role={message.role}>
            <p className="chat-author">{message.role === "user" ? words.chat.you : words.chat.agent}</p>
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
                    words={words.tool}
                    lang={lang}
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
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {busy ? words.chat.working : done ? words.chat.done : ""}
      </p>
      {busy ? (
        <p className="chat-working" aria-hidden="true">
          {words.chat.working}
        </p>
      ) : null}
    </>
  );
}
