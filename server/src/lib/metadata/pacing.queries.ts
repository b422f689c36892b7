/** SQL of the metadata services' pacing, shared by every server process (`lookup_slots`). */
import type { Queryable } from '../../db/database.js';

/**
 * Claims the next free slot of a metadata service: slots are `intervalMs` apart across
 * every server process (the row is locked while it is claimed).
 * @returns how long to wait, in ms, until the claimed slot starts (0: now)
 */
export async function claimLookupSlot(db: Queryable, service: string, intervalMs: number): Promise<number> {
  const rows = await db.query<{ wait_ms: number }>(
    `INSERT INTO lookup_slots AS s (service, next_at)
     VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond')
     ON CONFLICT (service) DO UPDATE
        SET next_at = GREATEST(s.next_at, clock_timestamp()) + $2 * interval '1 millisecond'
     RETURNING GREATEST(0, ceil(extract(epoch FROM s.next_at - clock_timestamp()) * 1000 - $2))::int AS wait_ms`,
    [service, intervalMs],
  );
  return rows[0]!.wait_ms;
}
