import type { IncorporateMessages } from "@/app/incorporar/words";
import { badgePath } from "@/lib/audit/paths";
import type { Lang } from "@/lib/i18n";
import type { IncorporationSuccess } from "@/lib/incorporation/success";
import { CopyButton } from "../_components/audit/copy-button";
import { CodeBlock } from "../_components/code-block";

type ResultMessages = IncorporateMessages["result"];

/** The forming record and the session's audit log, side by side. */
export function ResultCards({ t, lang, result }: { t: ResultMessages; lang: Lang; result: IncorporationSuccess }) {
  const { audit, registry } = result;
  // The badge, shown and embedded, speaks the page's language (the API's badgeUrl is the English one).
  const badge = badgePath(audit.sessionId, lang);
  const embed = `[![${t.audit.badgeAlt}](${new URL(badge, audit.badgeUrl).href})](${audit.dashboardUrl})`;
  return (
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
          <a className="button button-primary" href={`/registro/${encodeURIComponent(registry.record.id)}`}>
            {t.registry.record}
          </a>{" "}
          <a href={registry.url}>{t.registry.json}</a>
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
          <img src={badge} alt={t.audit.badgeAlt} height={24} />
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
  );
}
