import type { Metadata } from "next";
import { getDictionary } from "@/app/_i18n/get-lang";
import { loadRecord } from "../load-record";
import { RecordCard } from "../record-card";
import { RecordNext } from "../record-next";
import "../registro.css";

type Props = { params: Promise<{ id: string }> };

/** The id as typed: Next leaves an encoded "/" (%2F) in a segment encoded. */
function readId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// The tab names the company, as a person calls it; a record that cannot be shown gets the page's heading.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { d } = await getDictionary();
  const { record } = await loadRecord(readId((await params).id));
  return { title: `${record ? record.name : d.registry.results.oneTitle} · ${d.nav.registry}` };
}

/**
 * One record's page: the record, and for whoever holds its token the next step: claim a forming
 * record (claim token and deployed address), then certify it, with the report in the page's language.
 * Both forms are server actions, so the page works without JavaScript.
 */
export default async function RecordPage({ params }: Props) {
  const { lang, d } = await getDictionary();
  const t = d.registry;
  const id = readId((await params).id);
  const { record, unavailable, corrupt } = await loadRecord(id);

  if (!record) {
    return (
      <div className="page registry-page">
        <h1>{t.results.oneTitle}</h1>
        {unavailable ? (
          <div className="notice registry-alert" role="alert">
            <p>{t.results.loadError}</p>
            <a className="button" href={`/registro/${encodeURIComponent(id)}`}>
              {t.results.retry}
            </a>
          </div>
        ) : corrupt ? (
          <p className="notice registry-alert" role="alert">
            {t.results.corrupt} <code>{id}</code>
          </p>
        ) : (
          <p className="notice registry-warn" role="status">
            {t.results.notFound} <code>{id}</code>
          </p>
        )}
        <p>
          <a href="/registro">{t.record.back}</a>
        </p>
      </div>
    );
  }

  const next =
    record.status === "forming" ? t.record.forming : record.status === "draft" ? t.record.draft : t.record.live;
  return (
    <div className="page registry-page registry-record-page">
      <p className="registry-back">
        <a href="/registro">{t.record.back}</a>
      </p>
      <h1 id="record-title">{record.name}</h1>
      <RecordCard record={record} lang={lang} dictionary={d} page />

      <section aria-labelledby="record-next-title" className="registry-next" data-testid="record-next">
        <h2 id="record-next-title">{t.record.nextTitle}</h2>
        <p>{next}</p>
        {record.status === "draft" && record.publicUrl !== "-" ? (
          <>
            <p>{t.record.registryId}</p>
            <pre className="code-block" translate="no">
              <code>{`"issuer": { …, "registryId": "${record.id}" }`}</code>
            </pre>
          </>
        ) : null}
        <RecordNext
          recordId={record.id}
          status={record.status}
          certifiable={record.publicUrl !== "-"}
          operator={record.operator === "-" ? "" : record.operator}
          operatorCuit={record.operatorCuit ?? ""}
          words={t.claim}
          certify={t.certify}
          findingMessages={t.findings}
          noUrl={t.record.noUrl}
          lang={lang}
        />
      </section>
    </div>
  );
}
