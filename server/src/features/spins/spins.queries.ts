/**
 * SQL of the spins feature (API.md "Routes": /api/spins; the Spin entity).
 * Every statement names the caller's user id, so someone else's spin is never read,
 * changed or linked: it looks exactly like a spin that does not exist.
 */
import { namedStatement, type Database, type Queryable } from '@/db/database.js';
import { SPIN_COLUMNS, coverColumn, type SpinRow } from '@/features/records/index.js';

// The spins list and its pages are shared with the public share routes (the records vertical's spins.entity.ts).
export { listSpinPage, listSpinsWithRecords } from '@/features/records/index.js';
/** One row of `GET /api/spins/single/{id}`: the spin with one of its records (all null when none is left). */
export interface SpinAlbumRow extends SpinRow {
  album_id: number | null;
  title: string | null;
  artist: string | null;
  /** null when the record has no cover (the router fills in the fallback) or there is no record. */
  coverart: string | null;
  /** The record's own thumbnails (API.md "Covers served by Spincrate"); null until fetched or with no record. */
  cover: { small: string; large: string } | null;
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
    `SELECT ${SPIN_COLUMNS}, r.id AS album_id, r.title, r.artist, r.coverart, ${coverColumn('r')}
       FROM spins s
       LEFT JOIN (spin_records sr JOIN records r ON r.id = sr.record_id AND r.user_id = $1)
              ON sr.spin_id = s.id
      WHERE s.id = $2 AND s.user_id = $1
      ORDER BY sr.position NULLS LAST, r.id`,
    [userId, spinId],
  );
}

/** The statement of addSpinWithRecords (prepared once per connection: the hot write path). */
const ADD_SPIN = namedStatement(
  'spins-add',
  `WITH locked AS (
       SELECT r.id
         FROM records r
        WHERE r.id = ANY($5::int[]) AND r.user_id = $1
        ORDER BY r.id
          FOR NO KEY UPDATE
     ), owned AS (
       SELECT l.id, a.ord
         FROM unnest($5::int[]) WITH ORDINALITY AS a(record_id, ord)
         JOIN locked l ON l.id = a.record_id
     ), s AS (
       INSERT INTO spins (user_id, listened_at, minutes_spent, spin_details, client_id, started_at, sides)
       SELECT $1, $2::date, $3, $4, $6::uuid, $7, $8::jsonb
        WHERE (SELECT count(*) FROM owned) = cardinality($5::int[])
       ON CONFLICT (user_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
       RETURNING *
     ), linked AS (
       INSERT INTO spin_records (spin_id, record_id, position)
       SELECT s.id, o.id, o.ord - 1 FROM s, owned o
     ), played AS (
       UPDATE record_plays p
          SET play_count = p.play_count + 1,
              last_played = GREATEST(p.last_played, s.listened_at)
         FROM owned o, s
        WHERE p.record_id = o.id
     )
     SELECT ${SPIN_COLUMNS},
            EXISTS (SELECT 1 FROM listenbrainz_accounts a WHERE a.user_id = $1 AND a.auto_send) AS auto_send
       FROM s`,
);

/**
 * Stores a spin with its records in ONE statement (one round trip, atomic by itself): the
 * spin, its record links in the given order (position 0, 1, …) and one more play for
 * each record, with the spin's date as `last_played` when it is the record's latest
 * (API.md "Entities as returned": Record). Nothing is stored unless every id is a record
 * of `userId` (API.md: a spin is stored with all of its records or not at all).
 *
 * The plays are rows of `record_plays` (migration 0019): the records are locked but never
 * rewritten, so a spin updates none of their indexes (issue 21), and the user's version is
 * bumped once (by the spins insert; the plays update finds it bumped).
 *
 * The records are locked first, by id ascending, as deleteSpin locks them: spins of the
 * same records added or deleted at the same time then wait for each other in line. (Left
 * to the plan, the update locked them in the order of an index whose equal keys follow
 * the rows' places on disk, which each play changes: two spins locked the same two records
 * in opposite orders and PostgreSQL ended one as a deadlock, 40P01.)
 * With a `clientId` the user already used, nothing is stored (`ON CONFLICT … DO NOTHING`, also
 * against a send of the same id still running: it waits for that one's commit).
 *
 * The same statement tells whether the owner sends their spins to ListenBrainz automatically
 * (API.md "ListenBrainz"), so that a spin of a user who does not needs no second statement to
 * find out (issue 21: a round trip was a fifth of the spin's CPU in node).
 * @param spin.albums - distinct record ids
 * @param spin.clientId - the client's UUID of the spin (lower case), or undefined
 * @returns the Spin and `autoSend` (the owner is connected to ListenBrainz with automatic
 *   sending on), or undefined when some id is not one of the user's records or the
 *   `clientId` was used before (see `findSpinByClientId`)
 */
