/**
 * SQL of the listening statistics (API.md "Listening statistics"). Play counts come
 * from the records' `play_count` and `last_played` (kept by the spin writes); only the
 * spins themselves are grouped, by day.
 */
import type { Queryable } from '@/db/database.js';
import { RECORD_SELECT, type RecordRow } from '@/lib/records.js';

/** How many tags `by_tag` lists. */
export const TOP_TAGS = 20;
/** How many records `top_records` lists. */
export const TOP_RECORDS = 10;

/** One day with spins. */
export interface SpinDayRow {
  /** `YYYY-MM-DD` */
  date: string;
  spins: number;
  minutes: number;
}

/** The aggregates of a crate, in the order of API.md (ties: see `readStatsAggregates`). */
export interface StatsAggregates {
  /** Every day with a spin, oldest first. */
  days: SpinDayRow[];
  records: number;
  never_played: number;
  by_mood: Array<{ mood: string; records: number; plays: number }>;
  by_tag: Array<{ tag: string; records: number; plays: number }>;
  by_decade: Array<{ decade: number | null; records: number; plays: number }>;
  /** Money spent per currency: `total` with 2 decimals, most priced records first, then currency code. */
  spend: Array<{ currency: string; total: string; records: number }>;
}

/**
 * Everything but the top records, in one statement (one snapshot):
 * - `days`: the user's spins grouped by `listened_at`, oldest first;
 * - `by_mood`: moods with records, largest `records` first, then most `plays`, then mood name;
 * - `by_decade`: `(year / 10) * 10`, null without a year; largest `records` first, then most
 *   `plays`, then the decade ascending, null last;
 * - `by_tag`: tags lowercased (a record counts once per tag ignoring case), the `TOP_TAGS`
 *   on the most records, ties by tag name (code-point order);
 * - `spend`: the priced records' prices summed per currency (API.md "Collection details"),
 *   most priced records first, then the currency code.
 */
export async function readStatsAggregates(db: Queryable, userId: number): Promise<StatsAggregates> {
  const rows = await db.query<StatsAggregates>(
    `SELECT
       (SELECT COALESCE(json_agg(json_build_object('date', d.day, 'spins', d.spins, 'minutes', d.minutes)
                                 ORDER BY d.day), '[]')
          FROM (SELECT s.listened_at AS day, count(*)::int AS spins, sum(s.minutes_spent)::int AS minutes
                  FROM spins s WHERE s.user_id = $1 GROUP BY s.listened_at) d) AS days,
       c.records, c.never_played,
       (SELECT COALESCE(json_agg(json_build_object('mood', g.mood, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.records DESC, g.plays DESC, g.mood COLLATE "C"), '[]')
          FROM (SELECT m.mood, count(*)::int AS records, sum(r.play_count)::int AS plays
                  FROM records r JOIN moods m ON m.id = r.mood_id
                 WHERE r.user_id = $1 GROUP BY m.mood) g) AS by_mood,
       (SELECT COALESCE(json_agg(json_build_object('decade', g.decade, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.records DESC, g.plays DESC, g.decade NULLS LAST), '[]')
          FROM (SELECT (r.year / 10) * 10 AS decade, count(*)::int AS records, sum(r.play_count)::int AS plays
                  FROM records r WHERE r.user_id = $1 GROUP BY 1) g) AS by_decade,
       (SELECT COALESCE(json_agg(json_build_object('tag', g.tag, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.records DESC, g.tag COLLATE "C"), '[]')
          FROM (SELECT t.tag, count(*)::int AS records, sum(t.play_count)::int AS plays
                  FROM (SELECT DISTINCT r.id, r.play_count, lower(u.tag) AS tag
                          FROM records r CROSS JOIN unnest(r.tags) AS u(tag)
                         WHERE r.user_id = $1) t
                 GROUP BY t.tag
                 ORDER BY records DESC, t.tag COLLATE "C"
                 LIMIT $2) g) AS by_tag,
       (SELECT COALESCE(json_agg(json_build_object('currency', g.currency, 'total', g.total, 'records', g.records)
                                 ORDER BY g.records DESC, g.currency), '[]')
          FROM (SELECT r.price_currency AS currency, count(*)::int AS records,
                       to_char(sum(r.price_cents)::numeric / 100, 'FM9999999999990.00') AS total
                  FROM records r
                 WHERE r.user_id = $1 AND r.price_cents IS NOT NULL
                 GROUP BY r.price_currency) g) AS spend
       FROM (SELECT count(*)::int AS records, (count(*) FILTER (WHERE r.play_count = 0))::int AS never_played
               FROM records r WHERE r.user_id = $1) c`,
    [userId, TOP_TAGS],
  );
  return rows[0]!;
}

/**
 * The user's most played records: only records played at least once, most plays first,
 * then the latest `last_played`, then `id` ascending; at most `TOP_RECORDS`.
 */
export function listTopRecords(db: Queryable, userId: number): Promise<RecordRow[]> {
  return db.query<RecordRow>(
    `${RECORD_SELECT}
      WHERE r.user_id = $1 AND r.play_count > 0
      ORDER BY r.play_count DESC, r.last_played DESC, r.id
      LIMIT $2`,
    [userId, TOP_RECORDS],
  );
}

/** How many records `cost_per_play` lists. */
export const CHEAPEST_PER_PLAY = 10;

/** A priced, played record with its price per play (`per_play`, 2 decimals, rounded half up). */
export type CostPerPlayRow = RecordRow & { per_play: string; currency: string };

/**
 * The priced, played records with the lowest price per play (API.md "Collection details":
 * `cost_per_play`), whatever the currency: price / plays ascending, then `id`; at most
 * `CHEAPEST_PER_PLAY`.
 */
export function listCostPerPlay(db: Queryable, userId: number): Promise<CostPerPlayRow[]> {
  return db.query<CostPerPlayRow>(
    `${RECORD_SELECT.replace(
      'SELECT ',
      `SELECT to_char(round(r.price_cents::numeric / r.play_count) / 100, 'FM9999990.00') AS per_play,
            r.price_currency AS currency, `,
    )}
      WHERE r.user_id = $1 AND r.price_cents IS NOT NULL AND r.play_count > 0
      ORDER BY r.price_cents::numeric / r.play_count, r.id
      LIMIT $2`,
    [userId, CHEAPEST_PER_PLAY],
  );
}
