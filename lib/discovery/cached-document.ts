import { evictOldest } from "../cache/evict-oldest";
import { strongEtag } from "../http/cacheable";

export interface CachedDocument {
  body: string;
  etag: string;
}

// Documents depend only on the deployment and the base URL, so each is built once per process and
// base URL. The base URL can come from the client's Host header: the cache is bounded so that many
// made-up hosts cannot grow it. A module-level map is enough: a duplicate instance only rebuilds.
const MAX_ENTRIES = 32;
const cache = new Map<string, Promise<CachedDocument>>();

/** The serialized document for `key` with its strong ETag, built by `build` on first use. */
export function cachedDocument(key: string, build: () => Promise<string> | string): Promise<CachedDocument> {
  let entry = cache.get(key);
  if (!entry) {
    evictOldest(cache, MAX_ENTRIES - 1);
    entry = Promise.resolve()
      .then(build)
      .then((body) => ({ body, etag: strongEtag(body) }));
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}

// An origin no client can send (.invalid is reserved, RFC 6761), standing for the base URL in a
// document built once per kind.
const PLACEHOLDER = "http://base-url.placeholder.invalid";
const templates = new Map<string, Promise<string | null>>();

/**
 * Builds the document of `kind` once with a placeholder origin, and checks once that putting the
 * first real base URL in its place gives exactly what building for that base URL gives. Null when
 * it does not (a builder that uses the URL other than as a whole origin): then every base URL is
 * built on its own.
 */
function templateOf(kind: string, firstBaseUrl: string, build: (baseUrl: string) => Promise<string> | string) {
  let template = templates.get(kind);
  if (!template) {
    template = Promise.all([build(PLACEHOLDER), build(firstBaseUrl)]).then(([text, real]) => {
      const usable = !text.replaceAll(PLACEHOLDER, "").includes("placeholder.invalid");
      return usable && text.replaceAll(PLACEHOLDER, firstBaseUrl) === real ? text : null;
    });
    template.catch(() => templates.delete(kind));
    templates.set(kind, template);
  }
  return template;
}

/**
 * The document of `kind` for `baseUrl`. A base URL not seen yet (an unknown Host header, say) costs a
 * string substitution into the template, not a rebuild of the document, and the rendered copies sit
 * in the bounded cache above.
 */
export function documentForBaseUrl(
  kind: string,
  baseUrl: string,
  build: (baseUrl: string) => Promise<string> | string,
): Promise<CachedDocument> {
  return cachedDocument(`${kind} ${baseUrl}`, async () => {
    const template = await templateOf(kind, baseUrl, build);
    return template === null ? build(baseUrl) : template.replaceAll(PLACEHOLDER, baseUrl);
  });
}