export async function addSpinWithRecords(
  db: Queryable,
  userId: number,
  spin: {
    listenedAt: string;
    minutesSpent: number;
    details: string;
    albums: number[];
    clientId?: string;
    startedAt?: { at: Date } | null;
    sides?: Record<number, string[]> | null;
  },
): Promise<{ spin: SpinRow; autoSend: boolean } | undefined> {
  const rows = await db.query<SpinRow & { auto_send: boolean }>(ADD_SPIN, [
    userId,
    spin.listenedAt,
    spin.minutesSpent,
    spin.details,
    spin.albums,
    spin.clientId ?? null,
    spin.startedAt?.at ?? null,
    spin.sides ? JSON.stringify(spin.sides) : null,
  ]);
  const row = rows[0];
  if (!row) return undefined;
  const { auto_send: autoSend, ...added } = row;
  return { spin: added, autoSend };
}

const SPIN_BY_CLIENT_ID = namedStatement(
  'spins-by-client-id',
  `SELECT ${SPIN_COLUMNS} FROM spins s WHERE s.user_id = $1 AND s.client_id = $2::uuid`,
);

/**
 * The spin a `clientId` of the user made (API.md "Offline copy and repeat-safe writes"), as
 * `addSpinWithRecords` returned it; undefined when there is none. Another user's spin with
 * the same `clientId` is never found.
 */
export async function findSpinByClientId(
  db: Queryable,
  userId: number,
  clientId: string,
): Promise<SpinRow | undefined> {
  const rows = await db.query<SpinRow>(SPIN_BY_CLIENT_ID, [userId, clientId]);
  return rows[0];
}

/**
 * Deletes one of the user's spins (its record links go with it; the records stay), and
 * gives its records their `play_count` and `last_played` (`record_plays`) recomputed from
 * their other spins, in one transaction of two statements:
 *
 * 1. the spin's records are locked, by id ascending, the order addSpinWithRecords locks
 *    them in (spins of the same records added or deleted at once wait in line, no deadlock);
 * 2. the spin is deleted and its records recomputed. This statement starts once the locks
 *    are held, so its snapshot has every spin of those records that another transaction
 *    added or deleted before: in ONE statement, a delete waiting for another delete of the
 *    same records recounted the plays of that other spin, which was gone by then (a play
 *    too many).
 * @returns false when the user has no such spin
 */
export function deleteSpin(db: Database, userId: number, spinId: number): Promise<boolean> {
  return db.withTransaction(async (tx) => {
    await tx.query(
      `SELECT r.id
         FROM spins s
         JOIN spin_records sr ON sr.spin_id = s.id
         JOIN records r ON r.id = sr.record_id
        WHERE s.id = $1 AND s.user_id = $2
        ORDER BY r.id
          FOR NO KEY UPDATE OF r`,
      [spinId, userId],
    );
    const rows = await tx.query<{ id: number }>(
      `WITH gone AS (
         DELETE FROM spins WHERE id = $1 AND user_id = $2 RETURNING id
       ), replayed AS (
         UPDATE record_plays p
            SET play_count = (SELECT count(*) FROM spin_records o
                               WHERE o.record_id = p.record_id AND o.spin_id <> $1),
                last_played = (SELECT max(s.listened_at) FROM spin_records o JOIN spins s ON s.id = o.spin_id
                                WHERE o.record_id = p.record_id AND o.spin_id <> $1)
           FROM spin_records sr
          WHERE sr.spin_id IN (SELECT id FROM gone) AND p.record_id = sr.record_id
       )
       SELECT id FROM gone`,
      [spinId, userId],
    );
    return rows.length > 0;
  });
}
