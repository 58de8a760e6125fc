import { CodeBlock } from "@/app/_components/code/code-block";
import { CopyButton } from "@/app/_components/code/copy-button";
import type { IncorporateMessages } from "@/app/(pages)/incorporar/words";
import { badgePath } from "@/lib/audit/paths";
import type { Lang } from "@/lib/i18n";
import type { IncorporationSuccess } from "@/lib/incorporation/success";

type ResultMessages = IncorporateMessages["result"];

/** The forming record and the session's audit log, side by side. */
export function ResultCards({
  words,
  lang,
  result,
}: {
  words: ResultMessages;
  lang: Lang;
  result: IncorporationSuccess;
}) {
  const { audit, registry } = result;
  // The badge, shown and embedded, speaks the page's language (the API's badgeUrl is the English one).
  const badge = badgePath(audit.sessionId, lang);
  const embed = `[![${words.audit.badgeAlt}](${new URL(badge, audit.badgeUrl).href})](${audit.dashboardUrl})`;
  return (
    <div className="inc-cards">
      <section aria-labelledby="inc-registry-title" className="inc-card">
        <h3 id="inc-registry-title">{words.registry.title}</h3>
        <p>{words.registry.intro}</p>
        <dl className="inc-facts">
          <div>
            <dt>{words.registry.name}</dt>
            <dd>{registry.record.name}</dd>
          </div>
          <div>
            <dt>{words.registry.id}</dt>
            <dd>
              <code translate="no">{registry.record.id}</code>
            </dd>
          </div>
          <div>
            <dt>{words.registry.status}</dt>
            <dd>
              <span className="pill pill-warn">
                {registry.record.status === "forming" ? words.registry.forming : registry.record.status}
              </span>
            </dd>
          </div>
          <div>
            <dt>{words.registry.standing}</dt>
            <dd>
              <span className="pill pill-neutral">
                {registry.record.goodStanding.state === "unverified"
                  ? words.registry.unverified
                  : registry.record.goodStanding.state}
              </span>
            </dd>
          </div>
          <div>
            <dt>{words.registry.claim}</dt>
            <dd>
              <code translate="no">POST {registry.claimUrl}</code>
            </dd>
          </div>
        </dl>
        <p className="inc-card-link">
          <a className="button button-primary" href={`/registro/${encodeURIComponent(registry.record.id)}`}>
            {words.registry.record}
          </a>{" "}
          <a href={registry.url}>{words.registry.json}</a>
        </p>
      </section>

      <section aria-labelledby="inc-audit-title" className="inc-card">
        <h3 id="inc-audit-title">{words.audit.title}</h3>
        <p>{words.audit.intro}</p>
        <dl className="inc-facts">
          <div>
            <dt>{words.audit.sessionId}</dt>
            <dd>
              <code translate="no">{audit.sessionId}</code>
            </dd>
          </div>
          <div>
            <dt>{words.audit.backend}</dt>
            <dd>
              <code translate="no">{audit.backend}</code>
            </dd>
          </div>
          {audit.entry.hmac ? (
            <div>
              <dt>{words.audit.hmac}</dt>
              <dd>
                <code translate="no">{audit.entry.hmac}</code>
              </dd>
            </div>
          ) : null}
        </dl>
        <ul className="inc-links">
          <li>
            <a href={audit.dashboardUrl}>{words.audit.dashboard}</a>
          </li>
          <li>
            <a href={`/verify?session=${encodeURIComponent(audit.sessionId)}`}>{words.audit.verify}</a>
          </li>
          <li>
            <a href={audit.url}>{words.audit.log}</a>
          </li>
        </ul>
        <h4>{words.audit.badge}</h4>
        <p className="inc-badge">
          {/* biome-ignore lint/performance/noImgElement: an SVG badge from this service; nothing for next/image to optimise. */}
          <img src={badge} alt={words.audit.badgeAlt} height={24} />
        </p>
        <CodeBlock caption={words.audit.embed}>{embed}</CodeBlock>
        <CopyButton
          text={embed}
          label={words.audit.copyEmbed}
          copiedLabel={words.secrets.copied}
          failedLabel={words.secrets.copyFailed}
        />
      </section>
    </div>
  );
}
