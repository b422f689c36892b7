/**
 * The loaded pages of the records lists (EXTENSIONS.md §1, API.md "Lists at scale"): how
 * many records each page asks for, and when two list queries ask for the same list.
 */
import { COLLECTION_FIRST_PAGE_SIZE, PAGE_LIMIT_MAX } from '@spincrate/contract';
import type { ListQuery } from '@/entities/crate/crate';

/**
 * Records asked for by a list's first page: 60 is a whole number of rows at every column
 * count (1, 3, 4, 6) and about two screens of covers on a desktop (API.md "Lists at scale":
 * 1–200); the server hands the own collection's first page of this size to the page.
 */
export const RECORDS_PAGE_SIZE = COLLECTION_FIRST_PAGE_SIZE;

/**
 * Records asked for by each page after the first: the largest whole number of rows at
 * every column count (1, 3, 4, 6) within the API's largest page (API.md "Lists at scale":
 * `limit` 1–200). A user who scrolls past the first page is likely to go on, and larger
 * pages reach the end of a 20,000-record crate in 104 requests instead of 334 (issue 11:
 * scrolling to the last record works).
 */
export const NEXT_PAGE_SIZE = Math.floor(PAGE_LIMIT_MAX / 12) * 12;

/** Whether two list queries ask for the same list. */
export function sameQuery(a: ListQuery | null, b: ListQuery | null): boolean {
  return (
    !!a &&
    !!b &&
    a.owner === b.owner &&
    a.sort === b.sort &&
    a.search === b.search &&
    (a.folder ?? '') === (b.folder ?? '')
  );
}
