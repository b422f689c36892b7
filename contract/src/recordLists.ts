/**
 * The record lists' client-facing pieces, defined once for the client, the server and both
 * test suites (API.md "Lists at scale"): reading a sort name from a screen's URL query,
 * whether a search is active, and the URL of a list's first page. The reference order of
 * each sort is `compareRecords` (offlineRules.ts). Plain functions, no zod.
 */
import { DEFAULT_RECORD_SORT, RECORD_SORTS, type RecordSort } from './limits.js';

/**
 * The one reader of a sort name outside the API's query schema (which answers 400 for an
 * unknown one): a screen's URL query (`?sort=artist_asc`, the client) and the collection
 * page the server hands over with its first page read the same way.
 * @param value - the query's `sort` (a string, null, undefined or anything express parsed)
 * @returns the sort it names (API.md "Lists at scale" `sort`), or `newest` for a missing or unknown name
 */
export function recordSortOf(value: unknown): RecordSort {
  return (RECORD_SORTS as readonly unknown[]).includes(value) ? (value as RecordSort) : DEFAULT_RECORD_SORT;
}

/**
 * Whether a list is narrowed by a search text or a folder filter (each trimmed; '', null or
 * absent: not): the one rule for "a search is active". Such a list goes to the search route
 * (with a text), its empty crate reads "No records match your search." (PRODUCT.md §2,
 * EXTENSIONS.md §5), and the server's collection page hands over only a list that is not.
 */
export function searchActive(list: { search?: string | null; folder?: string | null }): boolean {
  return (list.search ?? '').trim() !== '' || (list.folder ?? '').trim() !== '';
}

/** Whose records a list holds: the signed-in user's (`own`), a friend's (their user id), or a share link's crate. */
export type RecordListOwner = 'own' | number | { token: string };

/** What a record list's first page asks for. */
export interface RecordListRequest {
  owner: RecordListOwner;
  sort: RecordSort;
  /** The search text, trimmed ('' or absent: the unsearched list). */
  search?: string;
  /** The folder filter (API.md "Collection details"; '' or absent: every folder). */
  folder?: string;
  /** Records on the page (1–200). */
  limit: number;
}

/**
 * The URL (path and query, URL-encoded) of a record list's first page (API.md "Routes",
 * "Lists at scale", "Share links"): the own crate `GET /api/record` or, searched,
 * `GET /api/record/search?search=T`; a friend's `GET /api/social/friends/collection?id=F` or
 * `…/collection/search?search=T&id=F`; a share link's `GET /api/public/{token}/records`;
 * each with `limit`, `sort` and, when not empty, `folder`. The server's collection page hands
 * over the own crate's first page under exactly this URL, and the client uses it only when it
 * asks for the same one, so both build it here.
 */
export function recordListFirstPageUrl(list: RecordListRequest): string {
  const search = (list.search ?? '').trim();
  const { owner } = list;
  const params: Array<[string, string]> = [];
  if (search !== '') params.push(['search', search]);
  if (typeof owner === 'number') params.push(['id', String(owner)]);
  params.push(['limit', String(list.limit)], ['sort', list.sort]);
  if (list.folder) params.push(['folder', list.folder]);
  const path =
    owner === 'own'
      ? search
        ? '/api/record/search'
        : '/api/record'
      : typeof owner === 'number'
        ? search
          ? '/api/social/friends/collection/search'
          : '/api/social/friends/collection'
        : `/api/public/${encodeURIComponent(owner.token)}/records`;
  return `${path}?${params.map(([name, value]) => `${name}=${formEncoded(value)}`).join('&')}`;
}

/**
 * A query value as `URLSearchParams` writes it (application/x-www-form-urlencoded: a space is
 * `+`, every character but letters, digits and `*-._` percent-encoded as UTF-8).
 */
function formEncoded(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}
