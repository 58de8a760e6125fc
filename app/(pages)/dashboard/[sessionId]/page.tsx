import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CodeBlock } from "@/app/_components/code/code-block";
import { CopyButton } from "@/app/_components/code/copy-button";
import { pageBaseUrl } from "@/app/_components/code/page-base-url";
import { PageContents } from "@/app/_components/layout/page-contents";
import { TamperDemo } from "@/app/_components/tamper/tamper-demo";
import type { Dictionary } from "@/app/_i18n/dictionary";
import { getDictionary } from "@/app/_i18n/get-lang";
import { SessionInclusion } from "@/app/(pages)/verify/session-inclusion";
import { isSessionId } from "@/lib/audit/entry";
import { getAuditLog } from "@/lib/audit/get-audit-log";
import { pick } from "@/lib/i18n/pick";
import { type InitialLog, SessionLive } from "./session-live";
import "@/app/audit.css";
import { GlossaryLinks } from "@/app/_components/layout/glossary-link";
import { auditPaths, badgePath } from "@/lib/audit/paths";

type Props = { params: Promise<{ sessionId: string }>; searchParams: Promise<{ after?: string | string[] }> };

/**
 * Entries one view renders: the page's cost (and its HTML) stays the same whatever the session's
 * size; links page through the rest.
 */
const WINDOW = 200;

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.dashboard.title, robots: { index: false } };
}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** `?after=<seq>` as a number, or null (the newest entries) when absent or not a seq. */
function afterParam(raw: string | string[] | undefined): number | null {
  return typeof raw === "string" && /^(-1|\d{1,9})$/.test(raw) ? Number(raw) : null;
}

/**
 * A window of the session's log as the server reads it, with the report of the whole log: the
 * newest WINDOW entries, or those after `after`. Null when the store cannot be read (the page then retries).
 */
async function readInitial(sessionId: string, after: number | null): Promise<InitialLog | null> {
  try {
    // The size first (a read past the end holds no entries), then the newest window.
    const start =
      after ?? Math.max(-1, (await getAuditLog(sessionId, { page: { after: 1e9, limit: 1 } })).page.total - WINDOW - 1);
    const log = await getAuditLog(sessionId, { verify: true, page: { after: start, limit: WINDOW } });
    if (!log.verification) return null;
    return {
      backend: log.backend,
      entries: log.entries,
      checkpoint: log.checkpoint,
      verification: log.verification,
      window: {
        first: Math.min(start + 1, log.page.total),
        total: log.page.total,
        newest: log.page.next === null,
        size: WINDOW,
      },
    };
  } catch (err) {
    console.error(err);
    return null;
  }
}

function Snippet({ title, code, dictionary }: { title: string; code: string; dictionary: Dictionary }) {
  const t = dictionary.dashboard.badge;
  return (
    <div className="snippet">
      <div className="snippet-head">
        <h3>{title}</h3>
        <CopyButton text={code} label={`${t.copy} (${title})`} copiedLabel={t.copied} failedLabel={t.copyFailed} />
      </div>
      <CodeBlock>{code}</CodeBlock>
    </div>
  );
}

export default async function DashboardPage({ params, searchParams }: Props) {
  const { lang, d } = await getDictionary();
  const sessionId = decode((await params).sessionId);
  const after = afterParam((await searchParams).after);
  // An id that cannot exist, and a session with no entries, are not pages: 404 with the site's page.
  if (!isSessionId(sessionId)) notFound();

  const t = d.dashboard;
  const paths = auditPaths(sessionId);
  const [initial, base] = await Promise.all([readInitial(sessionId, after), pageBaseUrl()]);
  if (initial && initial.window.total === 0) notFound();
  // The snippet's badge speaks the language of the page that gives it (the badge's default is English).
  const badgeUrl = `${base}${badgePath(sessionId, lang)}`;
  const dashboardUrl = `${base}${paths.dashboard}`;
  const markdown = `[![${t.badge.alt}](${badgeUrl})](${dashboardUrl})`;
  const html = `<a href="${dashboardUrl}"><img src="${badgeUrl}" alt="${t.badge.alt}" height="24"></a>`;

  return (
    <div className="page audit-page dashboard-page">
      <p className="eyebrow">{t.eyebrow}</p>
      <h1>{t.title}</h1>
      <p>
        {t.sessionLabel}{" "}
        <code translate="no" data-testid="session-id">
          {sessionId}
        </code>
      </p>
      {/* The verdict leads: the explanations come after the status and the timeline. */}
      <PageContents
        label={d.onThisPage}
        items={[
          { href: "#dashboard-verification", label: t.status.title },
          { href: "#dashboard-timeline", label: t.timeline.title },
          { href: "#dashboard-badge", label: t.badge.title },
          { href: "#dashboard-downloads", label: t.downloads.title },
        ]}
      />
      <SessionLive
        words={pick(t, ["status", "timeline", "empty", "badge"])}
        auditWords={pick(d.audit, ["verdict", "reasons", "kinds", "outcomes", "request"])}
        lang={lang}
        sessionId={sessionId}
        initial={initial}
        intro={t.lead}
        afterTimeline={
          <div className="audit-section">
            <GlossaryLinks terms={["auditLog", "hmac", "chain", "checkpoint", "kid"]} words={d.glossary} />
            <p className="page-note">{t.sandbox}</p>
            <TamperDemo
              words={pick(d.audit, ["entry", "verdict", "reasons", "request", "tamper"])}
              lang={lang}
              sessionId={sessionId}
              startWithSample={!initial || initial.entries.length === 0}
            />
          </div>
        }
        snippets={
          <>
            <Snippet title={t.badge.markdown} code={markdown} dictionary={d} />
            <Snippet title={t.badge.html} code={html} dictionary={d} />
          </>
        }
      />

      <div className="audit-section">
        {/* The client package's verification, run in the browser: log, latest entry and witnesses. */}
        <SessionInclusion sessionId={sessionId} words={d.verify.inclusion} lang={lang} />
      </div>

      <section aria-labelledby="dashboard-downloads" className="audit-section">
        <h2 id="dashboard-downloads">{t.downloads.title}</h2>
        <ul className="link-list">
          <li>
            <a href={paths.log} download={`audit-${sessionId}.json`}>
              {t.downloads.json}
            </a>
          </li>
          <li>
            <a href={paths.csv} download={`audit-${sessionId}.csv`}>
              {t.downloads.csv}
            </a>
          </li>
          <li>
            <Link href={`/verify?session=${encodeURIComponent(sessionId)}`} prefetch={false}>
              {t.downloads.verify}
            </Link>
          </li>
        </ul>
        <p>{t.downloads.note}</p>
      </section>
    </div>
  );
}
