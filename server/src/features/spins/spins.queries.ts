/**
 * SQL of the spins feature (API.md "Routes": /api/spins; the Spin entity).
 * Every statement names the caller's user id, so someone else's spin is never read,
 * changed or linked: it looks exactly like a spin that does not exist.
 */
import type { Queryable } from '../../db/database.js';
import { SPIN_COLUMNS, type SpinRow } from '../../lib/spins.js';

/** One row of `GET /api/spins/single/{id}`: the spin with one of its records (all null when none is left). */
export interface SpinAlbumRow extends SpinRow {
  album_id: number | null;
  title: string | null;
  artist: string | null;
  /** null when the record has no cover (the router fills in the fallback) or there is no record. */
  coverart: string | null;
}

/**
 * One of the user's spins with its records, one row per record in the order they
 * were given; one row with null album fields when every record was deleted.
 * @param userId - the caller; a spin of anyone else gives no rows
 * @param spinId - the spin
 * @returns no rows when the user has no such spin
 */
export function findSpinWithAlbums(db: Queryable, userId: number, spinId: number): Promise<SpinAlbumRow[]> {
  return db.query<SpinAlbumRow>(
    `SELECT ${SPIN_COLUMNS}, r.id AS album_id, r.title, r.artist, r.coverart
       FROM spins s
       LEFT JOIN (spin_records sr JOIN records r ON r.id = sr.record_id AND r.user_id = $1)
              ON sr.spin_id = s.id
      WHERE s.id = $2 AND s.user_id = $1
      ORDER BY sr.position NULLS LAST, r.id`,
    [userId, spinId],
  );
}

/**
 * Inserts a spin without its records (call `linkSpinRecords` in the same transaction).
 * @param userId - the owner
 * @param spin.listenedAt - `YYYY-MM-DD`
 * @param spin.minutesSpent - 0 … 5999
 * @returns the new Spin
 */
export async function insertSpin(
  tx: Queryable,
  userId: number,
  spin: { listenedAt: string; minutesSpent: number; details: string },
): Promise<SpinRow> {
  const rows = await tx.query<SpinRow>(
    `INSERT INTO spins AS s (user_id, listened_at, minutes_spent, spin_details)
     VALUES ($1, $2, $3, $4)
     RETURNING ${SPIN_COLUMNS}`,
    [userId, spin.listenedAt, spin.minutesSpent, spin.details],
  );
  return rows[0]!;
}

/**
 * Links records to a spin in the given order (position 0, 1, …), but only records
 * that belong to `userId`; ids of other users' records or of no record are skipped.
 * @param recordIds - distinct record ids
 * @returns how many records were linked (fewer than `recordIds.length` means some were not the user's)
 */
export async function linkSpinRecords(
  tx: Queryable,
  userId: number,
  spinId: number,
  recordIds: number[],
): Promise<number> {
  const rows = await tx.query<{ record_id: number }>(
    `INSERT INTO spin_records (spin_id, record_id, position)
     SELECT $1, r.id, a.ord - 1
       FROM unnest($3::int[]) WITH ORDINALITY AS a(record_id, ord)
       JOIN records r ON r.id = a.record_id AND r.user_id = $2
     RETURNING record_id`,
    [spinId, userId, recordIds],
  );
  return rows.length;
}

/**
 * Deletes one of the user's spins (its record links go with it; the records stay).
 * @returns false when the user has no such spin
 */
export async function deleteSpin(db: Queryable, userId: number, spinId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM spins WHERE id = $1 AND user_id = $2 RETURNING id',
    [spinId, userId],
  );
  return rows.length > 0;
}
