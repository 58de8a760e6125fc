import type { Metadata } from "next";
import { redirect } from "next/navigation";
import type { Dictionary } from "@/app/_i18n/dictionary";
import { getDictionary } from "@/app/_i18n/get-lang";
import { parseParameters } from "@/lib/endpoint/parse-input";
import { isApiError } from "@/lib/http/problem";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { listQuery } from "@/lib/registry/api-schemas";
import { listRegistry } from "@/lib/registry/list-registry";
import {
  JURISDICTIONS,
  RECORD_STATUSES,
  RECORD_TYPES,
  type RegistryList,
  type RegistryRecord,
} from "@/lib/registry/record-schema";
import { registryQuery } from "@/lib/registry/registry-query";
import { isStoreUnavailable } from "@/lib/store";
import { RecordCard } from "./record-card";
import "./registro.css";
import { GlossaryLinks } from "@/app/_components/layout/glossary-link";

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { searchParams: Promise<SearchParams> };

const PAGE_SIZE = 20;
const PAGE_PARAMS = ["jurisdiction", "type", "status", "q", "cursor"] as const;
const SORTS = ["created", "newest", "name"] as const;
type Sort = (typeof SORTS)[number];
/** A sort other than creation order reads this many matching records and orders them. */
const SORT_WINDOW = 200;

/** The page's filters read as GET /api/registry reads its query: a bad one is a problem naming it. */
const parseListing = (query: URLSearchParams) =>
  registryQuery(parseParameters("query", listQuery, Object.fromEntries(query)));

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.nav.registry };
}

/**
 * Up to SORT_WINDOW matching records, ordered by `sort` and cut to the page `page` (1-based): the
 * store lists in creation order only, so another order is taken over a bounded window.
 */
async function sortedWindow(query: URLSearchParams, sort: Sort, page: number) {
  const records: RegistryRecord[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams([...query].filter(([k]) => k !== "cursor"));
    if (cursor) params.set("cursor", cursor);
    const list = await listRegistry({ ...parseListing(params), limit: 100 });
    records.push(...list.records);
    cursor = list.nextCursor;
  } while (cursor && records.length < SORT_WINDOW);
  const collator = new Intl.Collator("es", { sensitivity: "base", numeric: true });
  if (sort === "name") records.sort((a, b) => collator.compare(a.name, b.name));
  else records.reverse();
  const start = (page - 1) * PAGE_SIZE;
  return {
    records: records.slice(start, start + PAGE_SIZE),
    truncated: cursor !== null,
    window: records.length,
    hasNext: start + PAGE_SIZE < records.length,
  };
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
  const rawSort = firstValue(raw.sort);
  const sort: Sort = (SORTS as readonly string[]).includes(rawSort ?? "") ? (rawSort as Sort) : "created";
  const page = Math.max(1, Math.min(100, Number.parseInt(firstValue(raw.page) ?? "1", 10) || 1));
  const ignored: string[] = [];
  for (let attempt = 0; attempt <= PAGE_PARAMS.length; attempt++) {
    try {
      const parsed = parseListing(query);
      if (sort !== "created") {
        query.delete("cursor");
        const sorted = await sortedWindow(query, sort, page);
        const list: RegistryList = {
          ...(await listRegistry({ ...parsed, after: undefined, limit: 1 })),
          records: sorted.records,
          count: sorted.records.length,
          nextCursor: null,
        };
        return { list, ignored, query, sort, page, sorted };
      }
      return { list: await listRegistry({ ...parsed, limit: PAGE_SIZE }), ignored, query, sort, page, sorted: null };
    } catch (err) {
      if (isStoreUnavailable(err)) return { list: null, ignored, query, sort, page, sorted: null };
      const parameter = isApiError(err) ? String(err.extensions.parameter ?? "") : "";
      if (!parameter || !query.has(parameter)) throw err;
      if (parameter !== "cursor") ignored.push(`${parameter}=${query.get(parameter)}`);
      query.delete(parameter);
    }
  }
  throw new Error("unreachable");
}

function Filters({
  dictionary,
  list,
  query,
  sort,
}: {
  dictionary: Dictionary;
  list: RegistryList | null;
  query: string;
  sort: Sort;
}) {
  const t = dictionary.registry;
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
      <div className="registry-field registry-search">
        <label htmlFor="filter-q">{t.search.q}</label>
        <input id="filter-q" name="q" type="search" defaultValue={query} maxLength={120} autoComplete="off" />
      </div>
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
      <div className="registry-field">
        <label htmlFor="filter-sort">{t.search.sort}</label>
        <select id="filter-sort" name="sort" defaultValue={sort}>
          {SORTS.map((value) => (
            <option key={value} value={value}>
              {t.search.sorts[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="registry-filter-actions">
        <button type="submit" className="button button-primary">
          {t.filters.submit}
        </button>
        <a href="/registro">{t.filters.clear}</a>
      </div>
    </form>
  );
}

async function ListResults({ raw, dictionary, lang }: { raw: SearchParams; dictionary: Dictionary; lang: Lang }) {
  const t = dictionary.registry;
  const { list, ignored, query, sort, page, sorted } = await loadRegistry(raw);
  const filterQuery = new URLSearchParams([...query].filter(([k]) => k !== "cursor"));
  if (sort !== "created") filterQuery.set("sort", sort);
  const href = (extra: [string, string][]) => {
    const params = new URLSearchParams([...filterQuery, ...extra]);
    return `/registro${params.size ? `?${params}` : ""}`;
  };
  const nextHref = sorted
    ? sorted.hasNext
      ? href([["page", String(page + 1)]])
      : null
    : list?.nextCursor
      ? href([["cursor", list.nextCursor]])
      : null;
  const firstHref = query.has("cursor") || page > 1 ? href([]) : null;
  const q = firstValue(raw.q) ?? "";
  return (
    <>
      <Filters dictionary={dictionary} list={list} query={q} sort={sort} />
      {ignored.length > 0 ? (
        <p className="notice registry-warn" role="status">
          {t.filters.invalid} <code>{ignored.join(", ")}</code>
        </p>
      ) : null}

      <section aria-labelledby="registry-results-title" id="lista">
        <h2 id="registry-results-title">{t.results.title}</h2>
        {list === null ? (
          <LoadError dictionary={dictionary} retryHref={`/registro${query.size ? `?${query}` : ""}`} />
        ) : (
          <>
            {list.filters.q ? <p>{fill(t.search.query, { q: q.trim() })}</p> : null}
            {sorted?.truncated ? <p className="field-hint">{fill(t.search.sortedNote, { n: sorted.window })}</p> : null}
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
                  <RecordCard record={record} lang={lang} dictionary={dictionary} />
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

function LoadError({ dictionary, retryHref }: { dictionary: Dictionary; retryHref: string }) {
  return (
    <div className="notice registry-alert" role="alert">
      <p>{dictionary.registry.results.loadError}</p>
      <a className="button" href={retryHref}>
        {dictionary.registry.results.retry}
      </a>
    </div>
  );
}

export default async function RegistryPage({ searchParams }: Props) {
  const { lang, d } = await getDictionary();
  const t = d.registry;
  const raw = await searchParams;
  const id = firstValue(raw.id);
  // Links made before records had their own page.
  if (id) redirect(`/registro/${encodeURIComponent(id)}`);

  return (
    <div className="page registry-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <GlossaryLinks terms={["directory", "record", "certification", "rfc"]} words={d.glossary} />

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

      <p>
        <a className="button" href="/registro/nueva">
          {t.newListing.link}
        </a>
      </p>

      <ListResults raw={raw} dictionary={d} lang={lang} />
    </div>
  );
}
