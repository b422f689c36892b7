/**
 * The HTTP calls of share links (API.md "Share links"): the owner's links, and the public
 * routes a shared crate's page reads without a session.
 */
import {
  recordListFirstPageUrl,
  type CreatedShareLink,
  type FolderCount,
  type NewShareLink,
  type PublicRecord,
  type PublicShare,
  type PublicWant,
  type RecordSort,
  type ShareLink,
  type ShareScope,
  type SpinListItem,
} from '@spincrate/contract';
import { api } from '@/lib/api';
import { pageHeaders } from '@/lib/pageHeaders';

/** Records a shared crate's page asks for at once. */
const SHARED_PAGE_SIZE = 60;

/** POST /api/share: a new link; its `url` is shown only now. @throws the axios error (400, 409 …) */
export async function createShareLink(scope: ShareScope): Promise<CreatedShareLink> {
  const body: NewShareLink = { scope };
  return (await api.post<CreatedShareLink>('/api/share', body)).data;
}

/** GET /api/share: the user's links, newest first (no tokens). */
export async function listShareLinks(): Promise<ShareLink[]> {
  return (await api.get<ShareLink[]>('/api/share')).data;
}

/** DELETE /api/share/{id}: the link stops working at once. */
export async function revokeShareLink(id: number): Promise<void> {
  await api.delete(`/api/share/${id}`);
}

/** The base path of a token's public routes (the token is path-escaped). */
const base = (token: string) => `/api/public/${encodeURIComponent(token)}`;

/** GET /api/public/{token}: whose crate, the scope, how many records. @throws the axios error (404 …) */
export async function getShare(token: string): Promise<PublicShare> {
  return (await api.get<PublicShare>(base(token))).data;
}

/** GET /api/public/{token}/folders: the shared crate's folders with their counts. */
export async function getSharedFolders(token: string): Promise<FolderCount[]> {
  return (await api.get<FolderCount[]>(`${base(token)}/folders`)).data;
}

/** One page of a shared list. */
export interface SharedPage<T> {
  items: T[];
  /** `X-Total-Count`, or null. */
  total: number | null;
  /** The next page's URL (`Link: rel="next"`), or null on the last page. */
  next: string | null;
}

/** What a shared crate's grid shows: the sort, search and folder of "Lists at scale". */
export interface SharedQuery {
  sort: RecordSort;
  search: string;
  folder: string;
}

/**
 * The first page of the shared crate (`GET /api/public/{token}/records`, the contract's
 * first-page URL), or the page at `next` (a `Link` of the previous page).
 * @param list - the first page's sort, search and folder; or `{next}` for a following page
 */
export async function getSharedRecords(
  token: string,
  list: SharedQuery | { next: string },
): Promise<SharedPage<PublicRecord>> {
  const url =
    'next' in list
      ? list.next
      : recordListFirstPageUrl({ owner: { token }, ...list, limit: SHARED_PAGE_SIZE });
  const response = await api.get<PublicRecord[]>(url);
  const { total, next: following } = pageHeaders(response.headers as Record<string, unknown>);
  return { items: response.data, total, next: following };
}

/** GET /api/public/{token}/records/{id}: one record, read-only. */
export async function getSharedRecord(token: string, id: number): Promise<PublicRecord> {
  return (await api.get<PublicRecord>(`${base(token)}/records/${id}`)).data;
}

/** GET /api/public/{token}/spins (scope crate+spins), a page at a time. */
export async function getSharedSpins(token: string, next?: string): Promise<SharedPage<SpinListItem>> {
  const response = next
    ? await api.get<SpinListItem[]>(next)
    : await api.get<SpinListItem[]>(`${base(token)}/spins`, { params: { limit: SHARED_PAGE_SIZE } });
  const { total, next: following } = pageHeaders(response.headers as Record<string, unknown>);
  return { items: response.data, total, next: following };
}

/** GET /api/public/{token}/wants (scope crate+wants). */
export async function getSharedWants(token: string): Promise<PublicWant[]> {
  return (await api.get<PublicWant[]>(`${base(token)}/wants`)).data;
}
