/**
 * SQL of the ListenBrainz outbox (`listenbrainz_outbox`, API.md "ListenBrainz": delivery):
 * one row per (spin, record) to send, its submit-listens documents stored once built, and
 * the spin's `scrobble` state summed up from its rows.
 */
import { namedStatement, type Queryable } from '@/db/database.js';

/** One outbox row. */
export interface OutboxRow {
  spin_id: number;
  record_id: number;
  user_id: number;
  state: 'pending' | 'sent' | 'skipped' | 'failed';
  bodies: string[] | null;
  sent_parts: number;
  listens: number;
  attempts: number;
}

/** The statement of queueNewSpin (prepared once per connection: it runs on every spin add). */
const QUEUE_NEW_SPIN = namedStatement(
  'listenbrainz-queue-new-spin',
  `WITH account AS (
       SELECT user_id FROM listenbrainz_accounts WHERE user_id = $1 AND auto_send
     ), queued AS (
       INSERT INTO listenbrainz_outbox (spin_id, record_id, user_id, position)
       SELECT sr.spin_id, sr.record_id, $1, sr.position
         FROM spin_records sr JOIN spins s ON s.id = sr.spin_id AND s.user_id = $1, account
        WHERE sr.spin_id = $2
       ON CONFLICT DO NOTHING
       RETURNING record_id
     ), marked AS (
       UPDATE spins SET scrobble_state = 'pending', scrobble_message = NULL
        WHERE id = $2 AND user_id = $1 AND EXISTS (SELECT 1 FROM queued)
     )
     SELECT record_id FROM queued`,
);

/**
 * Queues a new spin for sending when its owner is connected with `auto_send` on: one
 * pending row per record and the spin `pending`.
 * @returns the record ids queued (empty when nothing is sent)
 */
export async function queueNewSpin(db: Queryable, userId: number, spinId: number): Promise<number[]> {
  const rows = await db.query<{ record_id: number }>(QUEUE_NEW_SPIN, [userId, spinId]);
  return rows.map((r) => r.record_id);
}

/**
 * Queues one of the user's spins again (Send again): every record of it gets a pending row;
 * rows already built keep their documents (the same bytes are sent).
 * @returns the record ids queued, or null when the user has no such spin
 */
export async function requeueSpin(db: Queryable, userId: number, spinId: number): Promise<number[] | null> {
  const own = await db.query('SELECT 1 FROM spins WHERE id = $1 AND user_id = $2', [spinId, userId]);
  if (own.length === 0) return null;
  const rows = await db.query<{ record_id: number }>(
    `WITH queued AS (
       INSERT INTO listenbrainz_outbox (spin_id, record_id, user_id, position)
       SELECT sr.spin_id, sr.record_id, $1, sr.position FROM spin_records sr WHERE sr.spin_id = $2
       ON CONFLICT (spin_id, record_id) DO UPDATE
          SET state = 'pending', sent_parts = 0, attempts = 0, message = NULL
       RETURNING record_id
     ), marked AS (
       UPDATE spins SET scrobble_state = 'pending', scrobble_message = NULL, scrobble_listens = 0
        WHERE id = $2 AND user_id = $1 AND EXISTS (SELECT 1 FROM queued)
     )
     SELECT record_id FROM queued`,
    [userId, spinId],
  );
  return rows.map((r) => r.record_id);
}

/**
 * The pending rows of a user whose sending was paused: (spin, record) pairs to queue again,
 * with their failed tries so far.
 */
export async function requeuePaused(
  db: Queryable,
  userId: number,
): Promise<Array<{ spin_id: number; record_id: number; attempts: number }>> {
  return db.query(
    `SELECT spin_id, record_id, attempts FROM listenbrainz_outbox WHERE user_id = $1 AND state = 'pending'`,
    [userId],
  );
}

/** Every pending row, with its failed tries so far (for the sweep that gives each one a job). */
export function listPendingRows(
  db: Queryable,
): Promise<Array<{ spin_id: number; record_id: number; attempts: number }>> {
  return db.query(
    `SELECT o.spin_id, o.record_id, o.attempts FROM listenbrainz_outbox o
       JOIN listenbrainz_accounts a ON a.user_id = o.user_id AND a.paused_reason IS NULL
      WHERE o.state = 'pending'`,
  );
}

/** One outbox row, or undefined (the spin was deleted, or the link forgotten). */
export async function findOutboxRow(
  db: Queryable,
  spinId: number,
  recordId: number,
): Promise<OutboxRow | undefined> {
  const rows = await db.query<OutboxRow>(
    'SELECT * FROM listenbrainz_outbox WHERE spin_id = $1 AND record_id = $2',
    [spinId, recordId],
  );
  return rows[0];
}

