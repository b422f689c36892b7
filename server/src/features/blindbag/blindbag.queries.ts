/** SQL of the blindbag (API.md "Routes": GET /api/blindbag). */
import type { Queryable } from '@/db/database.js';
import { RECORD_PLAYS_JOIN, recordSearchCondition } from '@/features/records/index.js';

/** What the blindbag returns of a record (coverart null: use the fallback). */
export interface BlindbagRow {
  id: number;
  title: string;
  artist: string;
  coverart: string | null;
}

/**
 * The draw from a whole crate (no filter), in one statement: the crate is counted and one
 * position in it picked at random (each record equally likely), both from the index
 * `records_user_date_idx` alone (index-only scans); only the drawn record's row is read.
 * Count and pick see the same snapshot, so the position always names a record.
 */
const DRAW_ANY = `SELECT r.id, r.title, r.artist, r.coverart
    FROM records r
   WHERE r.id = (SELECT x.id FROM records x
                  WHERE x.user_id = $1
                  ORDER BY x.date_added DESC, x.id DESC
                 OFFSET floor(random() * (SELECT count(*) FROM records c WHERE c.user_id = $1))::bigint
                  LIMIT 1)`;

/**
 * The draw with a filter, in one statement and one pass over the eligible records: the
 * user's records, matching the search (a `likePattern()`; moods are joined only then),
 * in the folder when one is given (API.md "Collection details") and, with `unplayedSince` (`YYYY-MM-DD`), not spun since that day: never spun, or last
 * spun before it. Each gets a random key and the smallest wins: a top-1 sort keeps a
 * single row, so the crate is never sorted; each is equally likely.
 */
function drawFiltered(
  userId: number,
  pattern: string | null,
  unplayedSince: string | null,
  folder: string | null,
) {
  const params: unknown[] = [userId];
  const conditions = ['r.user_id = $1'];
  if (pattern !== null) {
    params.push(pattern);
    conditions.push(recordSearchCondition(`$${params.length}`));
  }
  if (unplayedSince !== null) {
    params.push(unplayedSince);
    // Never spun sorts as the earliest date (record_plays_least_played_idx, migration 0019).
    conditions.push(`COALESCE(p.last_played, '-infinity'::date) < $${params.length}::date`);
  }
  if (folder !== null) {
    params.push(folder);
    conditions.push(`r.folder IS NOT NULL AND lower(r.folder) = lower($${params.length})`);
  }
  const sql = `SELECT r.id, r.title, r.artist, r.coverart
    FROM records r ${pattern === null ? '' : 'JOIN moods m ON m.id = r.mood_id'}
    ${unplayedSince === null ? '' : RECORD_PLAYS_JOIN}
   WHERE ${conditions.join(' AND ')}
   ORDER BY random()
   LIMIT 1`;
  return { sql, params };
}

/**
 * Draws one record of the user's crate at random (API.md "Routes": GET /api/blindbag).
 * @param pattern - a `likePattern()` of the search, or null for no search
 * @param unplayedSince - `YYYY-MM-DD`: only records not spun since that day, or null
 * @param folder - only the records of this folder (exact, ignoring case), or null
 * @returns the record, or undefined when no record of the crate is eligible
 */
export async function drawRecord(
  db: Queryable,
  userId: number,
  pattern: string | null,
  unplayedSince: string | null = null,
  folder: string | null = null,
): Promise<BlindbagRow | undefined> {
  if (pattern === null && unplayedSince === null && folder === null) {
    return (await db.query<BlindbagRow>(DRAW_ANY, [userId]))[0];
  }
  const { sql, params } = drawFiltered(userId, pattern, unplayedSince, folder);
  return (await db.query<BlindbagRow>(sql, params))[0];
}
