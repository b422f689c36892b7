/**
 * SQL of the listening statistics (API.md "Listening statistics"). Play counts come
 * from the records' `play_count` and `last_played` (kept by the spin writes); only the
 * spins themselves are grouped, by day.
 */
import type { Queryable } from '@/db/database.js';
import { RECORD_COLUMNS, RECORD_SELECT, recordJsonObject, type RecordRow } from '@/lib/records.js';
import type { YearReview } from '@spincrate/contract';

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

/** The parts of a year in review PostgreSQL computes (everything but `year` and `complete`). */
export type YearAggregates = Omit<YearReview, 'year' | 'complete'>;

/**
 * The year in review of one user (API.md "Year in review"), in one statement (one snapshot,
 * one round trip): every number and list of `YearAggregates`, the records as JSON built by
 * PostgreSQL (`recordJsonObject`). A play is one record in one spin dated in the calendar
 * year (spins dated after `today` included, as in Stats' totals); dates are the spins'
 * `listened_at` and the UTC date of `date_added`.
 * - `first_plays`: records played in the year with no spin before 1 January of it;
 * - `rescued`: records with a play in the year 365 or more days after their previous play
 *   (in the year, or the latest before it), or, never played before, after their UTC `date_added`;
 * - `top_records` / `favourite_new_record`: most plays in the year, then the latest play in
 *   it, then id; `top_artists` grouped ignoring case (named by the spelling first in
 *   code-point order, e.g. "Miles Davis" before "miles davis"): most plays, then most records, then name (code-point order);
 * - `by_mood`, `by_decade`, `by_tag` (`TOP_TAGS`, lowercased): the records played in the
 *   year and their plays in it, most plays first, then most records, then name or decade
 *   (null last);
 * - `longest_streak`: runs of consecutive days with spins, inside the year;
 * - `busiest_month` (1–12), `busiest_weekday` (ISO 1 Monday … 7 Sunday): most plays, ties the
 *   earliest; null without plays;
 * - `spend`: as Stats' `spend`, for the priced records with `purchased_on` in the year.
 * @param year - the calendar year, 1900–9999
 * @param fallbackCover - `fallbackCoverUrl(ctx.config)`, for records without a cover
 */