/** The spin, its records in order and their rows, to build the documents of the whole spin. */
export async function spinForBuilding(db: Queryable, spinId: number) {
  const spins = await db.query<{
    listened_at: string;
    started_at: Date | null;
    created_at: Date;
    sides: Record<string, string[]> | null;
  }>('SELECT listened_at, started_at, created_at, sides FROM spins WHERE id = $1', [spinId]);
  const records = await db.query<{ record_id: number; has_bodies: boolean; state: string | null }>(
    `SELECT sr.record_id, o.bodies IS NOT NULL AS has_bodies, o.state
       FROM spin_records sr LEFT JOIN listenbrainz_outbox o ON o.spin_id = sr.spin_id AND o.record_id = sr.record_id
      WHERE sr.spin_id = $1 ORDER BY sr.position`,
    [spinId],
  );
  return { spin: spins[0], records };
}

/** Stores the documents of one row (only if none were stored: built once). */
export async function storeBodies(
  db: Queryable,
  spinId: number,
  recordId: number,
  bodies: string[],
  listens: number,
): Promise<void> {
  await db.query(
    `UPDATE listenbrainz_outbox SET bodies = $3, listens = $4
      WHERE spin_id = $1 AND record_id = $2 AND bodies IS NULL`,
    [spinId, recordId, bodies, listens],
  );
}

/** Ends one row: sent, skipped (no tracklist) or failed (ListenBrainz refused). */
export async function finishRow(
  db: Queryable,
  spinId: number,
  recordId: number,
  state: 'sent' | 'skipped' | 'failed',
  message: string | null,
): Promise<void> {
  await db.query(
    `UPDATE listenbrainz_outbox SET state = $3, message = $4,
            sent_parts = CASE WHEN $3 = 'sent' THEN cardinality(bodies) ELSE sent_parts END
      WHERE spin_id = $1 AND record_id = $2`,
    [spinId, recordId, state, message],
  );
}

/** Records that one more document of a row was accepted. */
export async function markPartSent(db: Queryable, spinId: number, recordId: number, sentParts: number) {
  await db.query('UPDATE listenbrainz_outbox SET sent_parts = $3 WHERE spin_id = $1 AND record_id = $2', [
    spinId,
    recordId,
    sentParts,
  ]);
}

/** Counts one failed try of a row. @returns the tries so far */
export async function countAttempt(db: Queryable, spinId: number, recordId: number): Promise<number> {
  const rows = await db.query<{ attempts: number }>(
    `UPDATE listenbrainz_outbox SET attempts = attempts + 1 WHERE spin_id = $1 AND record_id = $2 RETURNING attempts`,
    [spinId, recordId],
  );
  return rows[0]?.attempts ?? 1;
}

/**
 * Sums a spin's rows up into its `scrobble`: pending while a row is; then failed (with
 * ListenBrainz's message) if one failed; partial (naming a record without tracklist) if one
 * was skipped; else sent. `listens` counts the listens of the rows sent.
 */
export async function updateSpinScrobble(db: Queryable, spinId: number): Promise<void> {
  // The rule is the database's (spin_scrobble_summary, migration 0029), shared with the
  // trigger that settles a spin whose rows leave the outbox unsent. No row left: unchanged.
  await db.query(
    `UPDATE spins s
        SET scrobble_state = o.scrobble_state,
            scrobble_listens = o.scrobble_listens,
            scrobble_message = o.scrobble_message
       FROM spin_scrobble_summary(ARRAY[$1::int]) o
      WHERE s.id = o.spin_id AND o.scrobble_state <> 'off'`,
    [spinId],
  );
}

/**
 * Takes the user's turn to send: one request in flight per user (across processes), and
 * not before the time the rate limit asked for.
 * @param leaseMs - how long the turn is held at most (a process that dies frees it then)
 * @returns 0 when the turn is taken; else how many ms to wait: until `next_send_at` when the
 *   rate limit holds the user back, `busyRetryMs` when another sender holds the turn
 */
export async function takeUserTurn(
  db: Queryable,
  userId: number,
  leaseMs: number,
  busyRetryMs: number,
): Promise<number> {
  const rows = await db.query<{ taken: boolean; wait_ms: number | null }>(
    `WITH t AS (
       UPDATE listenbrainz_accounts SET busy_until = clock_timestamp() + $2 * interval '1 millisecond'
        WHERE user_id = $1 AND next_send_at <= clock_timestamp()
          AND (busy_until IS NULL OR busy_until <= clock_timestamp())
       RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM t) AS taken,
            (SELECT GREATEST(0, ceil(extract(epoch FROM next_send_at - clock_timestamp()) * 1000))::int
               FROM listenbrainz_accounts WHERE user_id = $1) AS wait_ms`,
    [userId, leaseMs],
  );
  const row = rows[0]!;
  if (row.taken) return 0;
  return Math.max(busyRetryMs, row.wait_ms ?? 0, 1);
}

/** Ends the user's turn; the next may start in `afterMs` (0: at once). */
export async function releaseUserTurn(db: Queryable, userId: number, afterMs: number): Promise<void> {
  await db.query(
    `UPDATE listenbrainz_accounts
        SET busy_until = NULL, next_send_at = clock_timestamp() + $2 * interval '1 millisecond'
      WHERE user_id = $1`,
    [userId, afterMs],
  );
}
