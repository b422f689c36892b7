/** SQL of the metadata services' pacing, shared by every server process (`lookup_slots`). */
import type { Database, Queryable } from '@/db/database.js';

/** Advisory lock key of the look-up queue's set-up (pg-boss schema and queue). */
const QUEUE_SETUP_LOCK = 4_242_101;

/**
 * Claims the next free slot of a metadata service: slots are `intervalMs` apart across
 * every server process (the row is locked while it is claimed).
 * @param maxWaitMs - claim only a slot that starts within this many ms; a later one is
 *   left alone, so that a caller who could not use it does not push everyone back
 * @returns how long to wait, in ms, until the claimed slot starts (0: now), or null when
 *   the next free slot starts later than `maxWaitMs` (nothing claimed)
 */
export async function claimLookupSlot(
  db: Queryable,
  service: string,
  intervalMs: number,
  maxWaitMs?: number,
): Promise<number | null> {
  const rows = await db.query<{ wait_ms: number }>(
    `INSERT INTO lookup_slots AS s (service, next_at)
     VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond')
     ON CONFLICT (service) DO UPDATE
        SET next_at = GREATEST(s.next_at, clock_timestamp()) + $2 * interval '1 millisecond'
      WHERE $3::int IS NULL OR s.next_at <= clock_timestamp() + $3::int * interval '1 millisecond'
     RETURNING GREATEST(0, ceil(extract(epoch FROM s.next_at - clock_timestamp()) * 1000 - $2))::int AS wait_ms`,
    [service, intervalMs, maxWaitMs ?? null],
  );
  return rows[0]?.wait_ms ?? null;
}

/** What a user's claim of a turn got (see claimUserLookupSlot). */
export type UserLookupClaim =
  { kind: 'turn'; waitMs: number } | { kind: 'busy' } | { kind: 'yours'; retryInMs: number };

/**
 * Claims the next free slot of a metadata service for one user, fairly (issue 21): a user
 * whose latest turn has not started yet gets no other one (`yours`, with the ms until that
 * turn starts), so that each user holds at most one turn waiting in the shared pace.
 * Otherwise as claimLookupSlot, and the slot becomes the user's latest turn. In one
 * transaction: the user's row is locked first, then the service's (the look-up queue takes
 * only the latter), so claims never deadlock.
 * @param db - the database (runs its own transaction)
 * @param maxWaitMs - claim only a slot that starts within this many ms (`busy` otherwise,
 *   nothing claimed)
 * @returns `turn` with the ms to wait until it starts, `busy` or `yours`
 */
export async function claimUserLookupSlot(
  db: Database,
  service: string,
  userId: number,
  intervalMs: number,
  maxWaitMs: number,
): Promise<UserLookupClaim> {
  return db.withTransaction(async (tx) => {
    const [mine] = await tx.query<{ waiting_ms: number | null }>(
      `INSERT INTO lookup_user_turns AS t (user_id, service, starts_at)
       VALUES ($1, $2, '-infinity')
       ON CONFLICT (user_id, service) DO UPDATE SET starts_at = t.starts_at
       RETURNING CASE WHEN t.starts_at > clock_timestamp()
                      THEN ceil(extract(epoch FROM t.starts_at - clock_timestamp()) * 1000)::int END AS waiting_ms`,
      [userId, service],
    );
    if (mine?.waiting_ms != null) return { kind: 'yours', retryInMs: mine.waiting_ms };
    const waitMs = await claimLookupSlot(tx, service, intervalMs, maxWaitMs);
    if (waitMs === null) return { kind: 'busy' };
    await tx.query(
      `UPDATE lookup_user_turns SET starts_at = clock_timestamp() + $3 * interval '1 millisecond'
        WHERE user_id = $1 AND service = $2`,
      [userId, service, waitMs],
    );
    return { kind: 'turn', waitMs };
  });
}

/** Serialises setting up the look-up queue across processes until the transaction ends. */
export async function lockQueueSetup(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [QUEUE_SETUP_LOCK]);
}

/**
 * The `lookup_slots` row that marks a service as unreachable: its `next_at` is when the
 * background queue may try the service again.
 */
function outageKey(service: string): string {
  return `${service}:unreachable`;
}

/**
 * Marks a service unreachable until `retryInMs` from now (the whole look-up queue waits).
 * @returns true when this call started the outage (it was not marked before)
 */
export async function markServiceUnreachable(
  db: Queryable,
  service: string,
  retryInMs: number,
): Promise<boolean> {
  const rows = await db.query<{ started: boolean }>(
    `INSERT INTO lookup_slots AS s (service, next_at)
     VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond')
     ON CONFLICT (service) DO UPDATE SET next_at = excluded.next_at
     RETURNING (xmax = 0) AS started`,
    [outageKey(service), retryInMs],
  );
  return rows[0]!.started;
}

/**
 * Ends a service's outage.
 * @returns true when it was marked unreachable
 */
export async function markServiceReachable(db: Queryable, service: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM lookup_slots WHERE service = $1 RETURNING service', [
    outageKey(service),
  ]);
  return rows.length > 0;
}

/**
 * How long the queue still waits for an unreachable service, in ms (0: it may try now).
 * @returns null when the service is not marked unreachable
 */
export async function serviceRetryInMs(db: Queryable, service: string): Promise<number | null> {
  const rows = await db.query<{ wait_ms: number }>(
    `SELECT GREATEST(0, ceil(extract(epoch FROM next_at - clock_timestamp()) * 1000))::int AS wait_ms
       FROM lookup_slots WHERE service = $1`,
    [outageKey(service)],
  );
  return rows[0]?.wait_ms ?? null;
}

/** True while a metadata service is marked unreachable (the look-ups wait for it). */
export async function anyServiceUnreachable(db: Queryable): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM lookup_slots WHERE service LIKE '%:unreachable' LIMIT 1");
  return rows.length > 0;
}
