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

/** One spin of `GET /api/spins`: the Spin with the records still in the crate (EXTENSIONS.md §2). */
export interface SpinListRow extends SpinRow {
  /** In the spin's order (as its `albums` were given); empty when every record was deleted. */
  records: Array<{ id: number; title: string; artist: string }>;
}

/**
 * The records of spin `s` still in user `$1`'s crate, in the spin's order (`spin_records.position`),
 * as JSON (API.md "Entities as returned": `records` "in the spin's order"; EXTENSIONS.md §2).
 */
const SPIN_RECORDS = `CROSS JOIN LATERAL (
         SELECT COALESCE(json_agg(json_build_object('id', r.id, 'title', r.title, 'artist', r.artist)
                                  ORDER BY sr.position), '[]') AS records
           FROM spin_records sr
           JOIN records r ON r.id = sr.record_id AND r.user_id = $1
          WHERE sr.spin_id = s.id
       ) recs`;

/**
 * The user's spins, newest `listened_at` first, then `id` descending, each with its
 * records (one query: the records are aggregated per spin, no query per spin).
 * @param userId - the caller; records of anyone else are never listed
 */
export function listSpinsWithRecords(db: Queryable, userId: number): Promise<SpinListRow[]> {
  return db.query<SpinListRow>(
    `SELECT ${SPIN_COLUMNS}, recs.records
       FROM spins s
       ${SPIN_RECORDS}
      WHERE s.user_id = $1
      ORDER BY s.listened_at DESC, s.id DESC`,
    [userId],
  );
}

/** Where a page of spins starts: after this spin in the list's order. */
export interface SpinPosition {
  /** `YYYY-MM-DD` */
  listenedAt: string;
  id: number;
}

/** One page of the spins list. */
export interface SpinPage {
  /** Up to `limit` spins, newest `listened_at` first, then `id` desc. */
  spins: SpinListRow[];
  /** True when more spins follow the page. */
  more: boolean;
  /** The user's spins in all. */
  total: number;
}

/**
 * One keyset page of the user's spins (API.md "Lists at scale"): the spins after `after`
 * in the list's order (`listened_at` desc, `id` desc; index `spins_user_listened_idx`,
 * no sort step), so a walk returns every spin that existed during the whole walk exactly
 * once, and the count of the user's spins, in one statement.
 * @param limit - spins per page, 1–200
 * @param after - the last spin of the previous page, or undefined for the first page
 * @param knownTotal - the count when it is known already (`listTotal`): not counted again
 */
export async function listSpinPage(
  db: Queryable,
  userId: number,
  limit: number,
  after: SpinPosition | undefined,
  knownTotal: number | undefined,
): Promise<SpinPage> {
  const params: unknown[] = [userId, limit + 1];
  let keyset = '';
  if (after) {
    params.push(after.listenedAt, after.id);
    keyset = 'AND ROW(s.listened_at, s.id) < ROW($3::date, $4::int)';
  }
  let total = '(SELECT count(*) FROM spins WHERE user_id = $1)::int';
  if (knownTotal !== undefined) {
    params.push(knownTotal);
    total = `$${params.length}::int`;
  }
  // The one row of an empty page has the count and null spin fields.
  const rows = await db.query<SpinListRow & { total: number }>(
    `SELECT t.total, p.*
       FROM (SELECT ${total} AS total) t
       LEFT JOIN LATERAL (
         SELECT ${SPIN_COLUMNS}, recs.records
           FROM spins s
           ${SPIN_RECORDS}
          WHERE s.user_id = $1 ${keyset}
          ORDER BY s.listened_at DESC, s.id DESC
          LIMIT $2
       ) p ON true`,
    params,
  );
  const spins = rows
    .filter((r) => (r.id as number | null) !== null)
    .map(({ total: _total, ...spin }) => spin as SpinListRow)
    .sort((a, b) => (a.listened_at === b.listened_at ? b.id - a.id : a.listened_at < b.listened_at ? 1 : -1));
  return { spins: spins.slice(0, limit), more: spins.length > limit, total: rows[0]!.total };
}
