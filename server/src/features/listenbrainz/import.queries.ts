/** SQL of the import back from ListenBrainz (API.md "ListenBrainz": Import back; table `listenbrainz_imports`). */
import type { Queryable } from '@/db/database.js';
import type { CrateRecord, PlannedSpin } from './importPlan.js';

/**
 * The user's records with what the matching reads: the release group (`mb_release_group_id`,
 * and that of the release resolved for the record) and the release (`mb_release_id`, and the
 * resolved one), ids in lower case.
 */
export async function listCrateForImport(db: Queryable, userId: number): Promise<CrateRecord[]> {
  return db.query<CrateRecord>(
    `SELECT r.id, r.title, r.artist,
            array_remove(ARRAY[r.mb_release_group_id::text, t.release_group_id::text], NULL) AS release_group_ids,
            array_remove(ARRAY[r.mb_release_id::text, rr.release_id::text], NULL) AS release_ids
       FROM records r
       LEFT JOIN record_releases rr ON rr.record_id = r.id
       LEFT JOIN mb_tracklists t ON t.release_id = rr.release_id
      WHERE r.user_id = $1`,
    [userId],
  );
}

/**
 * The listens of the user imported before, as `listenKey` parts.
 * @param sinceTs - only those from this Unix second on, all when undefined
 */
export function listImportedListens(
  db: Queryable,
  userId: number,
  sinceTs: number | undefined,
): Promise<Array<{ listened_at: number; track_name: string }>> {
  return db.query<{ listened_at: number; track_name: string }>(
    `SELECT listened_at, track_name FROM listenbrainz_imports
      WHERE user_id = $1 AND ($2::bigint IS NULL OR listened_at >= $2::bigint)`,
    [userId, sinceTs ?? null],
  );
}

/**
 * Holds the user's import lock until the transaction ends, so two confirms of the same user
 * run one after the other (the second then sees what the first imported).
 */
export async function lockUserImport(tx: Queryable, userId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('listenbrainz-import'), $1)`, [userId]);
}

/**
 * Stores one imported spin (sending state `off`: it is on ListenBrainz already and never sent
 * back), its record link, one more play of the record (and `last_played`, in `record_plays`:
 * the record row itself is locked, not rewritten), and the keys of
 * its listens. Call inside a transaction.
 * @returns false when the record is no longer the user's (nothing stored)
 */
export async function insertImportedSpin(
  tx: Queryable,
  userId: number,
  spin: PlannedSpin,
  details: string,
): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `WITH owned AS (
       SELECT r.id FROM records r WHERE r.id = $5 AND r.user_id = $1 FOR NO KEY UPDATE
     ), s AS (
       INSERT INTO spins (user_id, listened_at, minutes_spent, spin_details, started_at)
       SELECT $1, $2::date, $3, $4, $6 WHERE EXISTS (SELECT 1 FROM owned)
       RETURNING id, listened_at
     ), linked AS (
       INSERT INTO spin_records (spin_id, record_id, position) SELECT s.id, o.id, 0 FROM s, owned o
     ), played AS (
       UPDATE record_plays p
          SET play_count = p.play_count + 1, last_played = GREATEST(p.last_played, s.listened_at)
         FROM owned o, s
        WHERE p.record_id = o.id
     ), keys AS (
       INSERT INTO listenbrainz_imports (user_id, listened_at, track_name, spin_id)
       SELECT $1, k.listened_at, k.track_name, s.id
         FROM s, unnest($7::bigint[], $8::text[]) AS k(listened_at, track_name)
       ON CONFLICT DO NOTHING
     )
     SELECT id FROM s`,
    [
      userId,
      spin.listenedAt,
      spin.minutesSpent,
      details,
      spin.recordId,
      spin.startedAt,
      spin.listens.map((l) => l.listenedAt),
      spin.listens.map((l) => l.trackName),
    ],
  );
  return rows.length > 0;
}
