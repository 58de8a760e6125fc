import { type KeyboardEvent, type Ref, useState } from "react";
import type { IncorporateMessages } from "@/app/incorporar/words";
import { auditPaths } from "@/lib/audit/paths";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { envVarDescriptionIn } from "@/lib/incorporation/env-var-description";
import type { IncorporationSuccess } from "@/lib/incorporation/success";
import { STARTER_ENV } from "@/packages/starter/lib/contract";
import { CopyButton } from "../_components/audit/copy-button";
import { CodeBlock } from "../_components/code-block";
import { formatPesos } from "./format-pesos";

type ResultMessages = IncorporateMessages["result"];

/** Saves `content` as a file named after the last part of `path`, without a round trip. */
function download(path: string, content: string) {
  const type = path.endsWith(".json") ? "application/json" : "text/plain";
  const url = URL.createObjectURL(new Blob([content], { type: `${type};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = path.split("/").pop() ?? path;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function hostAndPath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === "/" ? "" : u.pathname}`;
  } catch {
    return url;
  }
}

/** The generated files as tabs (arrow keys move between them), each with copy and download. */
function FileTabs({ files, t }: { files: Record<string, string>; t: ResultMessages["files"] }) {
  const paths = Object.keys(files);
  const [selected, setSelected] = useState(0);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: paths.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + paths.length) % paths.length;
    setSelected(index);
    document.getElementById(`inc-file-tab-${index}`)?.focus();
  }

  return (
    <div className="inc-files">
      <div role="tablist" aria-label={t.tabs} className="inc-tablist">
        {paths.map((path, i) => (
          <button
            key={path}
            type="button"
            role="tab"
            id={`inc-file-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`inc-file-panel-${i}`}
            tabIndex={i === selected ? 0 : -1}
            className="inc-tab"
            onClick={() => setSelected(i)}
            onKeyDown={onKeyDown}
          >
            <span translate="no">{path}</span>
          </button>
        ))}
      </div>
      {paths.map((path, i) => (
        <div
          key={path}
          role="tabpanel"
          id={`inc-file-panel-${i}`}
          aria-labelledby={`inc-file-tab-${i}`}
          hidden={i !== selected}
          className="inc-panel"
        >
          <div className="button-row inc-file-actions">
            <CopyButton
              text={files[path] ?? ""}
              label={fill(t.copy, { path })}
              copiedLabel={t.copied}
              failedLabel={t.copyFailed}
            />
            <button type="button" className="button button-small" onClick={() => download(path, files[path] ?? "")}>
              {fill(t.download, { path })}
            </button>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
          <section className="inc-code" tabIndex={0} aria-label={fill(t.code, { path })}>
            <CodeBlock>{files[path]}</CodeBlock>
          </section>
        </div>
      ))}
    </div>
  );
}

/** A token shown once: its value, a way to copy it, and where it goes. */
function Secret({
  token,
  label,
  short,
  use,
  m,
}: {
  token: string;
  label: string;
  /** How the copy button names it. */
  short: string;
  use: string;
  m: ResultMessages["secrets"];
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <code className="inc-token" translate="no">
          {token}
        </code>
        <CopyButton
          text={token}
          label={fill(m.copy, { what: short })}
          copiedLabel={m.copied}
          failedLabel={m.copyFailed}
        />
        <span className="inc-token-use">{use}</span>
      </dd>
    </div>
  );
}

/**
 * Everything one incorporation produced, in the order a founder needs it: the tokens to save now,
 * the deploy button, the files, the 8-step roadmap, the forming registry record and the audit
 * session with its badge.
 */
export function IncorporationResult({
  t,
  severity,
  lang,
  result,
  replayed,
  headingRef,
  onEdit,
}: {
  t: ResultMessages;
  /** How the findings' severities read. */
  severity: IncorporateMessages["form"]["severity"];
  lang: Lang;
  result: IncorporationSuccess;
  replayed: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onEdit: () => void;
}) {
  const { sociedad, audit, registry } = result;
  const sessionToken = audit.sessionToken;
  const claimToken = registry.claimToken ?? undefined;
  const badgePath = auditPaths(audit.sessionId).badge;
  const embed = `[![${t.audit.badgeAlt}](${audit.badgeUrl})](${audit.dashboardUrl})`;
  const notes = result.validation.findings;

  return (
    <section aria-labelledby="inc-result-title" className="inc-result">
      <h2 id="inc-result-title" tabIndex={-1} ref={headingRef}>
        {fill(t.title, { name: sociedad.denominacion })}
      </h2>
      <p className="pill-row">
        <span className="pill pill-neutral">{sociedad.tipo}</span>
        <span className="pill pill-neutral">{formatPesos(sociedad.capitalSocial, lang)}</span>
        <code translate="no">{sociedad.slug}</code>
      </p>
      <p>{t.lead}</p>

      <div className="inc-actions">
        <a className="button button-primary" href={result.deploy.oneClickUrl} rel="noopener noreferrer">
          {t.deploy.button} <span className="inc-external">{t.deploy.external}</span>
        </a>
        <button type="button" className="button" onClick={onEdit}>
          {t.edit}
        </button>
      </div>
      <p className="field-hint">{t.deploy.body}</p>

      <section aria-labelledby="inc-next-title">
        <h3 id="inc-next-title">{t.next.title}</h3>
        <ol className="inc-next">
          <li>
            {t.next.deploy} <a href={result.deploy.oneClickUrl}>{t.next.deployLink}</a>
            {result.deploy.sourceUrl ? (
              <>
                {" · "}
                <a href={result.deploy.sourceUrl}>{t.next.starterLink}</a>
              </>
            ) : null}
          </li>
          <li>
            {fill(t.next.env, { name: STARTER_ENV.registryId, id: registry.record.id })}{" "}
            <a href="#inc-files-title">{t.next.envLink}</a>
          </li>
          <li>
            {t.next.claim} <a href={registry.url}>{t.next.claimLink}</a>
          </li>
          <li>
            {fill(t.next.certify, { url: `${registry.url}/certify` })} <a href="/registro">{t.next.certifyLink}</a>
          </li>
          <li>
            {t.next.watch} <a href={audit.dashboardUrl}>{t.next.watchLink}</a>
          </li>
        </ol>
      </section>

      {replayed ? <p className="notice inc-note">{t.replayed}</p> : null}

      {sessionToken || claimToken ? (
        <section aria-labelledby="inc-secrets-title" className="notice inc-secrets">
          <h3 id="inc-secrets-title">{t.secrets.title}</h3>
          <p>{t.secrets.warning}</p>
          <dl>
            {sessionToken ? (
              <Secret
                token={sessionToken}
                label={t.secrets.sessionToken}
                short={t.secrets.sessionTokenShort}
                use={t.secrets.sessionTokenUse}
                m={t.secrets}
              />
            ) : null}
            {claimToken ? (
              <Secret
                token={claimToken}
                label={t.secrets.claimToken}
                short={t.secrets.claimTokenShort}
                use={t.secrets.claimTokenUse}
                m={t.secrets}
              />
            ) : null}
          </dl>
        </section>
      ) : null}

      {notes.length > 0 ? (
        <section aria-labelledby="inc-notes-title">
          <h3 id="inc-notes-title">{t.findings}</h3>
          <ul className="inc-issues">
            {notes.map((n) => (
              <li key={`${n.code}:${n.field}`} className={`inc-issue-${n.severity}`}>
                <span className="inc-issue-label">{severity[n.severity]}:</span> {n.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="inc-files-title">
        <h3 id="inc-files-title">{t.files.title}</h3>
        <p>{t.files.intro}</p>
        <FileTabs files={result.config} t={t.files} />
        <details className="inc-env">
          <summary>{fill(t.envVars, { n: result.envVars.length })}</summary>
          <dl>
            {result.envVars.map((v) => (
              <div key={v.name} className="inc-env-item">
                <dt>
                  <code translate="no">{v.name}</code>
                </dt>
                <dd>{envVarDescriptionIn(v.description, lang)}</dd>
              </div>
            ))}
          </dl>
        </details>
      </section>

      <section aria-labelledby="inc-checklist-title">
        <h3 id="inc-checklist-title">{t.checklist.title}</h3>
        <p>{t.checklist.intro}</p>
        <ol className="inc-checklist">
          {result.checklist.map((step) => (
            <li key={step.id} className="inc-step">
              <div className="inc-step-head">
                <h4>{step.title[lang]}</h4>
                <span className={`pill ${step.state === "done" ? "pill-ok" : "pill-neutral"}`}>
                  {t.checklist.states[step.state]}
                </span>
              </div>
              <p className="inc-step-text">{step.description[lang]}</p>
              <dl className="inc-step-facts">
                <div>
                  <dt>{t.checklist.authority}</dt>
                  {/* Authorities are named in Spanish, their own language. */}
                  <dd lang={lang === "es" ? undefined : "es"}>{step.authority}</dd>
                </div>
                <div>
                  <dt>{t.checklist.link}</dt>
                  <dd>
                    <a href={step.link} rel="noopener noreferrer">
                      {hostAndPath(step.link)}
                    </a>
                  </dd>
                </div>
                {step.envVars.length > 0 ? (
                  <div>
                    <dt>{t.checklist.envVars}</dt>
                    <dd>
                      {step.envVars.map((name, i) => (
                        <span key={name}>
                          {i > 0 ? ", " : null}
                          <code translate="no">{name}</code>
                        </span>
                      ))}
                    </dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ol>
      </section>

      <div className="inc-cards">
        <section aria-labelledby="inc-registry-title" className="inc-card">
          <h3 id="inc-registry-title">{t.registry.title}</h3>
          <p>{t.registry.intro}</p>
          <dl className="inc-facts">
            <div>
              <dt>{t.registry.name}</dt>
              <dd>{registry.record.name}</dd>
            </div>
            <div>
              <dt>{t.registry.id}</dt>
              <dd>
                <code translate="no">{registry.record.id}</code>
              </dd>
            </div>
            <div>
              <dt>{t.registry.status}</dt>
              <dd>
                <span className="pill pill-warn">
                  {registry.record.status === "forming" ? t.registry.forming : registry.record.status}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t.registry.standing}</dt>
              <dd>
                <span className="pill pill-neutral">
                  {registry.record.goodStanding.state === "unverified"
                    ? t.registry.unverified
                    : registry.record.goodStanding.state}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t.registry.claim}</dt>
              <dd>
                <code translate="no">POST {registry.claimUrl}</code>
              </dd>
            </div>
          </dl>
          <p className="inc-card-link">
            <a href={registry.url}>{t.registry.record}</a>
          </p>
        </section>

        <section aria-labelledby="inc-audit-title" className="inc-card">
          <h3 id="inc-audit-title">{t.audit.title}</h3>
          <p>{t.audit.intro}</p>
          <dl className="inc-facts">
            <div>
              <dt>{t.audit.sessionId}</dt>
              <dd>
                <code translate="no">{audit.sessionId}</code>
              </dd>
            </div>
            <div>
              <dt>{t.audit.backend}</dt>
              <dd>
                <code translate="no">{audit.backend}</code>
              </dd>
            </div>
            {audit.entry.hmac ? (
              <div>
                <dt>{t.audit.hmac}</dt>
                <dd>
                  <code translate="no">{audit.entry.hmac}</code>
                </dd>
              </div>
            ) : null}
          </dl>
          <ul className="inc-links">
            <li>
              <a href={audit.dashboardUrl}>{t.audit.dashboard}</a>
            </li>
            <li>
              <a href={`/verify?session=${encodeURIComponent(audit.sessionId)}`}>{t.audit.verify}</a>
            </li>
            <li>
              <a href={audit.url}>{t.audit.log}</a>
            </li>
          </ul>
          <h4>{t.audit.badge}</h4>
          <p className="inc-badge">
            {/* biome-ignore lint/performance/noImgElement: an SVG badge from this service; nothing for next/image to optimise. */}
            <img src={badgePath} alt={t.audit.badgeAlt} height={24} />
          </p>
          <CodeBlock caption={t.audit.embed}>{embed}</CodeBlock>
          <CopyButton
            text={embed}
            label={t.audit.copyEmbed}
            copiedLabel={t.secrets.copied}
            failedLabel={t.secrets.copyFailed}
          />
        </section>
      </div>
    </section>
  );
}
