/** SQL of the blindbag (API.md "Routes": GET /api/blindbag). */
import type { Queryable } from '../../db/database.js';
import { RECORD_ORDER, recordSearchCondition } from '../../lib/records.js';

/** What the blindbag returns of a record (coverart null: use the fallback). */
export interface BlindbagRow {
  id: number;
  title: string;
  artist: string;
  coverart: string | null;
}

/**
 * The draw's WHERE clause: the user's records (`$1`), matching the search (`$2`, a
 * `likePattern()`, or null for all) and, when `$3` (a `YYYY-MM-DD` date) is not null,
 * not spun since it: never spun, or last spun before it.
 */
const ELIGIBLE = `FROM records r JOIN moods m ON m.id = r.mood_id
  WHERE r.user_id = $1
    AND ($2::text IS NULL OR ${recordSearchCondition('$2')})
    AND ($3::date IS NULL OR r.last_played IS NULL OR r.last_played < $3::date)`;

/**
 * One statement (so one snapshot) that counts the eligible records, then skips
 * floor(random() × count) of them in the crate's index order (`date_added` desc, `id`
 * desc) and returns the next. Each eligible record is equally likely, and the crate is
 * never sorted by random().
 */
const DRAW = `SELECT r.id, r.title, r.artist, r.coverart
    ${ELIGIBLE}
    ${RECORD_ORDER}
   OFFSET (SELECT floor(random() * count(*))::bigint ${ELIGIBLE})
    LIMIT 1`;

/**
 * Draws one of the user's records uniformly at random among the eligible ones.
 * @param pattern - a `likePattern()` to draw among the records whose title, artist,
 *   tags, mood or year contains the text; null to draw from the whole crate
 * @param unplayedSince - `YYYY-MM-DD`: only records never spun or last spun before this
 *   day (for "not spun in the last N days counting today" it is today − N + 1); null for all
 * @returns the record, or undefined when nothing is eligible
 */
export async function drawRecord(
  db: Queryable,
  userId: number,
  pattern: string | null,
  unplayedSince: string | null = null,
): Promise<BlindbagRow | undefined> {
  const rows = await db.query<BlindbagRow>(DRAW, [userId, pattern, unplayedSince]);
  return rows[0];
}
