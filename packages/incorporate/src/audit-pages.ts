/** Where a page of `GET /api/play/audit/{sessionId}` sits in the whole log. */
export interface PageInfo {
  total: number;
  /** The `after` of the next page; null on the last. */
  next: number | null;
}

/**
 * A session's whole log from its pages: the service hands a log out a page at a time
 * (`?after=&limit=`), each page with the checkpoint of the whole log. `read(null)` is the first page,
 * `read(after)` the one after entry `after`. The result holds every entry the first page's checkpoint
 * covers (`total`), with that page's members, so it verifies offline like one read of the whole log;
 * entries appended meanwhile are left for the next read. A page that does not carry on where the last
 * one ended stops the reading: what was read then fails verification, as it should.
 */
export async function wholeLogFromPages<T extends { entries: unknown[]; page?: PageInfo }>(
  read: (after: number | null) => Promise<T>,
): Promise<Omit<T, "page"> & { count: number }> {
  const first = await read(null);
  const total = first.page?.total ?? first.entries.length;
  const entries = first.entries.slice();
  let next = first.page?.next ?? null;
  while (next !== null && entries.length < total) {
    const page = await read(next);
    if (page.page === undefined || page.entries.length === 0) break;
    entries.push(...page.entries);
    next = page.page.next;
  }
  const whole = entries.slice(0, total) as T["entries"];
  const { page: _page, ...rest } = first;
  return { ...rest, count: whole.length, entries: whole };
}
