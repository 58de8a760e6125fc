import type { Metadata } from "next";
import { isApiError } from "@/lib/http/problem";
import type { Dictionary } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { listRegistry } from "@/lib/registry/list-registry";
import { parseRegistryQuery } from "@/lib/registry/parse-registry-query";
import {
  JURISDICTIONS,
  LISTABLE_TYPES,
  RECORD_STATUSES,
  RECORD_TYPES,
  type RegistryList,
  RFC_TOKENS,
} from "@/lib/registry/record-schema";
import { isStoreUnavailable } from "@/lib/store";
import { getDictionary } from "../_i18n/get-lang";
import { RecordCard } from "./record-card";
import { SelfListingForm } from "./self-listing-form";
import "./registro.css";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 20;
const PAGE_PARAMS = ["jurisdiction", "type", "status", "cursor"] as const;

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.nav.registry };
}

/**
 * Reads the page's filters leniently: a bad value in a shared link is named and ignored rather than
 * failing the page (the API answers 400 for the same input).
 */
async function loadRegistry(raw: Record<string, string | string[] | undefined>) {
  const query = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = raw[name];
    const first = Array.isArray(value) ? value[0] : value;
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

export default async function RegistryPage({ searchParams }: Props) {
  const { lang, d } = await getDictionary();
  const t = d.registry;
  const { list, ignored, query } = await loadRegistry(await searchParams);
  const filterQuery = new URLSearchParams([...query].filter(([k]) => k !== "cursor"));
  const nextHref = list?.nextCursor
    ? `/registro?${new URLSearchParams([...filterQuery, ["cursor", list.nextCursor]]).toString()}`
    : null;
  const firstHref = query.has("cursor") ? `/registro${filterQuery.size ? `?${filterQuery}` : ""}` : null;

  return (
    <div className="page registry-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <p className="notice">{t.notice}</p>

      <details className="registry-states">
        <summary>{t.states.title}</summary>
        <ul>
          <li>{t.states.live}</li>
          <li>{t.states.draft}</li>
          <li>{t.states.forming}</li>
          <li>{t.states.standing}</li>
        </ul>
      </details>

      <Filters d={d} list={list} />
      {ignored.length > 0 ? (
        <p className="notice registry-warn" role="status">
          {t.filters.invalid} <code>{ignored.join(", ")}</code>
        </p>
      ) : null}

      <section aria-labelledby="registry-results-title" id="lista">
        <h2 id="registry-results-title">{t.results.title}</h2>
        {list === null ? (
          <div className="notice registry-alert" role="alert">
            <p>{t.results.loadError}</p>
            <a className="button" href={`/registro${query.size ? `?${query}` : ""}`}>
              {t.results.retry}
            </a>
          </div>
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

      <section aria-labelledby="registry-form-title" className="registry-form-section">
        <h2 id="registry-form-title">{t.form.title}</h2>
        <p>{t.form.intro}</p>
        <SelfListingForm
          t={t.form}
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
