"use client";

import { type ReactNode, useId } from "react";
import { badgePath } from "@/lib/audit/paths";
import type { Lang } from "@/lib/i18n";
import { badgeText, type InitialLog, type LiveAuditMessages, type LiveMessages } from "./live-model";
import { LiveStatus } from "./live-status";
import { LiveTimeline } from "./live-timeline";
import { useSessionLive } from "./use-session-live";

export type { InitialLog } from "./live-model";

/**
 * The live part of the dashboard: the verification status, the timeline and the badge, kept current
 * by the stream. The state, the stream and the checks are in use-session-live.ts.
 */
export function SessionLive({
  words,
  auditWords,
  lang,
  sessionId,
  initial,
  intro,
  afterTimeline,
  snippets,
}: {
  words: LiveMessages;
  auditWords: LiveAuditMessages;
  lang: Lang;
  sessionId: string;
  initial: InitialLog | null;
  /** What the timeline is, said under its heading. */
  intro: string;
  /** Rendered between the timeline and the badge (the tamper demonstration). */
  afterTimeline?: ReactNode;
  /** The copy-ready embed snippets, rendered on the server, shown under the live badge. */
  snippets: ReactNode;
}) {
  const id = useId();
  const { status, timeline, badge } = useSessionLive({ words, auditWords, sessionId, initial });

  return (
    <>
      <LiveStatus status={status} words={words} auditWords={auditWords} lang={lang} headingId={`${id}-status`} />
      <LiveTimeline
        timeline={timeline}
        words={words}
        auditWords={auditWords}
        initial={initial}
        intro={intro}
        headingId={`${id}-timeline`}
      />

      {afterTimeline}

      <section id="dashboard-badge" aria-labelledby={`${id}-badge`} className="audit-section">
        <h2 id={`${id}-badge`}>{words.badge.title}</h2>
        <p>{words.badge.intro}</p>
        <div className="badge-preview">
          {/* The query only makes the browser fetch the badge again when the log changes. */}
          {/* biome-ignore lint/performance/noImgElement: an SVG from our own API, not an optimisable photo. */}
          <img
            src={badgePath(sessionId, lang, { n: String(badge.count) })}
            alt={`${words.badge.alt}: ${badgeText(badge.report, auditWords)}`}
            height={24}
            data-testid="badge"
          />
        </div>
        {snippets}
      </section>
    </>
  );
}
