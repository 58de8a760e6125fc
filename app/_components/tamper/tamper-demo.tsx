"use client";

import { useId } from "react";
import { ErrorNotice } from "@/app/_components/feedback/error-notice";
import { NeedsScripts } from "@/app/_components/feedback/needs-scripts";
import type { Lang } from "@/lib/i18n";
import { TamperForm } from "./tamper-form";
import type { TamperDemoMessages } from "./tamper-model";
import { useTamperDemo } from "./use-tamper-demo";
import "@/app/audit.css";

export type { TamperDemoMessages } from "./tamper-model";

/**
 * The tamper demonstration (POST /api/play/tamper-demo): the server alters a copy of a log in memory
 * and verifies both, and the original entry is shown VERIFIED next to the altered copy TAMPERED, with
 * the reason. With `sessionId` the demo offers that session (dashboard); without it, the visitor may
 * type one (`defaultSessionId` pre-fills it) or use the built-in sample. The state and the call are
 * in use-tamper-demo.ts.
 */
export function TamperDemo({
  words,
  lang,
  sessionId,
  defaultSessionId,
  startWithSample = false,
}: {
  words: TamperDemoMessages;
  lang: Lang;
  sessionId?: string;
  defaultSessionId?: string;
  /** Pre-select the built-in sample even when a session is offered (e.g. the session is empty). */
  startWithSample?: boolean;
}) {
  const t = words.tamper;
  const id = useId();
  const w = useTamperDemo({ words, sessionId, defaultSessionId, startWithSample });

  return (
    <section className="tamper-demo" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title}</h2>
      <p>{t.intro}</p>
      <div className="scripted">
        <TamperForm demo={w} words={t} id={id} sessionId={sessionId} />
      </div>
      <NeedsScripts text={t.needsScripts} />

      {w.failure ? (
        <ErrorNotice
          failure={w.failure}
          lang={lang}
          detailLabel={words.request.serverDetail}
          retryLabel={words.request.retry}
          onRetry={() => void w.run()}
        />
      ) : null}
      {w.result ? <w.result.View result={w.result.data} words={words} headingId={`${id}-result`} /> : null}
    </section>
  );
}
