/**
 * What `index.html` carries for a signed-in user's collection page (issue 11: Lighthouse
 * on the collection ≥ 95, where each round trip on slow 4G is costly): the first page of
 * their own crate in a non-executable JSON data block, exactly as `GET /api/record` would
 * answer it (records, `X-Total-Count`, `Link`, `ETag`), the first-visit loading screen as
 * markup, and the screen's chunks as the build lists them (`boot.json`), which the page asks
 * for with the entry instead of after it runs.
 *
 * The block is made for the viewer's own crate only, never another user's (the page is
 * `no-cache`, `private`, and varies with the cookie). Searched lists are not handed over:
 * the search text would be reflected in a compressed page beside the crate's records.
 */
import type { Request, Response } from 'express';
import {
  BOOT_ELEMENT_IDS,
  COLLECTION_FIRST_PAGE_SIZE,
  PRELOADED_SCREENS,
  recordListFirstPageUrl,
  recordSortOf,
  searchActive,
} from '@spincrate/contract';
import { currentUser } from '@/lib/auth.js';
import type { AppContext, AppServices } from '@/lib/context.js';
import { ownListVersion } from '@/lib/listVersions.js';
import { fallbackCoverUrl, readRecordList, recordListName } from '@/features/records/index.js';

/** The own collection's path (PRODUCT.md §2 "Collection page"; the client's `paths.profile`). */
export const COLLECTION_PATH = PRELOADED_SCREENS.collection;

/** Id of the JSON data block that holds the first page of the own collection. */
export const RECORDS_DATA_ID = BOOT_ELEMENT_IDS.records;

/** The first page of a list as the page hands it to the client. */
export interface FirstPageData {
  /** The GET this page answers (path and query): the client uses the page only for this exact list. */
  url: string;
  /** The records, as the GET's body. */
  records: unknown[];
  /** `X-Total-Count`. */
  total: number;
  /** The URL of `Link: rel="next"`, or null when this is the whole list. */
  next: string | null;
  /** The GET's `ETag`, so the client revalidates the list later (If-None-Match) as if it had asked. */
  etag: string;
}

/**
 * The first page of the signed-in user's crate in the sort of the collection page's URL,
 * as `GET /api/record?limit=60&sort=S` answers it at this moment (the version is read
 * before the records, as `conditionalGet` does, so a write in between makes the tag stale,
 * never the records).
 * @param req - a GET of {@link COLLECTION_PATH} by a signed-in user
 * @returns undefined for a searched list (`?search=` not empty) or one folder (`?folder=`): the client asks for it
 */
export async function ownFirstPage(
  ctx: AppContext,
  services: Pick<AppServices, 'cursors' | 'lists'>,
  req: Request,
  res: Response,
): Promise<FirstPageData | undefined> {
  // A searched list or a folder's (`?folder=`) is asked for by the client (so is one whose
  // query the client would not read as one text).
  const { search, folder } = req.query;
  if (
    (search !== undefined && typeof search !== 'string') ||
    (folder !== undefined && typeof folder !== 'string')
  )
    return undefined;
  if (searchActive({ search, folder })) return undefined;
  const viewer = currentUser(req);
  // The sort of the page's URL, read as the client reads it (the default when absent or unknown).
  const sort = recordSortOf(req.query.sort);
  const url = recordListFirstPageUrl({ owner: 'own', sort, limit: COLLECTION_FIRST_PAGE_SIZE });
  const version = await ownListVersion(ctx.db, req, res);
  const route = { ownerId: viewer.id, friend: false, limit: COLLECTION_FIRST_PAGE_SIZE, sort };
  // The count the list's pages remember at this version: counted once, not at every page load.
  const total = services.lists.bodies.totalAt(version, recordListName(viewer.id, route));
  const answer = await readRecordList(
    ctx.db,
    services.cursors,
    { ...route, viewerId: viewer.id, url, fallbackCover: fallbackCoverUrl(ctx.config) },
    total,
  );
  const link = answer.headers.Link;
  return {
    url,
    records: JSON.parse(answer.body) as unknown[],
    total: Number(answer.headers['X-Total-Count']),
    next: link ? (/^<([^>]*)>/.exec(link)?.[1] ?? null) : null,
    etag: services.lists.tag(req, url, version),
  };
}
