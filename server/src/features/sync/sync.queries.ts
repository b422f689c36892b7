/**
 * SQL of the delta sync (API.md "Offline copy and repeat-safe writes"; EXTENSIONS.md §9;
 * migration 0011). Every user has a sync revision (`user_versions.sync_rev`); every change
 * of one of their rows takes the next one, under a lock on the user's row, so one user's
 * revisions commit in their order (migration 0011 explains why a walk never misses one).
 * A kind of synced row (records, wants) needs a `rev` column kept by the
 * `next_sync_rev()` trigger and a tombstone table `(user_id, rev, <id>, deleted_at)`.
 */
import { namedStatement, type Queryable } from '@/db/database.js';

/**
 * The revision of user `$1` who has no `user_versions` row yet (no write since migration
 * 0004): the highest of their records' back-filled revisions, as `next_sync_rev()` starts
 * from. (A synced table added later joins here and there.)
 */
const REV_WITHOUT_COUNTER = '(SELECT max(rev) FROM records WHERE user_id = $1)';

/** What `syncPage` needs to know of one kind of synced row. */
export interface SyncSource {
  /**
   * A SELECT of the caller's changed rows as `(rev bigint, item text)` (the item's JSON text),
   * oldest change first, at most `limit` of them: `$1` is the user id, `after` the SQL of the
   * revision to read after, `limit` the SQL of the most rows; the source's own parameters
   * follow from `$4`. Neither of its aliases may be `page`.
   */
  changed(after: string, limit: string): string;
  /** The tombstone table (`user_id`, `rev`, the id column, `deleted_at`). */
  tombstones: string;
  /** The column of the deleted row's id in `tombstones`. */
  tombstoneId: string;
}

/**
 * A record's JSON text from its `sync_body` (migration 0025), `r` the record and `p` its plays:
 * the small tail is put together first, so the body is copied once.
 */
const RECORD_SYNC_ITEM = `r.sync_body
             || (CASE WHEN r.coverart IS NULL OR r.coverart = '' THEN $4::text ELSE '' END
                 || ',"play_count":' || p.play_count
                 || ',"last_played":' || COALESCE(to_json(p.last_played)::text, 'null') || '}')`;

/**
 * The records of a crate, as Records (API.md "Entities as returned"); `$4` is
 * `syncCoverFallback(fallbackCoverUrl(config))`. Each record's JSON is its `sync_body` (made
 * when the record is written, migration 0025) completed with what changes elsewhere: the
 * fallback cover when it has no `coverart`, and its plays (`record_plays`: a spin does not
 * rewrite the record, migration 0019). Nothing is built per record but that text: a
 * 2,000-record page costs PostgreSQL a few ms instead of 40.
 *
 * A record's revision is that of its latest change: of the record itself (`records.rev`) or
 * of its plays (`record_plays.rev`). Each record is found by the revision index of the table
 * that holds its latest change, in the order of that index (no sort of the whole crate), and
 * the two are merged: the first `$3 + 1` of each are enough for the first `$3 + 1` of both.
 * The plays' revision of a record is looked up per record in the records' index order (a join
 * let the planner hash the whole crate's plays and sort the crate on every page).
 */
export const RECORD_SYNC_SOURCE: SyncSource = {
  changed: (after, limit) => `
    (SELECT r.rev, ${RECORD_SYNC_ITEM} AS item
       FROM records r
      CROSS JOIN LATERAL (SELECT p.rev, p.play_count, p.last_played
                            FROM record_plays p WHERE p.record_id = r.id LIMIT 1) p
      WHERE r.user_id = $1 AND r.rev > ${after} AND r.rev >= p.rev
      ORDER BY r.rev
      LIMIT ${limit})
    UNION ALL
    (SELECT p.rev, ${RECORD_SYNC_ITEM} AS item
       FROM record_plays p
      CROSS JOIN LATERAL (SELECT r.rev, r.sync_body, r.coverart
                            FROM records r WHERE r.id = p.record_id LIMIT 1) r
      WHERE p.user_id = $1 AND p.rev > ${after} AND p.rev > r.rev
      ORDER BY p.rev
      LIMIT ${limit})`,
  tombstones: 'record_tombstones',
  tombstoneId: 'record_id',
};

/**
 * The JSON text `RECORD_SYNC_SOURCE` adds to a record without its own cover URL: its
 * `coverart` key with the app's fallback cover (API.md: `coverart` is never empty), in ASCII
 * like the records' bodies (migration 0026: every character above U+007F as its `\uXXXX`
 * escape, so that a page read from PostgreSQL stays a one-byte string).
 * @param fallback - `fallbackCoverUrl(config)`
 */
export function syncCoverFallback(fallback: string): string {
  const json = JSON.stringify(fallback).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `,"coverart":${json}`;
}

/**
 * The wants of a wantlist, as Wants (API.md "Wantlist": the JSON of `GET /api/want`);
 * `$4` is the fallback cover URL.
 */
