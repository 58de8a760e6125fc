import Link from "next/link";
import { type Ref, useState } from "react";
import { CopyButton } from "@/app/_components/code/copy-button";
import { auditPaths, badgePath } from "@/lib/audit/paths";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import type { AuditRef, PlayUIMessage } from "@/lib/play/ui-message";
import { isToolPart, toolNameOf } from "@/lib/play/ui-message-builder";
import { incorporateIntoHref } from "../incorporar/session-fragment";
import type { ChatMessages } from "./chat-messages";

/** The audit session beside the chat: its id, live badge, links and the entries signed so far. */
export function SessionPanel({
  ref,
  words,
  ids,
  lang,
  sessionId,
  sessionToken,
  refList,
  messages,
}: {
  ref?: Ref<HTMLElement>;
  words: Pick<ChatMessages, "session">;
  ids: string;
  lang: Lang;
  sessionId: string | null;
  /** The session's write token, shown once: only the tab that opened the session has it. */
  sessionToken: string | null;
  refList: AuditRef[];
  messages: PlayUIMessage[];
}) {
  const [panelOpen, setPanelOpen] = useState(false);
  const paths = sessionId ? auditPaths(sessionId) : null;
  return (
    <aside ref={ref} className="play-session" aria-labelledby={`${ids}-session`} data-open={panelOpen}>
      <div className="play-session-bar">
        <h2 id={`${ids}-session`}>{words.session.title}</h2>
        {paths ? (
          <button
            type="button"
            className="button button-small play-session-toggle"
            aria-expanded={panelOpen}
            aria-controls={`${ids}-session-body`}
            onClick={() => setPanelOpen((open) => !open)}
          >
            {panelOpen ? words.session.hide : words.session.show}
          </button>
        ) : null}
      </div>
      {paths ? (
        <div id={`${ids}-session-body`} className="play-session-body">
          <p className="session-id">
            {words.session.id}{" "}
            <code translate="no" data-testid="session-id">
              {sessionId}
            </code>
          </p>
          <p className="session-badge-row">
            {/* The count in the query makes the browser fetch the live badge again after each entry. */}
            {/* biome-ignore lint/performance/noImgElement: a live SVG from our own API, not an optimisable asset. */}
            <img
              className="session-badge"
              src={badgePath(sessionId ?? "", lang, { n: String(refList.length) })}
              alt={words.session.badgeAlt}
              height={24}
            />
          </p>
          {sessionToken ? (
            // Shown on phones even with the panel folded: it is shown once, in this tab only.
            <div className="session-token" data-testid="session-token-box">
              <p className="session-token-value">
                {words.session.token}{" "}
                <code translate="no" data-testid="session-token">
                  {sessionToken}
                </code>
              </p>
              <p className="field-hint session-token-note">{words.session.tokenNote}</p>
              <CopyButton
                text={sessionToken}
                label={words.session.copyToken}
                copiedLabel={words.session.copied}
                failedLabel={words.session.copyFailed}
              />
              <p className="session-token-next">
                <a href={incorporateIntoHref(sessionId ?? "", sessionToken)}>{words.session.incorporate}</a>
              </p>
            </div>
          ) : null}
          <ul className="link-list">
            <li>
              <Link href={paths.dashboard} prefetch={false}>
                {words.session.dashboard}
              </Link>
            </li>
            <li>
              <a href={paths.verified} translate="no">
                {words.session.json}
              </a>
            </li>
          </ul>
          <h3>{words.session.timeline}</h3>
          <p className="field-hint session-count">
            {refList.length === 1 ? words.session.entriesOne : fill(words.session.entries, { n: refList.length })}
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
          <p className="field-hint">{words.session.note}</p>
        </div>
      ) : (
        <p>{words.session.none}</p>
      )}
    </aside>
  );
}
