/**
 * SQL of the records feature (API.md "Routes": /api/record). Every statement that
 * touches one record checks its owner in its own WHERE clause, so another user's
 * record behaves exactly like a missing one.
 */
import type { CollectionDetailsInput } from '@spincrate/contract';
import type { Queryable } from '@/db/database.js';
import { RECORD_COLUMNS, RECORD_PLAYS_JOIN, type RecordRow } from './records.entity.js';
import { detailColumns } from './recordInsert.queries.js';

export { insertRecord } from './recordInsert.queries.js';

/** The fields an edit changes; cover art, tags and `date_added` stay. */
export interface RecordEdit {
  id: number;
  userId: number;
  title: string;
  artist: string;
  moodId: number;
  details: string;
  /** The new year (null clears it); undefined keeps the stored one. */
  year?: number | null;
  /** The collection details given: null clears one, absent keeps it. */
  collection?: CollectionDetailsInput;
}

/** True when a mood with this id exists. */
export async function moodExists(db: Queryable, moodId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('SELECT id FROM moods WHERE id = $1', [moodId]);
  return rows.length > 0;
}

/**
 * Changes title, artist, mood, details and (when given) year and collection details of one
 * of the user's records.
 * @returns the changed record, or undefined when the user has no record with this id
 */
export async function updateRecord(db: Queryable, edit: RecordEdit): Promise<RecordRow | undefined> {
  const details = detailColumns(edit.collection ?? {});
  const detailSets = details.map(([column], i) => `, ${column} = $${9 + i}`).join('');
  const rows = await db.query<RecordRow>(
    `WITH updated AS (
       UPDATE records SET title = $3, artist = $4, mood_id = $5, details = $6,
              year = CASE WHEN $7::boolean THEN $8::int ELSE year END${detailSets}
        WHERE id = $1 AND user_id = $2
       RETURNING *
     )
     SELECT ${RECORD_COLUMNS} FROM updated r JOIN moods m ON m.id = r.mood_id ${RECORD_PLAYS_JOIN}`,
    [
      edit.id,
      edit.userId,
      edit.title,
      edit.artist,
      edit.moodId,
      edit.details,
      edit.year !== undefined,
      edit.year ?? null,
      ...details.map(([, value]) => value),
    ],
  );
  return rows[0];
}

/**
 * Deletes one of the user's records; the foreign key's cascade takes it out of every
 * spin it was in, and the spins stay.
 * @returns false when the user has no record with this id
 */
export async function deleteRecord(db: Queryable, id: number, userId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM records WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}