export const WANT_SYNC_SOURCE: SyncSource = {
  changed: (after, limit) => `
    SELECT w.rev, json_build_object(
             'id', w.id, 'title', w.title, 'artist', w.artist, 'year', w.year, 'barcode', w.barcode,
             'mb_release_id', w.mb_release_id, 'mb_release_group_id', w.mb_release_group_id,
             'coverart', COALESCE(NULLIF(w.coverart, ''), $4::text), 'priority', w.priority,
             'max_price', CASE WHEN w.max_price_cents IS NULL THEN NULL ELSE json_build_object(
               'amount', (w.max_price_cents / 100)::text || '.' || lpad((w.max_price_cents % 100)::text, 2, '0'),
               'currency', w.max_price_currency) END,
             'notes', w.notes,
             'date_added', to_char(w.date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'cover', CASE WHEN w.cover_key IS NULL THEN NULL ELSE json_build_object(
               'small', '/covers/' || w.cover_key || '-250.webp',
               'large', '/covers/' || w.cover_key || '-500.webp') END
           )::text AS item
      FROM wants w
     WHERE w.user_id = $1 AND w.rev > ${after}
     ORDER BY w.rev
     LIMIT ${limit}`,
  tombstones: 'want_tombstones',
  tombstoneId: 'want_id',
};

/**
 * One page of a sync walk, read in ONE statement (one snapshot: the user's revision and
 * the rows agree), as the UTF-8 bytes of the JSON `{rev, records, deleted, more, reset}`
 * (the items' key is `itemsKey`).
 *
 * - `since` absent or 0: from nothing (every row; no tombstones, the client has nothing).
 * - `since` above the user's revision (another user's, or made up) or below the highest
 *   pruned tombstone (`sync_floor`): `reset: true`, and the page is the first one from nothing.
 * - Rows and tombstones with a revision above `since`, oldest first, at most `limit` in all;
 *   `more` when others follow. `rev`: the revision of the page's last change when `more`,
 *   else the user's current revision.
 * @param params - the source's own parameters (`$4` …)
 */
export async function syncPage(
  db: Queryable,
  source: SyncSource,
  itemsKey: string,
  userId: number,
  since: number | undefined,
  limit: number,
  params: unknown[],
): Promise<Buffer> {
  const after = '(SELECT after FROM ok)';
  const statement = namedStatement(
    `sync-page-${itemsKey}`,
    `WITH st AS (
       SELECT COALESCE((SELECT sync_rev FROM user_versions WHERE user_id = $1), ${REV_WITHOUT_COUNTER}, 0) AS cur,
              COALESCE((SELECT sync_floor FROM user_versions WHERE user_id = $1), 0) AS floor
     ), ok AS (
       SELECT cur, reset, CASE WHEN reset THEN 0 ELSE $2::bigint END AS after
         FROM (SELECT cur, ($2::bigint > cur OR ($2::bigint > 0 AND $2::bigint < floor)) AS reset FROM st) s
     )
     SELECT (SELECT cur FROM ok) AS cur, (SELECT reset FROM ok) AS reset, page.last_rev, page.items, page.gone,
            -- Another change after the page's last one (never the case for a short page).
            page.total = $3 AND (EXISTS (SELECT 1 FROM (${source.changed('page.last_rev', '1')}) c)
                                 OR EXISTS (SELECT 1 FROM ${source.tombstones} t
                                             WHERE t.user_id = $1 AND t.rev > page.last_rev AND ${after} > 0)) AS more
       FROM (SELECT count(*) AS total, max(rev) AS last_rev,
                    string_agg(item, ',' ORDER BY rev) AS items,
                    string_agg(gone::text, ',' ORDER BY rev) AS gone
               FROM (SELECT c.rev, c.item, NULL::integer AS gone FROM (${source.changed(after, '$3')}) c
                     UNION ALL
                     SELECT t.rev, NULL::text, t.gone
                       FROM (SELECT rev, ${source.tombstoneId} AS gone
                               FROM ${source.tombstones}
                              WHERE user_id = $1 AND rev > ${after} AND ${after} > 0
                              ORDER BY rev
                              LIMIT $3) t
                     ORDER BY rev
                     LIMIT $3) m) page`,
  );
  const rows = await db.query<{
    cur: string;
    last_rev: string | null;
    items: string | null;
    gone: string | null;
    more: boolean;
    reset: boolean;
  }>(statement, [userId, since ?? 0, limit, ...params]);
  const page = rows[0]!;
  // Put together here, written once into one buffer: in PostgreSQL each step of a
  // concatenation copied the whole page, and a joined string would be copied once more.
  const parts = [
    // The page's last revision when another page follows, else the user's current one.
    `{"rev":${page.more ? page.last_rev : page.cur},"${itemsKey}":[`,
    page.items ?? '',
    `],"deleted":[${page.gone ?? ''}],"more":${page.more},"reset":${page.reset}}`,
  ];
  const body = Buffer.allocUnsafe(parts.reduce((n, part) => n + Buffer.byteLength(part), 0));
  let offset = 0;
  for (const part of parts) offset += body.write(part, offset);
  return body;
}
