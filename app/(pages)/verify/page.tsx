import type { AuditVerdict } from "@sociedades-ia/incorporate";
import type { Metadata } from "next";
import Form from "next/form";
import { ErrorNotice } from "@/app/_components/feedback/error-notice";
import { TamperDemo } from "@/app/_components/tamper/tamper-demo";
import { getDictionary } from "@/app/_i18n/get-lang";
import { describeSessionChecks } from "@/lib/audit/describe-session-checks";
import { isSessionId } from "@/lib/audit/entry";
import { type AuditLogResult, getAuditLog } from "@/lib/audit/get-audit-log";
import { checkStoredSession } from "@/lib/audit/session-checks";
import type { Lang } from "@/lib/i18n";
import { pick } from "@/lib/i18n/pick";
import { fill } from "@/lib/i18n/template";
import { isStoreUnavailable } from "@/lib/store";
import { LogVerifier } from "./log-verifier";
import { SessionInclusion } from "./session-inclusion";
import { SessionReport } from "./session-report";
import "@/app/audit.css";
import { GlossaryLinks } from "@/app/_components/layout/glossary-link";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

type Lookup =
  | { kind: "none" }
  | { kind: "invalid"; value: string }
  | { kind: "failed"; sessionId: string; storeDown: boolean }
  | { kind: "report"; log: AuditLogResult; checks: { verdict: AuditVerdict; summary: string } | null };

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.nav.verify };
}

/**
 * Verifies `?session=` on the server with the service's HMAC keys (the same report as `?verify=1`),
 * and runs the one verification on it (as MCP's audit_verify) for the headline.
 */
async function lookUp(raw: string | undefined, lang: Lang): Promise<Lookup> {
  const value = raw?.trim() ?? "";
  if (value === "") return { kind: "none" };
  if (!isSessionId(value)) return { kind: "invalid", value };
  try {
    const log = await getAuditLog(value, { verify: true });
    const checks =
      log.verification && log.entries.length > 0
        ? describeSessionChecks(
            await checkStoredSession(value, log.verification, log.transparency),
            lang === "en" ? "en" : "es",
          )
        : null;
    return { kind: "report", log, checks };
  } catch (err) {
    console.error(err);
    return { kind: "failed", sessionId: value, storeDown: isStoreUnavailable(err) };
  }
}

export default async function VerifyPage({ searchParams }: Props) {
  const { lang, d } = await getDictionary();
  const t = d.verify;
  const session = (await searchParams).session;
  const lookup = await lookUp(Array.isArray(session) ? session[0] : session, lang);
  const validId =
    lookup.kind === "report" ? lookup.log.sessionId : lookup.kind === "failed" ? lookup.sessionId : undefined;
  const invalid = lookup.kind === "invalid";

  return (
    <div className="page audit-page">
      <h1>{t.title}</h1>
      {/* With a session asked for, its verdict leads; the page's introduction follows it. */}
      {lookup.kind === "none" ? <p className="lead">{t.lead}</p> : null}

      <section aria-labelledby="verify-by-id" className="audit-section">
        <h2 id="verify-by-id">{t.byId.title}</h2>
        <p>{t.byId.intro}</p>
        {/* A GET form: works without JavaScript, and next/form turns it into a client navigation. */}
        <Form action="/verify" className="audit-form" prefetch={false}>
          <div className="field">
            <label htmlFor="session-id">{t.byId.label}</label>
            <p className="field-hint" id="session-id-hint">
              {t.byId.hint}
            </p>
            <div className="inline-form">
              <input
                id="session-id"
                name="session"
                type="text"
                autoComplete="off"
                spellCheck={false}
                defaultValue={lookup.kind === "invalid" ? lookup.value : validId}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? "session-id-hint session-id-error" : "session-id-hint"}
              />
              <button type="submit" className="button button-primary">
                {t.byId.submit}
              </button>
            </div>
            {lookup.kind === "invalid" ? (
              <p className="field-error" id="session-id-error">
                {fill(t.byId.invalid, { value: lookup.value })}
              </p>
            ) : null}
          </div>
        </Form>
        <div aria-live="polite">
          {lookup.kind === "report" && lookup.log.verification ? (
            <SessionReport log={lookup.log} report={lookup.log.verification} checks={lookup.checks} dictionary={d} />
          ) : null}
          {lookup.kind === "report" && lookup.log.entries.length > 0 ? (
            <SessionInclusion sessionId={lookup.log.sessionId} words={t.inclusion} lang={lang} />
          ) : null}
          {lookup.kind === "failed" ? (
            <ErrorNotice
              failure={{ message: lookup.storeDown ? t.byId.storeDown : fill(d.audit.request.server, { status: 500 }) }}
              lang={lang}
              detailLabel={d.audit.request.serverDetail}
              retryLabel={t.byId.retry}
              retryHref={`/verify?session=${encodeURIComponent(lookup.sessionId)}`}
            />
          ) : null}
        </div>
      </section>

      {lookup.kind === "none" ? null : <p className="lead">{t.lead}</p>}
      <GlossaryLinks terms={["auditLog", "hmac", "chain", "checkpoint"]} words={d.glossary} />

      <div className="audit-section">
        <TamperDemo
          words={pick(d.audit, ["entry", "verdict", "reasons", "request", "tamper"])}
          lang={lang}
          defaultSessionId={validId}
        />
      </div>

      <section aria-labelledby="verify-paste" className="audit-section">
        <h2 id="verify-paste">{t.paste.title}</h2>
        <p>{t.paste.intro}</p>
        <p>{t.paste.hmacNote}</p>
        <LogVerifier
          words={t.paste}
          inclusion={t.inclusion}
          auditWords={pick(d.audit, ["entry", "verdict", "reasons", "request"])}
          lang={lang}
          sessionId={validId}
        />
      </section>
    </div>
  );
}
