import type { Metadata } from "next";
import type { Dictionary } from "@/app/_i18n/dictionary";
import { isApiError } from "@/lib/http/problem";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { getRegistryRecord } from "@/lib/registry/get-registry-record";
import { listRegistry } from "@/lib/registry/list-registry";
import { parseRegistryQuery } from "@/lib/registry/parse-registry-query";
import {
  JURISDICTIONS,
  LISTABLE_TYPES,
  RECORD_STATUSES,
  RECORD_TYPES,
  type RegistryList,
  type RegistryRecord,
  RFC_TOKENS,
} from "@/lib/registry/record-schema";
import { isStoreUnavailable } from "@/lib/store";
import { getDictionary } from "../_i18n/get-lang";
import { CertifyPanel } from "./certify-panel";
import { RecordCard } from "./record-card";
import { SelfListingForm } from "./self-listing-form";
import "./registro.css";
import { GlossaryLinks } from "../_components/glossary-link";

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { searchParams: Promise<SearchParams> };

const PAGE_SIZE = 20;
const PAGE_PARAMS = ["jurisdiction", "type", "status", "cursor"] as const;

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.nav.registry };
}

/**
 * Reads the page's filters leniently: a bad value in a shared link is named and ignored rather than
 * failing the page (the API answers 400 for the same input).
 */
async function loadRegistry(raw: SearchParams) {
  const query = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const first = firstValue(raw[name]);
    if (first) query.set(name, first);
  }
  const ignored: string[] = [];
  for (let attempt = 0; attempt <= PAGE_PARAMS.length; attempt++) {
    try {
      const parsed = parseRegistryQuery(query);
      return { list: await listRegistry({ ...parsed, limit: PAGE_SIZE }), ignored, query };
    } catch (err) {
      if (isStoreUnavailable(err)) return { list: null, ignored, query };
      const parameter = isApiError(err) ? String(err.extensions.parameter ?? "") : "";
      if (!parameter || !query.has(parameter)) throw err;
      if (parameter !== "cursor") ignored.push(`${parameter}=${query.get(parameter)}`);
      query.delete(parameter);
    }
  }
  throw new Error("unreachable");
}

/**
 * `?id=` shows one record wherever it sits in the list: the listing form links there, since a new
 * record goes to the end of the creation order, pages away from the first.
 */
async function loadOne(
  id: string,
): Promise<{ record: RegistryRecord | null; unavailable: boolean; corrupt?: boolean }> {
  try {
    return { record: await getRegistryRecord(id), unavailable: false };
  } catch (err) {
    if (isStoreUnavailable(err)) return { record: null, unavailable: true };
    if (isApiError(err) && err.code === "not_found") return { record: null, unavailable: false };
    // A record whose stored state fails its seal is never shown; the page says so.
    if (isApiError(err) && err.code === "registry_record_corrupt")
      return { record: null, unavailable: false, corrupt: true };
    throw err;
  }
}

