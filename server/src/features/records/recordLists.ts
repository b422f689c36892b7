/**
 * Record lists in any of the eight sorts, whole or a page at a time (API.md "Lists at
 * scale"): the SQL shared by the own crate, its search and a friend's crate (and search).
 *
 * Pages are keyset pages: a page starts after the sort key and id of the previous page's
 * last record (`ROW(keys…, id) > ROW($…)`), so a walk from the first page to the last
 * returns every record that existed during the whole walk exactly once, whatever is added
 * or deleted meanwhile. Each sort reads one index in its own order (migration 0003; the play
 * sorts read `record_plays`' own, migration 0019), so no page needs a sort step and a page's
 * cost does not grow with the crate.
 */
import type { Request, Response } from 'express';
import type { RecordSearchField, RecordSort } from '@spincrate/contract';
import type { Queryable } from '@/db/database.js';
import { currentUser } from '@/lib/auth.js';
import type { AppContext, AppServices } from '@/lib/context.js';
import type { ListTotal } from '@/lib/listBodyCache.js';
import { nextPageLink, type CursorScope, type ListCursors } from '@/lib/listCursor.js';
import {
  fallbackCoverUrl,
  RECORD_PLAYS_JOIN,
  recordColumns,
  recordJsonObject,
  recordSearchCondition,
} from './records.entity.js';
import type { RecordView } from './records.entity.js';
import { likePattern } from '@/lib/validation.js';

/** One part of a sort key. */
interface SortKey {
  /** The SQL expression the list is ordered by, over alias `a` (e.g. `a.artist COLLATE record_order`). */
  expr(a: string): string;
  /** The same value as text, for the cursor (exact: it must compare equal when cast back). */
  text(a: string): string;
  /** The type the cursor's text is cast back to. */
  type: string;
  /** True for a column of the record's plays (`record_plays`, alias `p` in a page). */
  plays?: boolean;
}

/** A sort: its keys (the id comes last, in the same direction) and its direction. */
interface SortSpec {
  keys: SortKey[];
  descending: boolean;
}

