/**
 * SQL of the delta sync (API.md "Offline copy and repeat-safe writes"; EXTENSIONS.md §9;
 * migration 0011). Every user has a sync revision (`user_versions.sync_rev`); every change
 * of one of their rows takes the next one, under a lock on the user's row, so one user's
 * revisions commit in their order (migration 0011 explains why a walk never misses one).
 * A kind of synced row (records, wants) needs a `rev` column kept by the
 * `next_sync_rev()` trigger and a tombstone table `(user_id, rev, <id>, deleted_at)`.
 */
import type { Queryable } from '@/db/database.js';
import { RECORD_COLUMNS, RECORD_PLAYS_JOIN, recordJsonObject } from '@/features/records/index.js';

/**
 * The revision of user `$1` who has no `user_versions` row yet (no write since migration
 * 0004): the highest of their records' back-filled revisions, as `next_sync_rev()` starts
 * from. (A synced table added later joins here and there.)
 */
const REV_WITHOUT_COUNTER = '(SELECT max(rev) FROM records WHERE user_id = $1)';

/** What `syncPage` needs to know of one kind of synced row. */
export interface SyncSource {
  /**
   * A SELECT of the caller's changed rows as `(rev bigint, item json)`, oldest change first,
   * at most `$3 + 1` of them: `$1` is the user id, `after` the SQL of the revision to read
   * after, `$3` the page size; the source's own parameters follow from `$4`.
   */
  changed(after: string): string;
  /** The tombstone table (`user_id`, `rev`, the id column, `deleted_at`). */
  tombstones: string;
  /** The column of the deleted row's id in `tombstones`. */
  tombstoneId: string;
}

/**
 * The records of a crate, as Records (API.md "Entities as returned"); `$4` is the fallback
 * cover URL. A record's revision is that of its latest change: of the record itself
 * (`records.rev`) or of its plays (`record_plays.rev`, migration 0019: a spin does not
 * rewrite the record). Each record is found by the revision index of the table that holds its
 * latest change, in the order of that index (no sort of the whole crate), and the two are
 * merged: the first `$3 + 1` of each are enough for the first `$3 + 1` of both. The plays'
 * revision of a record is looked up per record in the records' index order (a join let the
 * planner hash the whole crate's plays and sort the crate on every page: 16 ms of a 2,000-record
 * page against 3–5 ms).
 */
export const RECORD_SYNC_SOURCE: SyncSource = {
  changed: (after) => `
    SELECT x.rev, ${recordJsonObject('x', '$4')} AS item
      FROM (SELECT ${RECORD_COLUMNS}, c.rev
              FROM ((SELECT r.id, r.rev
                       FROM records r
                      WHERE r.user_id = $1 AND r.rev > ${after}
                        AND r.rev >= (SELECT p.rev FROM record_plays p WHERE p.record_id = r.id)
                      ORDER BY r.rev
                      LIMIT $3 + 1)
                    UNION ALL
                    (SELECT p.record_id, p.rev
                       FROM record_plays p JOIN records r ON r.id = p.record_id
                      WHERE p.user_id = $1 AND p.rev > ${after} AND p.rev > r.rev
                      ORDER BY p.rev
                      LIMIT $3 + 1)
                    ORDER BY rev
                    LIMIT $3 + 1) c
              JOIN records r ON r.id = c.id
              JOIN moods m ON m.id = r.mood_id
              ${RECORD_PLAYS_JOIN}
             ORDER BY c.rev) x`,
  tombstones: 'record_tombstones',
  tombstoneId: 'record_id',
};

/**
 * The wants of a wantlist, as Wants (API.md "Wantlist": the JSON of `GET /api/want`);
 * `$4` is the fallback cover URL.
 */
export const WANT_SYNC_SOURCE: SyncSource = {
  changed: (after) => `
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
           ) AS item
      FROM wants w
     WHERE w.user_id = $1 AND w.rev > ${after}
     ORDER BY w.rev
     LIMIT $3 + 1`,
  tombstones: 'want_tombstones',
  tombstoneId: 'want_id',
};

/**
 * One page of a sync walk, read in ONE statement (one snapshot: the user's revision and
 * the rows agree), as the JSON text of `{rev, records, deleted, more, reset}` (the items'
 * key is `itemsKey`).
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
): Promise<string> {
  const after = '(SELECT after FROM ok)';
  const rows = await db.query<{ page: string }>(
    `WITH st AS (
       SELECT COALESCE((SELECT sync_rev FROM user_versions WHERE user_id = $1), ${REV_WITHOUT_COUNTER}, 0) AS cur,
              COALESCE((SELECT sync_floor FROM user_versions WHERE user_id = $1), 0) AS floor
     ), ok AS (
       SELECT cur, reset, CASE WHEN reset THEN 0 ELSE $2::bigint END AS after
         FROM (SELECT cur, ($2::bigint > cur OR ($2::bigint > 0 AND $2::bigint < floor)) AS reset FROM st) s
     ), changes AS (
       SELECT c.rev, c.item, NULL::integer AS gone FROM (${source.changed(after)}) c
       UNION ALL
       SELECT t.rev, NULL::json, t.gone
         FROM (SELECT rev, ${source.tombstoneId} AS gone
                 FROM ${source.tombstones}
                WHERE user_id = $1 AND rev > ${after} AND ${after} > 0
                ORDER BY rev
                LIMIT $3 + 1) t
     ), firsts AS (
       SELECT rev, item, gone, row_number() OVER (ORDER BY rev) AS n FROM changes ORDER BY rev LIMIT $3 + 1
     ), page AS (
       SELECT rev, item, gone FROM firsts WHERE n <= $3
     )
     SELECT json_build_object(
              'rev', CASE WHEN (SELECT count(*) FROM firsts) > $3 THEN (SELECT max(rev) FROM page)
                          ELSE (SELECT cur FROM ok) END,
              '${itemsKey}', COALESCE((SELECT json_agg(item ORDER BY rev) FROM page WHERE item IS NOT NULL), '[]'),
              'deleted', COALESCE((SELECT json_agg(gone ORDER BY rev) FROM page WHERE gone IS NOT NULL), '[]'),
              'more', (SELECT count(*) FROM firsts) > $3,
              'reset', (SELECT reset FROM ok)
            )::text AS page`,
    [userId, since ?? 0, limit, ...params],
  );
  return rows[0]!.page;
}
