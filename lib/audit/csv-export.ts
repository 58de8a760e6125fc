import { getStore } from "../store";
import type { Store } from "../store/types";
import { CSV_HEADER_ROW, csvRow } from "./csv";
import { AUDIT_READ_PAGE, parseAuditItem, readAuditItemsAfter } from "./log";
import { readPublishedExtent } from "./published-log";

export interface CsvExport {
  /** The stored checkpoint of exactly the rows the body holds; null for a session that has none. */
  checkpoint: string | null;
  /** Entries in the body. */
  rows: number;
  /** The header row, then one row per entry, read from the store a page at a time as the client reads. */
  body: ReadableStream<Uint8Array>;
}

export interface ExportOptions {
  store?: Store;
  /** Entries read per step (AUDIT_READ_PAGE); tests make it small. */
  page?: number;
}

/**
 * A session's CSV export as a stream. What it holds is fixed here, before anything is sent: the
 * newest checkpoint and the entries it covers, so a store that fails now fails the request. After
 * that the body reads one page per pull, so a slow client holds the export back and the server never
 * holds more than a page of it. A page that fails, or comes back shorter than the extent promised
 * (the log expired meanwhile), errors the body: the client sees the response break off, never a
 * file that ends cleanly without its last rows.
 */
export async function openCsvExport(sessionId: string, options: ExportOptions = {}): Promise<CsvExport> {
  const { store = getStore(), page = AUDIT_READ_PAGE } = options;
  const { checkpoint, size } = await readPublishedExtent(sessionId, store);
  const encoder = new TextEncoder();
  let sent = 0;
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let text = "";
        if (!headerSent) {
          headerSent = true;
          text = CSV_HEADER_ROW;
        }
        const want = Math.min(page, size - sent);
        if (want > 0) {
          const items = await readAuditItemsAfter(sessionId, sent - 1, want, store);
          if (items.length !== want) {
            throw new Error(
              `the log of ${sessionId} lost entries ${sent + items.length} to ${size - 1} during the export`,
            );
          }
          for (const raw of items) text += csvRow(parseAuditItem(raw));
          sent += want;
        }
        controller.enqueue(encoder.encode(text));
        if (sent >= size) controller.close();
      },
    },
    // No read ahead: a page is read only when the client has taken the one before.
    { highWaterMark: 0 },
  );
  return { checkpoint, rows: size, body };
}