export async function readYearAggregates(
  db: Queryable,
  userId: number,
  year: number,
  fallbackCover: string,
): Promise<YearAggregates> {
  const recordRows = (source: string) => `
    SELECT ${RECORD_COLUMNS}, t.plays AS year_plays, t.last_day
      FROM (${source}) t
      JOIN records r ON r.id = t.record_id
      JOIN moods m ON m.id = r.mood_id`;
  const yearRecord = `json_build_object('record', ${recordJsonObject('x', '$3')}, 'plays', x.year_plays)`;
  const rows = await db.query<YearAggregates>(
    `WITH bounds AS MATERIALIZED (
       SELECT make_date($2::int, 1, 1) AS y0, make_date($2::int + 1, 1, 1) AS y1,
              make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC') AS t0,
              make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, 'UTC') AS t1
     ),
     year_spins AS MATERIALIZED (
       SELECT s.id, s.listened_at AS day, s.minutes_spent
         FROM spins s, bounds b
        WHERE s.user_id = $1 AND s.listened_at >= b.y0 AND s.listened_at < b.y1
     ),
     year_plays AS MATERIALIZED (
       SELECT sr.record_id, ys.day FROM year_spins ys JOIN spin_records sr ON sr.spin_id = ys.id
     ),
     -- One row per record played in the year. "middle" counts its plays on neither 1 January
     -- nor 31 December: two plays of one year 365 days apart can only be on those two days
     -- (of a leap year), so max - min >= 365 with no play between is a rescue inside the year.
     played AS MATERIALIZED (
       SELECT yp.record_id, count(*)::int AS plays, min(yp.day) AS first_day, max(yp.day) AS last_day,
              count(*) FILTER (WHERE yp.day <> b.y0 AND yp.day <> b.y1 - 1) AS middle
         FROM year_plays yp, bounds b GROUP BY yp.record_id
     ),
     -- The latest play before the year of each record (from the user's earlier spins).
     before AS MATERIALIZED (
       SELECT sr.record_id, max(s.listened_at) AS day
         FROM spins s JOIN spin_records sr ON sr.spin_id = s.id, bounds b
        WHERE s.user_id = $1 AND s.listened_at < b.y0
        GROUP BY sr.record_id
     ),
     info AS MATERIALIZED (
       SELECT p.record_id, p.plays, p.last_day, r.artist, r.mood_id, r.year, lower(r.tags::text)::text[] AS ltags,
              (r.date_added >= b.t0 AND r.date_added < b.t1) AS added_in_year,
              bf.day IS NULL AS first_play,
              (p.first_day - COALESCE(bf.day, (r.date_added AT TIME ZONE 'UTC')::date) >= 365
               OR (p.last_day - p.first_day >= 365 AND p.middle = 0)) AS rescued
         FROM played p
         JOIN records r ON r.id = p.record_id AND r.user_id = $1
         LEFT JOIN before bf ON bf.record_id = p.record_id
         CROSS JOIN bounds b
     ),
     play_days AS MATERIALIZED (
       SELECT yp.day, count(*)::int AS plays FROM year_plays yp GROUP BY yp.day
     ),
     months AS MATERIALIZED (
       SELECT extract(month FROM d.day)::int AS month, sum(d.plays)::int AS plays FROM play_days d GROUP BY 1
     )
     SELECT
       (SELECT count(*)::int FROM year_spins) AS spins,
       (SELECT COALESCE(sum(plays), 0)::int FROM play_days) AS plays,
       (SELECT COALESCE(sum(minutes_spent), 0)::int FROM year_spins) AS minutes,
       (SELECT count(*)::int FROM info) AS records_played,
       (SELECT count(*)::int FROM records r, bounds b
         WHERE r.user_id = $1 AND r.date_added >= b.t0 AND r.date_added < b.t1) AS records_added,
       (SELECT count(*)::int FROM info WHERE first_play) AS first_plays,
       (SELECT count(*)::int FROM info WHERE rescued) AS rescued,
       (SELECT COALESCE(json_agg(${yearRecord} ORDER BY x.year_plays DESC, x.last_day DESC, x.id), '[]')
          FROM (${recordRows('SELECT * FROM info ORDER BY plays DESC, last_day DESC, record_id LIMIT $4')}) x) AS top_records,
       (SELECT COALESCE(json_agg(json_build_object('artist', a.artist, 'records', a.records, 'plays', a.plays)
                                 ORDER BY a.plays DESC, a.records DESC, a.artist COLLATE "C"), '[]')
          FROM (SELECT * FROM (SELECT min(i.artist COLLATE "C") AS artist, count(*)::int AS records,
                                      sum(i.plays)::int AS plays
                                 FROM info i GROUP BY lower(i.artist)) g
                 ORDER BY g.plays DESC, g.records DESC, g.artist COLLATE "C"
                 LIMIT $4) a) AS top_artists,
       (SELECT COALESCE(json_agg(json_build_object('mood', g.mood, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.plays DESC, g.records DESC, g.mood COLLATE "C"), '[]')
          FROM (SELECT m.mood, count(*)::int AS records, sum(i.plays)::int AS plays
                  FROM info i JOIN moods m ON m.id = i.mood_id GROUP BY m.mood) g) AS by_mood,
       (SELECT COALESCE(json_agg(json_build_object('tag', g.tag, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.plays DESC, g.records DESC, g.tag COLLATE "C"), '[]')
          FROM (SELECT u.tag, count(*)::int AS records, sum(i.plays)::int AS plays
                  FROM info i CROSS JOIN LATERAL unnest(i.ltags) WITH ORDINALITY AS u(tag, n)
                 -- A record counts once per tag ignoring case: only the tag's first position counts.
                 WHERE array_position(i.ltags, u.tag) = u.n
                 GROUP BY u.tag
                 ORDER BY plays DESC, records DESC, u.tag COLLATE "C"
                 LIMIT $5) g) AS by_tag,
       (SELECT COALESCE(json_agg(json_build_object('decade', g.decade, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.plays DESC, g.records DESC, g.decade NULLS LAST), '[]')
          FROM (SELECT (i.year / 10) * 10 AS decade, count(*)::int AS records, sum(i.plays)::int AS plays
                  FROM info i GROUP BY 1) g) AS by_decade,
       (SELECT COALESCE(max(run.days), 0)::int
          FROM (SELECT count(*) AS days
                  FROM (SELECT d.day - (row_number() OVER (ORDER BY d.day))::int AS start
                          FROM (SELECT DISTINCT day FROM year_spins) d) runs
                 GROUP BY runs.start) run) AS longest_streak,
       (SELECT month FROM months ORDER BY plays DESC, month LIMIT 1) AS busiest_month,
       (SELECT extract(isodow FROM d.day)::int FROM play_days d
         GROUP BY 1 ORDER BY sum(d.plays) DESC, 1 LIMIT 1) AS busiest_weekday,
       (SELECT json_agg(COALESCE(mo.plays, 0) ORDER BY g.month)
          FROM generate_series(1, 12) AS g(month) LEFT JOIN months mo ON mo.month = g.month) AS plays_by_month,
       (SELECT ${yearRecord}
          FROM (${recordRows(
            'SELECT * FROM info WHERE added_in_year ORDER BY plays DESC, last_day DESC, record_id LIMIT 1',
          )}) x) AS favourite_new_record,
       (SELECT COALESCE(json_agg(json_build_object('currency', g.currency, 'total', g.total, 'records', g.records)
                                 ORDER BY g.records DESC, g.currency), '[]')
          FROM (SELECT r.price_currency AS currency, count(*)::int AS records,
                       to_char(sum(r.price_cents)::numeric / 100, 'FM9999999999990.00') AS total
                  FROM records r, bounds b
                 WHERE r.user_id = $1 AND r.price_cents IS NOT NULL
                   AND r.purchased_on >= b.y0 AND r.purchased_on < b.y1
                 GROUP BY r.price_currency) g) AS spend`,
    [userId, year, fallbackCover, TOP_RECORDS, TOP_TAGS],
  );
  return rows[0]!;
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
