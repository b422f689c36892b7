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

const FROM_CRATE = 'FROM records r JOIN moods m ON m.id = r.mood_id WHERE r.user_id = $1';

/**
 * Builds the draw for a WHERE clause: one statement (so one snapshot) that counts the
 * matches, then skips floor(random() × count) of them in the crate's index order
 * (`date_added` desc, `id` desc) and returns the next. Each match is equally likely,
 * and the crate is never sorted by random().
 */
function drawStatement(where: string): string {
  return `SELECT r.id, r.title, r.artist, r.coverart
            ${where}
            ${RECORD_ORDER}
           OFFSET (SELECT floor(random() * count(*))::bigint ${where})
            LIMIT 1`;
}

const DRAW_ANY = drawStatement(FROM_CRATE);
const DRAW_MATCHING = drawStatement(`${FROM_CRATE} AND ${recordSearchCondition('$2')}`);

/**
 * Draws one of the user's records uniformly at random.
 * @param pattern - a `likePattern()` to draw among the records whose title, artist,
 *   tags or mood contains the text; null to draw from the whole crate
 * @returns the record, or undefined when the crate is empty or nothing matches
 */
export async function drawRecord(
  db: Queryable,
  userId: number,
  pattern: string | null,
): Promise<BlindbagRow | undefined> {
  const rows =
    pattern === null
      ? await db.query<BlindbagRow>(DRAW_ANY, [userId])
      : await db.query<BlindbagRow>(DRAW_MATCHING, [userId, pattern]);
  return rows[0];
}
