/**
 * The Spin of API.md "Entities as returned", shared by the features that return spins
 * (the spins list, and the JSON backup of GET /api/record/export).
 */
import type { Queryable } from '@/db/database.js';

/**
 * The Spin columns of alias `s`: `time_spent` is `minutes_spent` written `H:MM`
 * (hours unpadded, minutes two digits); `listened_at` comes back as `YYYY-MM-DD`.
 */
export const SPIN_COLUMNS = `s.id, s.listened_at,
  (s.minutes_spent / 60)::text || ':' || lpad((s.minutes_spent % 60)::text, 2, '0') AS time_spent,
  s.spin_details, s.started_at,
  json_build_object('state', s.scrobble_state, 'listens', s.scrobble_listens,
                    'message', s.scrobble_message) AS scrobble`;

/** A Spin as API.md returns it. */
export interface SpinRow {
  id: number;
  /** `YYYY-MM-DD` */
  listened_at: string;
  /** `H:MM` */
  time_spent: string;
  spin_details: string;
  /** When the first listen started (API.md "ListenBrainz"), or null. */
  started_at: Date | null;
  /** The spin's delivery to ListenBrainz. */
  scrobble: {
    state: 'off' | 'pending' | 'sent' | 'partial' | 'failed';
    listens: number;
    message: string | null;
  };
}

/**
 * The user's spins, newest `listened_at` first, then `id` descending.
 * @param userId - the caller
 */
export function listSpins(db: Queryable, userId: number): Promise<SpinRow[]> {
  return db.query<SpinRow>(
    `SELECT ${SPIN_COLUMNS}
       FROM spins s
      WHERE s.user_id = $1
      ORDER BY s.listened_at DESC, s.id DESC`,
    [userId],
  );
}
