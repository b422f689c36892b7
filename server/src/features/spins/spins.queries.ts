/**
 * SQL of the spins feature (API.md "Routes": /api/spins; the Spin entity).
 * Every statement names the caller's user id, so someone else's spin is never read,
 * changed or linked: it looks exactly like a spin that does not exist.
 */
import type { Queryable } from '../../db/database.js';
import { SPIN_COLUMNS, type SpinRow } from '../../lib/spins.js';

/** One spin of `GET /api/spins`: the Spin with the records still in the crate (EXTENSIONS.md §2). */
export interface SpinListRow extends SpinRow {
  /** By record id ascending; empty when every record was deleted. */
  records: Array<{ id: number; title: string; artist: string }>;
}

/**
 * The user's spins, newest `listened_at` first, then `id` descending, each with its
 * records (one query: the records are aggregated per spin, no query per spin).
 * @param userId - the caller; records of anyone else are never listed
 */
export function listSpinsWithRecords(db: Queryable, userId: number): Promise<SpinListRow[]> {
  return db.query<SpinListRow>(
    `SELECT ${SPIN_COLUMNS}, recs.records
       FROM spins s
       CROSS JOIN LATERAL (
         SELECT COALESCE(json_agg(json_build_object('id', r.id, 'title', r.title, 'artist', r.artist)
                                  ORDER BY r.id), '[]') AS records
           FROM spin_records sr
           JOIN records r ON r.id = sr.record_id AND r.user_id = $1
          WHERE sr.spin_id = s.id
       ) recs
      WHERE s.user_id = $1
      ORDER BY s.listened_at DESC, s.id DESC`,
    [userId],
  );
}

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
 * In the same statement each linked record gets one more play and, when the spin is
 * its latest, the spin's date as `last_played` (API.md "Entities as returned": Record).
 * @param recordIds - distinct record ids
 * @returns how many records were linked (fewer than `recordIds.length` means some were not the user's)
 */
export async function linkSpinRecords(
  tx: Queryable,
  userId: number,
  spinId: number,
  recordIds: number[],
): Promise<number> {
  const rows = await tx.query<{ linked: number }>(
    `WITH linked AS (
       INSERT INTO spin_records (spin_id, record_id, position)
       SELECT $1, r.id, a.ord - 1
         FROM unnest($3::int[]) WITH ORDINALITY AS a(record_id, ord)
         JOIN records r ON r.id = a.record_id AND r.user_id = $2
       RETURNING record_id
     ), played AS (
       UPDATE records r
          SET play_count = r.play_count + 1,
              last_played = GREATEST(r.last_played, s.listened_at)
         FROM linked l, spins s
        WHERE r.id = l.record_id AND s.id = $1
     )
     SELECT count(*)::int AS linked FROM linked`,
    [spinId, userId, recordIds],
  );
  return rows[0]!.linked;
}

/**
 * Deletes one of the user's spins (its record links go with it; the records stay).
 * In the same statement the spin's records get their `play_count` and `last_played`
 * recomputed from their other spins.
 * @returns false when the user has no such spin
 */
export async function deleteSpin(db: Queryable, userId: number, spinId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `WITH gone AS (
       DELETE FROM spins WHERE id = $1 AND user_id = $2 RETURNING id
     ), replayed AS (
       UPDATE records r
          SET play_count = (SELECT count(*) FROM spin_records o
                             WHERE o.record_id = r.id AND o.spin_id <> $1),
              last_played = (SELECT max(s.listened_at) FROM spin_records o JOIN spins s ON s.id = o.spin_id
                              WHERE o.record_id = r.id AND o.spin_id <> $1)
         FROM spin_records sr
        WHERE sr.spin_id IN (SELECT id FROM gone) AND r.id = sr.record_id
     )
     SELECT id FROM gone`,
    [spinId, userId],
  );
  return rows.length > 0;
}