const DATE_ADDED: SortKey = {
  expr: (a) => `${a}.date_added`,
  // Microseconds, as PostgreSQL keeps them.
  text: (a) => `to_char(${a}.date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  type: 'timestamptz',
};
/** Case- and accent-insensitive, as `Intl.Collator('en', {sensitivity: 'base'})` (migration 0003). */
const collated = (column: string): SortKey => ({
  expr: (a) => `${a}.${column} COLLATE record_order`,
  text: (a) => `${a}.${column}`,
  type: 'text',
});
const PLAY_COUNT: SortKey = {
  expr: (a) => `${a}.play_count`,
  text: (a) => `${a}.play_count::text`,
  type: 'int',
  plays: true,
};
/** Never spun (null) sorts as the earliest date. */
const LAST_PLAYED: SortKey = {
  expr: (a) => `COALESCE(${a}.last_played, '-infinity'::date)`,
  text: (a) => `COALESCE(${a}.last_played, '-infinity'::date)::text`,
  type: 'date',
  plays: true,
};

/** Unrated sorts below 1 star (migration 0007: records_user_rating_idx). */
const RATING: SortKey = {
  expr: (a) => `COALESCE(${a}.rating, 0)`,
  text: (a) => `COALESCE(${a}.rating, 0)::text`,
  type: 'int',
};
/** Whole cents whatever the currency; unpriced sorts below 0 (records_user_price_idx). */
const PRICE: SortKey = {
  expr: (a) => `COALESCE(${a}.price_cents, -1)`,
  text: (a) => `COALESCE(${a}.price_cents, -1)::text`,
  type: 'int',
};

const SORTS: Record<RecordSort, SortSpec> = {
  newest: { keys: [DATE_ADDED], descending: true },
  oldest: { keys: [DATE_ADDED], descending: false },
  artist_asc: { keys: [collated('artist'), collated('title')], descending: false },
  artist_desc: { keys: [collated('artist'), collated('title')], descending: true },
  title_asc: { keys: [collated('title')], descending: false },
  title_desc: { keys: [collated('title')], descending: true },
  most_played: { keys: [PLAY_COUNT, LAST_PLAYED], descending: true },
  least_recently_played: { keys: [LAST_PLAYED], descending: false },
  rating_desc: { keys: [RATING, DATE_ADDED], descending: true },
  price_desc: { keys: [PRICE, DATE_ADDED], descending: true },
};

/** Whether a sort is by plays (its keys, and its id, are read from `record_plays`). */
function byPlays(spec: SortSpec): boolean {
  return spec.keys.some((k) => k.plays);
}

/**
 * The expressions of a sort's keys and id: over alias `a` for the record's columns and `p`
 * for its plays' (`record_plays`); with `p` equal to `a`, over one row holding both (a Record's
 * columns). A sort by plays takes the id from the plays row too (`p.record_id`), so its keyset
 * condition and order are those of one index of `record_plays`.
 */
function sortColumns(spec: SortSpec, a: string, p: string): string[] {
  const keys = spec.keys.map((k) => k.expr(k.plays ? p : a));
  return [...keys, byPlays(spec) && p !== a ? `${p}.record_id` : `${a}.id`];
}

/**
 * The ORDER BY list (no `ORDER BY`) of a sort over alias `a`, the id last; `p` is the alias
 * of the record's plays (`record_plays`), or `a` when its row holds them (a Record's columns).
 */
function sortOrder(sort: RecordSort, a: string, p = a): string {
  const spec = SORTS[sort];
  const direction = spec.descending ? ' DESC' : '';
  return sortColumns(spec, a, p)
    .map((e) => e + direction)
    .join(', ');
}

/** Which records a list holds. */
export interface RecordListQuery {
  /** Whose crate. */
  ownerId: number;
  /**
   * Set for a friend's crate: the user asking. The records are read only if this user
   * has added `ownerId` as a friend, checked in the same statement.
   */
  friendOf?: number;
  /** A `likePattern()` to match as record search does (API.md "Routes"), or undefined for the whole crate. */
  pattern?: string;
  /** The fields `pattern` is matched in (`fields=…`); undefined for all of them. */
  searchFields?: readonly RecordSearchField[];
  /** Only the records of this folder (exact, ignoring case; API.md "Collection details"). */
  folder?: string;
  /**
   * True for a public share link (API.md "Share links"): the friend view, with no
   * friendship to check (the caller has checked the link).
   */
  friendView?: boolean;
  sort: RecordSort;
}

/** SQL text and its parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Builds the WHERE conditions of a list (alias `r`, with `m` for moods when searching);
 * `params` grows with its parameters.
 * @returns the conditions, and the condition that the list may be seen (`true` for the
 *   own crate; for a friend's, that the friendship exists)
 */
function listConditions(
  query: RecordListQuery,
  params: unknown[],
): { where: string; visible: string; owner: string } {
  params.push(query.ownerId);
  const owner = `$${params.length}`;
  const conditions = [`r.user_id = ${owner}`];
  let visible = 'true';
  if (query.friendOf !== undefined) {
    params.push(query.friendOf);
    visible = `EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = $${params.length} AND f.friend_id = ${owner})`;
    conditions.push(visible);
  }
  if (query.pattern !== undefined) {
    params.push(query.pattern);
    conditions.push(recordSearchCondition(`$${params.length}`, query.searchFields));
  }
  if (query.folder !== undefined) {
    params.push(query.folder);
    conditions.push(`r.folder IS NOT NULL AND lower(r.folder) = lower($${params.length})`);
  }
  return { where: conditions.join(' AND '), visible, owner };
}

/** A friend's crate shows the friend view (no price, purchase or location). */
function viewOf(query: RecordListQuery): RecordView {
  return query.friendOf === undefined && !query.friendView ? 'owner' : 'friend';
}

/**
 * The whole list as the JSON text of a Record[] in `sort` order, and whether it may be
 * seen (false only for a friend's crate when the friendship does not exist; the list is
 * then `[]` and nothing of the crate was read).
 * @param fallbackCover - the URL shown for records without cover art
 * @returns one row `{ records: string, visible: boolean }`
 */
function wholeListStatement(query: RecordListQuery, fallbackCover: string): Statement {
  const params: unknown[] = [fallbackCover];
  const { where, visible } = listConditions(query, params);
  return {
    sql: `SELECT (SELECT COALESCE(json_agg(${recordJsonObject('x', '$1')} ORDER BY ${sortOrder(query.sort, 'x')}), '[]')::text
                    FROM (SELECT ${recordColumns(viewOf(query))}, r.price_cents
                            FROM records r JOIN moods m ON m.id = r.mood_id ${RECORD_PLAYS_JOIN}
                           WHERE ${where}) x) AS records,
                 ${visible} AS visible`,
    params,
  };
}

/** A row of `pageStatement`. */
export interface PageRow {
  /** Records in the whole list. */
  total: number;
  /** Whether the list may be seen (see `wholeListStatement`). */
  visible: boolean;
  /** The Record's JSON text; null in the one row of an empty page. */
  json: string | null;
  /** Position in the page, from 1; null in the one row of an empty page. */
  n: number | null;
  /** The sort key of the record as text (see `SortKey.text`), for the next cursor. */
  keys: string[] | null;
  id: number | null;
}

/**
 * One page of a list: up to `limit + 1` records after `after` in `sort` order (one
 * more than asked, to tell whether another page follows), each as its JSON text with
 * its place and sort key, and the number of records in the whole list. Always at least
 * one row (the count), with null record fields when the page is empty. The caller orders
 * the rows by `n`.
 * @param limit - records per page, 1–200
 * @param after - the sort key (as `SortKey.text` gave it) and id of the record before the page, or undefined for the first page
 * @param fallbackCover - the URL shown for records without cover art
 * @param knownTotal - the count of the whole list when it is known already (`listTotal`):
 *   then it is returned as it is and the list is not counted again
 */
export function pageStatement(
  query: RecordListQuery,
  limit: number,
  after: { keys: string[]; id: number } | undefined,
  fallbackCover: string,
  knownTotal?: number,
): Statement {
  const spec = SORTS[query.sort];
  const params: unknown[] = [fallbackCover, limit + 1];
  const { where, visible, owner } = listConditions(query, params);
  // A search's first page counts its matches in the same scan as the page (a window
  // count): a search reads every record it filters anyway, and a second scan for the count
  // doubled its time (issue 11: search → results ≤ 300 ms on 20,000 records).
  const countInPage = knownTotal === undefined && query.pattern !== undefined && !after;
  let total: string;
  if (countInPage) {
    total = 'NULL::int';
  } else if (knownTotal === undefined) {
    const countJoin = query.pattern === undefined ? '' : 'JOIN moods m ON m.id = r.mood_id';
    total = `(SELECT count(*) FROM records r ${countJoin} WHERE ${where})::int`;
  } else {
    params.push(knownTotal);
    total = `$${params.length}::int`;
  }
  let keyset = '';
  if (after) {
    if (after.keys.length !== spec.keys.length) throw new Error('cursor keys do not fit the sort');
    const placeholders = spec.keys.map((key, i) => {
      params.push(after.keys[i]);
      return `$${params.length}::${key.type}`;
    });
    params.push(after.id);
    placeholders.push(`$${params.length}::int`);
    keyset = `AND ROW(${sortColumns(spec, 'r', 'p').join(', ')}) ${spec.descending ? '<' : '>'} ROW(${placeholders.join(', ')})`;
  }
  const order = sortOrder(query.sort, 'r', 'p');
  // A sort by plays reads the owner's plays in the order of their index (the owner's id is
  // also kept in `record_plays`), joining each record by its id.
  const playsOwner = byPlays(spec) ? `AND p.user_id = ${owner}` : '';
  return {
    sql: `SELECT ${countInPage ? 'COALESCE(p.matched, 0)' : 't.total'} AS total, t.visible, p.json, p.n, p.keys, p.id
            FROM (SELECT ${total} AS total, ${visible} AS visible) t
            LEFT JOIN LATERAL (
              SELECT ${recordJsonObject('page', '$1')}::text AS json, page.n, page.keys, page.id${countInPage ? ', page.matched' : ''}
                FROM (SELECT row_number() OVER (ORDER BY ${order})::int AS n,${countInPage ? ' count(*) OVER ()::int AS matched,' : ''}
                             ARRAY[${spec.keys.map((k) => k.text(k.plays ? 'p' : 'r')).join(', ')}] AS keys, ${recordColumns(viewOf(query))}
                        FROM records r
                        JOIN moods m ON m.id = r.mood_id
                        ${RECORD_PLAYS_JOIN}
                       WHERE ${where} ${playsOwner} ${keyset}
                       ORDER BY ${order}
                       LIMIT $2) page
            ) p ON true`,
    params,
  };
}

/** Which record list a route answers (API.md "Lists at scale"). */
export interface RecordListRoute {
  /** Whose crate: the viewer's own, or a friend's. */
  ownerId: number;
  /** True for a friend's crate: read only if the viewer has added `ownerId` as a friend. */
  friend: boolean;
  /**
   * True for a crate shown through a share link (API.md "Share links"): the friend view
   * (no price, purchase or location; no price order) without a friendship to check.
   */
  shared?: boolean;
  /** The search text (trimmed), or undefined for the whole crate. */
  search?: string;
  /** The fields the search matches (`fields=title,artist`), or undefined for all of them. */
  searchFields?: readonly RecordSearchField[];
  /** One folder's records only (`folder=F`), or undefined for every folder. */
  folder?: string;
  /** Records per page (1–200); undefined for the whole list. */
  limit?: number;
  sort: RecordSort;
  /** From the previous page's `Link: rel="next"`; only with `limit`. */
  cursor?: string;
}

/** A record list as a request asks for it: the route's list, for whom, and from where. */
export interface RecordListRequest extends RecordListRoute {
  /** The user asking. */
  viewerId: number;
  /** The request's path and query (`req.originalUrl`), from which the next page's URL is made. */
  url: string;
  /** The URL shown for records without cover art (`fallbackCoverUrl(ctx.config)`). */
  fallbackCover: string;
}

/** The answer to a record list. */
export interface RecordListAnswer {
  /** False for a friend's crate when the viewer has not added the friend (answer 404; nothing was read). */
  visible: boolean;
  /** The JSON text of the Record[]. */
  body: string;
  /** `X-Total-Count` and, when another page follows, `Link` (paged answers only). */
  headers: Record<string, string>;
}

/**
 * Reads a record list, whole or one page, in one statement (API.md "Lists at scale").
 * @param total - the list's remembered count (`listTotal`): a page counts the list only
 *   when no count is known for it yet, and remembers the count it read
 * @throws ValidationError (400) for a cursor that is malformed, altered or of another list
 */
export async function readRecordList(
  db: Queryable,
  cursors: ListCursors,
  list: RecordListRequest,
  total?: ListTotal,
): Promise<RecordListAnswer> {
  const query: RecordListQuery = {
    ownerId: list.ownerId,
    friendOf: list.friend ? list.viewerId : undefined,
    pattern: list.search === undefined ? undefined : likePattern(list.search),
    searchFields: list.searchFields,
    folder: list.folder,
    friendView: list.shared,
    // A friend never sees prices (API.md "Collection details"), nor their order: a friend's
    // crate sorted by price is in the order of an unpriced one (newest first).
    sort: (list.friend || list.shared) && list.sort === 'price_desc' ? 'newest' : list.sort,
  };
  if (list.limit === undefined) {
    const { sql, params } = wholeListStatement(query, list.fallbackCover);
    const [row] = await db.query<{ records: string; visible: boolean }>(sql, params);
    return { visible: row!.visible, body: row!.records, headers: {} };
  }
  const scope: CursorScope<RecordSort> = {
    viewerId: list.viewerId,
    ownerId: list.ownerId,
    sort: list.sort,
    search: list.search ?? null,
    searchFields: list.searchFields?.join(',') ?? null,
    folder: list.folder ?? null,
  };
  const after = list.cursor === undefined ? undefined : cursors.decode(list.cursor, scope);
  const { sql, params } = pageStatement(query, list.limit, after, list.fallbackCover, total?.known);
  const rows = await db.query<PageRow>(sql, params);
  const first = rows[0]!;
  if (!first.visible) return { visible: false, body: '[]', headers: {} };
  if (total?.known === undefined) total?.remember(first.total);
  const records = rows.filter((r) => r.n !== null).sort((a, b) => a.n! - b.n!);
  const page = records.slice(0, list.limit);
  const headers: Record<string, string> = { 'X-Total-Count': String(first.total) };
  if (records.length > list.limit) {
    const last = page[page.length - 1]!;
    headers.Link = nextPageLink(list.url, cursors.encode(scope, { keys: last.keys!, id: last.id! }));
  }
  return { visible: true, body: `[${page.map((r) => r.json).join(',')}]`, headers };
}

/**
 * The name a record list's remembered count is kept under (`listTotal`): the viewer,
 * whose crate, and the search; not the sort or the cursor, which do not change the count.
 */
export function recordListName(
  viewerId: number,
  route: Pick<RecordListRoute, 'ownerId' | 'friend' | 'search' | 'searchFields' | 'folder'>,
): string {
  const folder = route.folder === undefined ? '' : `|folder:${route.folder.toLowerCase()}`;
  const fields = route.searchFields === undefined ? '' : `|fields:${route.searchFields.join(',')}`;
  return `records|${viewerId}|${route.ownerId}|${route.friend}|${route.search ?? ''}${folder}${fields}`;
}

/**
 * Answers a record list route (the own crate, its search, a friend's crate and its
 * search; API.md "Routes" and "Lists at scale"): reads the list for the signed-in user,
 * whole or one page (its count remembered per version, see `listTotal`), and sends the
 * Record[] with `X-Total-Count` and `Link` when paged. Put the route behind
 * `conditionalGet`, which caches the body.
 * @returns false, having sent nothing, for a friend's crate the viewer has not added
 *   (the route answers 404)
 * @throws ValidationError (400) for a cursor that is malformed, altered or of another list
 */
export async function sendRecordList(
  ctx: AppContext,
  services: Pick<AppServices, 'cursors' | 'lists'>,
  req: Request,
  res: Response,
  route: RecordListRoute,
): Promise<boolean> {
  const viewerId = currentUser(req).id;
  const listName = recordListName(viewerId, route);
  const answer = await readRecordList(
    ctx.db,
    services.cursors,
    { ...route, viewerId, url: req.originalUrl, fallbackCover: fallbackCoverUrl(ctx.config) },
    route.limit === undefined ? undefined : services.lists.listTotal(res, listName),
  );
  if (!answer.visible) return false;
  res.set(answer.headers).type('json').send(answer.body);
  return true;
}
