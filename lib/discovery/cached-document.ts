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
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    entry = Promise.resolve()
      .then(build)
      .then((body) => ({ body, etag: strongEtag(body) }));
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}
