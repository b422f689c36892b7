/**
 * The first page of the own collection that the server wrote into `index.html` for the
 * collection page (a JSON data block, id `spincrate-records`: the records, count, next
 * page and ETag of `GET /api/record?limit=60&sort=S` at the time the page was made), so
 * the screen shows its covers without a round trip (issue 11). It is used once, for the
 * first list the page asks for, and only when that is exactly the list it holds.
 */
import type { CrateRecord } from '@spincrate/contract';
import { BOOT_ELEMENT_IDS } from '@spincrate/contract/bootPage';

/** Id of the data block (the contract's, which the server writes). */
const RECORDS_DATA_ID = BOOT_ELEMENT_IDS.records;

/** A first page handed over by the server. */
export interface BootPage {
  /** The GET it answers (path and query). */
  url: string;
  records: CrateRecord[];
  /** `X-Total-Count`. */
  total: number;
  /** `Link: rel="next"`, or null. */
  next: string | null;
  /** `ETag`. */
  etag: string;
}

/**
 * Takes the page's first-page block: returns it once and removes it from the page, so a
 * later load of the list (another visit of the screen, after a change) asks the server.
 * @param doc - the page (default `document`)
 * @returns the block, or undefined when the page has none (another screen, a searched
 *   list, Vite's dev server, tests), it was taken already, or it cannot be read
 */
export function takeBootPage(doc: Document = document): BootPage | undefined {
  const element = doc.getElementById(RECORDS_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as Partial<BootPage>;
    if (
      typeof data.url === 'string' &&
      Array.isArray(data.records) &&
      typeof data.total === 'number' &&
      (typeof data.next === 'string' || data.next === null) &&
      typeof data.etag === 'string'
    )
      return data as BootPage;
  } catch {
    // An unreadable block: the list is asked for.
  }
  return undefined;
}
