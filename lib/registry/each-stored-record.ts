import { getStore } from "../store";
import type { Store, StoredRecord } from "../store/types";
import { REGISTRY_COLLECTION } from "./stored-record";

const PAGE = 100;

/**
 * Every stored registry record as the store holds it (unopened), in creation order, a page at a
 * time: for one-off operator steps that walk the whole registry. Updates made while walking keep a
 * record's place, so none is skipped or seen twice.
 */
export async function* eachStoredRecord(store: Store = getStore()): AsyncGenerator<StoredRecord> {
  for (let after: number | undefined; ; ) {
    const page = await store.listRecords({
      collection: REGISTRY_COLLECTION,
      limit: PAGE,
      ...(after === undefined ? {} : { after }),
    });
    yield* page.records;
    if (page.next === null) return;
    after = page.next;
  }
}
