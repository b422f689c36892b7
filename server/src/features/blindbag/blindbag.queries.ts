/** SQL of the blindbag (API.md "Routes": GET /api/blindbag). */
import type { Queryable } from '@/db/database.js';
import { recordSearchCondition } from '@/lib/records.js';

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
 * One statement and one pass over the eligible records (search and unplayed filter
 * applied once): each gets a random key and the smallest wins. A top-1 sort keeps a
 * single row, so the crate is never sorted; each eligible record is equally likely.
 */
const DRAW = `SELECT r.id, r.title, r.artist, r.coverart
    ${ELIGIBLE}
   ORDER BY random()
   LIMIT 1`;

export async function drawRecord(
  db: Queryable,
  userId: number,
  pattern: string | null,
  unplayedSince: string | null = null,
): Promise<BlindbagRow | undefined> {
  const rows = await db.query<BlindbagRow>(DRAW, [userId, pattern, unplayedSince]);
  return rows[0];
}