function Filters({ d, list }: { d: Dictionary; list: RegistryList | null }) {
  const t = d.registry;
  const selects = [
    { name: "jurisdiction", label: t.filters.jurisdiction, values: JURISDICTIONS, names: t.jurisdictions },
    { name: "type", label: t.filters.type, values: RECORD_TYPES, names: t.types },
    { name: "status", label: t.filters.status, values: RECORD_STATUSES, names: t.status },
  ] as const;
  return (
    <form method="get" action="/registro" className="registry-filters" aria-labelledby="registry-filters-title">
      <h2 id="registry-filters-title" className="visually-hidden">
        {t.filters.title}
      </h2>
      {selects.map((s) => (
        <div className="registry-field" key={s.name}>
          <label htmlFor={`filter-${s.name}`}>{s.label}</label>
          <select id={`filter-${s.name}`} name={s.name} defaultValue={list?.filters[s.name] ?? ""}>
            <option value="">{t.filters.any}</option>
            {s.values.map((value) => (
              <option key={value} value={value}>
                {(s.names as Record<string, string>)[value]}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="registry-filter-actions">
        <button type="submit" className="button button-primary">
          {t.filters.submit}
        </button>
        <a href="/registro">{t.filters.clear}</a>
      </div>
    </form>
  );
}

async function ListResults({ raw, d, lang }: { raw: SearchParams; d: Dictionary; lang: Lang }) {
  const t = d.registry;
  const { list, ignored, query } = await loadRegistry(raw);
  const filterQuery = new URLSearchParams([...query].filter(([k]) => k !== "cursor"));
  const nextHref = list?.nextCursor
    ? `/registro?${new URLSearchParams([...filterQuery, ["cursor", list.nextCursor]]).toString()}`
    : null;
  const firstHref = query.has("cursor") ? `/registro${filterQuery.size ? `?${filterQuery}` : ""}` : null;
  return (
    <>
      <Filters d={d} list={list} />
      {ignored.length > 0 ? (
        <p className="notice registry-warn" role="status">
          {t.filters.invalid} <code>{ignored.join(", ")}</code>
        </p>
      ) : null}

      <section aria-labelledby="registry-results-title" id="lista">
        <h2 id="registry-results-title">{t.results.title}</h2>
        {list === null ? (
          <LoadError d={d} retryHref={`/registro${query.size ? `?${query}` : ""}`} />
        ) : (
          <>
            <p role="status">
              {list.count === 0
                ? t.results.empty
                : list.count === 1
                  ? t.results.countOne
                  : fill(t.results.count, { n: list.count })}
            </p>
            <ul className="registry-list">
              {list.records.map((record) => (
                <li key={record.id}>
                  <RecordCard record={record} lang={lang} d={d} />
                </li>
              ))}
            </ul>
            {nextHref || firstHref ? (
              <nav className="registry-pages" aria-label={t.results.title}>
                {firstHref ? <a href={firstHref}>{t.results.first}</a> : null}
                {nextHref ? <a href={nextHref}>{t.results.next}</a> : null}
              </nav>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}

async function OneRecord({ id, d, lang }: { id: string; d: Dictionary; lang: Lang }) {
  const t = d.registry;
  const { record, unavailable, corrupt } = await loadOne(id);
  return (
    <section aria-labelledby="registry-results-title" id="lista">
      <h2 id="registry-results-title">{t.results.oneTitle}</h2>
      {unavailable ? (
        <LoadError d={d} retryHref={`/registro?${new URLSearchParams({ id })}`} />
      ) : record ? (
        <ul className="registry-list">
          <li>
            <RecordCard record={record} lang={lang} d={d} />
          </li>
        </ul>
      ) : corrupt ? (
        <p className="notice registry-alert" role="alert">
          {t.results.corrupt} <code>{id}</code>
        </p>
      ) : (
        <p className="notice registry-warn" role="status">
          {t.results.notFound} <code>{id}</code>
        </p>
      )}
      {record && record.status !== "forming" && record.publicUrl !== "-" ? (
        <CertifyPanel recordId={record.id} t={t.certify} lang={lang} />
      ) : null}
      <nav className="registry-pages" aria-label={t.results.oneTitle}>
        <a href="/registro">{t.results.all}</a>
      </nav>
    </section>
  );
}

function LoadError({ d, retryHref }: { d: Dictionary; retryHref: string }) {
  return (
    <div className="notice registry-alert" role="alert">
      <p>{d.registry.results.loadError}</p>
      <a className="button" href={retryHref}>
        {d.registry.results.retry}
      </a>
    </div>
  );
}

export default async function RegistryPage({ searchParams }: Props) {
  const { lang, d } = await getDictionary();
  const t = d.registry;
  const raw = await searchParams;
  const id = firstValue(raw.id);

  return (
    <div className="page registry-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <GlossaryLinks terms={["certification", "rfc"]} t={d.glossary} />

      <details className="registry-states">
        <summary>{t.states.title}</summary>
        <ul>
          <li>{t.states.live}</li>
          <li>{t.states.draft}</li>
          <li>{t.states.forming}</li>
          <li>{t.states.reference}</li>
          <li>{t.states.standing}</li>
        </ul>
      </details>

      {id === undefined ? <ListResults raw={raw} d={d} lang={lang} /> : <OneRecord id={id} d={d} lang={lang} />}

      <section aria-labelledby="registry-form-title" className="registry-form-section">
        <h2 id="registry-form-title">{t.form.title}</h2>
        <p>{t.form.intro}</p>
        <SelfListingForm
          t={t.form}
          certify={t.certify}
          lang={lang}
          findingMessages={t.findings}
          errorMessages={t.errors}
          types={LISTABLE_TYPES.map((value) => ({ value, label: t.types[value] }))}
          jurisdictions={JURISDICTIONS.map((value) => ({ value, label: t.jurisdictions[value] }))}
          rfcTokens={[...RFC_TOKENS]}
        />
      </section>
    </div>
  );
}
