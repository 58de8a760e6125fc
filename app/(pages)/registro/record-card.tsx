import type { Dictionary } from "@/app/_i18n/dictionary";
import { auditPaths } from "@/lib/audit/paths";
import type { Lang } from "@/lib/i18n";
import { formatDay, formatInstant } from "@/lib/i18n/format-instant";
import { fill } from "@/lib/i18n/template";
import type { RegistryRecord } from "@/lib/registry/record-schema";

const STATUS_PILL = { live: "pill-ok", draft: "pill-neutral", forming: "pill-warn" } as const;
const STANDING_PILL = { active: "pill-ok", suspended: "pill-bad", unverified: "pill-neutral" } as const;

/**
 * One company: status and standing first (text, colour only reinforces), then the facts it has (an
 * empty one is left out, never shown as a dash), disclosure and links.
 */
export function RecordCard({
  record,
  lang,
  dictionary,
  page = false,
}: {
  record: RegistryRecord;
  lang: Lang;
  dictionary: Dictionary;
  /** On the record's own page, whose h1 is its name: no heading of its own, no link to itself. */
  page?: boolean;
}) {
  const t = dictionary.registry;
  const { goodStanding: standing } = record;
  const headingId = `${record.id}-name`;
  // Live and in good standing only with a certification behind it: the seeded reference record is
  // live from the start, before any certifier has looked at it, and is labelled for what it is.
  const uncertified = standing.lastCheckedAt === null;
  const reference = record.status === "live" && uncertified;
  const standingState = uncertified ? "unverified" : standing.state;
  return (
    <article className="registry-card" id={record.id} aria-labelledby={page ? "record-title" : headingId}>
      {page ? null : (
        <h3 id={headingId}>
          <a href={`/registro/${record.id}`}>{record.name}</a>
        </h3>
      )}
      <p className="pill-row registry-pills">
        <span className="visually-hidden">{t.card.summary}: </span>
        {reference ? (
          <span className="pill pill-neutral">{t.card.reference}</span>
        ) : (
          <span className={`pill ${STATUS_PILL[record.status]}`}>{t.status[record.status]}</span>
        )}
        <span className={`pill ${STANDING_PILL[standingState]}`}>
          {t.standing[standingState]}
          {standing.lastRating !== null && standing.lastScore !== null
            ? ` · ${fill(t.card.rating, { rating: standing.lastRating, score: standing.lastScore })}`
            : ""}
        </span>
      </p>
      {reference ? <p className="field-hint registry-reference-note">{t.card.referenceNote}</p> : null}
      <dl className="registry-facts">
        {page ? (
          <div>
            <dt>{t.record.idLabel}</dt>
            <dd>
              <code translate="no">{record.id}</code>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t.card.jurisdiction}</dt>
          <dd>{t.jurisdictions[record.jurisdiction]}</dd>
        </div>
        <div>
          <dt>{t.card.type}</dt>
          <dd>{t.types[record.type]}</dd>
        </div>
        {record.operator !== "-" ? (
          <div>
            <dt>{t.card.operator}</dt>
            <dd>{record.operator}</dd>
          </div>
        ) : null}
        {record.operatorCuit ? (
          <div>
            <dt>{t.card.cuit}</dt>
            <dd translate="no">{record.operatorCuit}</dd>
          </div>
        ) : null}
        {record.listedSince !== "-" && !reference ? (
          <div>
            <dt>{t.card.listedSince}</dt>
            <dd>
              <time dateTime={record.listedSince}>{formatDay(record.listedSince)}</time>
            </dd>
          </div>
        ) : null}
        {standing.lastCheckedAt ? (
          <div>
            <dt>{t.card.lastCheck}</dt>
            <dd>
              <time dateTime={standing.lastCheckedAt}>{formatInstant(standing.lastCheckedAt)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <h4 className="registry-subhead">{t.card.disclosure}</h4>
      <p className="registry-disclosure">{record.disclosure[lang]}</p>
      <h4 className="visually-hidden">{t.card.links}</h4>
      <ul className="registry-links">
        {record.publicUrl !== "-" ? (
          <li>
            <a href={record.publicUrl} rel="noopener noreferrer nofollow" translate="no">
              {t.card.site}: {record.publicUrl.replace(/^https?:\/\//, "")}
            </a>
          </li>
        ) : null}
        {record.sessionId ? (
          <li>
            <a href={auditPaths(record.sessionId).dashboard}>
              {t.card.dashboard}
              <span className="visually-hidden"> ({record.name})</span>
            </a>
          </li>
        ) : null}
        {standing.lastCheckedAt ? (
          <li>
            {/* JSON documents, not pages: plain links keep the client router out of them. */}
            <a href={`/api/registry/${record.id}/report`}>
              {t.card.report}
              <span className="visually-hidden"> ({record.name})</span>
            </a>
          </li>
        ) : null}
        <li>
          <a href={`/api/registry/${record.id}`}>
            {t.card.json}
            <span className="visually-hidden"> ({record.name})</span>
          </a>
        </li>
      </ul>
    </article>
  );
}
