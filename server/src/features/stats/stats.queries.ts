/**
 * SQL of the listening statistics (API.md "Listening statistics"). Play counts come
 * from the records' `play_count` and `last_played` (`record_plays`, kept by the spin writes); only the
 * spins themselves are grouped, by day.
 */
import type { Queryable } from '@/db/database.js';
import {
  RECORD_COLUMNS,
  RECORD_PLAYS_JOIN,
  RECORD_SELECT,
  recordJsonObject,
  type RecordRow,
} from '@/features/records/index.js';
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
          FROM (SELECT m.mood, count(*)::int AS records, sum(p.play_count)::int AS plays
                  FROM records r JOIN moods m ON m.id = r.mood_id ${RECORD_PLAYS_JOIN}
                 WHERE r.user_id = $1 GROUP BY m.mood) g) AS by_mood,
       (SELECT COALESCE(json_agg(json_build_object('decade', g.decade, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.records DESC, g.plays DESC, g.decade NULLS LAST), '[]')
          FROM (SELECT (r.year / 10) * 10 AS decade, count(*)::int AS records, sum(p.play_count)::int AS plays
                  FROM records r ${RECORD_PLAYS_JOIN} WHERE r.user_id = $1 GROUP BY 1) g) AS by_decade,
       (SELECT COALESCE(json_agg(json_build_object('tag', g.tag, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.records DESC, g.tag COLLATE "C"), '[]')
          FROM (SELECT t.tag, count(*)::int AS records, sum(t.play_count)::int AS plays
                  FROM (SELECT DISTINCT r.id, p.play_count, lower(u.tag) AS tag
                          FROM records r ${RECORD_PLAYS_JOIN} CROSS JOIN unnest(r.tags) AS u(tag)
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
       FROM (SELECT count(*)::int AS records, (count(*) FILTER (WHERE p.play_count = 0))::int AS never_played
               FROM record_plays p WHERE p.user_id = $1) c`,
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
      WHERE r.user_id = $1 AND p.play_count > 0
      ORDER BY p.play_count DESC, p.last_played DESC, r.id
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
      JOIN moods m ON m.id = r.mood_id
      ${RECORD_PLAYS_JOIN}`;
  const yearRecord = `json_build_object('record', ${recordJsonObject('x', '$6')}, 'plays', x.year_plays)`;
  // Which grouping set a row of "groups" belongs to: GROUPING(mood_id, decade, artist, tags)
  // has a bit set for each column the row is not grouped by.
  const BY_MOOD = 0b0111;
  const BY_DECADE = 0b1011;
  const BY_ARTIST = 0b1101;
  const BY_TAGS = 0b1110;
  const ALL = 0b1111;
  const rows = await db.query<YearAggregates>(
    `WITH
     -- One pass over the user's plays (a record in a spin) up to the end of the year: a row per
     -- record (record_id not null; plays 0 when it was only played before the year) with its
     -- plays in the year and its latest play before it, and a row per day (day not null).
     -- "edges_only": every play of the year on 1 January or 31 December: two plays of one year
     -- 365 days apart can only be on those two days (of a leap year), so last - first >= 365
     -- with no play between is a rescue inside the year.
     played AS MATERIALIZED (
       SELECT sr.record_id, s.listened_at AS day,
              (count(*) FILTER (WHERE s.listened_at >= $2::date))::int AS plays,
              min(s.listened_at) FILTER (WHERE s.listened_at >= $2::date) AS first_day,
              max(s.listened_at) AS last_day,
              max(s.listened_at) FILTER (WHERE s.listened_at < $2::date) AS before_day,
              bool_and(s.listened_at = $2::date OR s.listened_at = $3::date - 1)
                FILTER (WHERE s.listened_at >= $2::date) AS edges_only
         FROM spins s JOIN spin_records sr ON sr.spin_id = s.id
        WHERE s.user_id = $1 AND s.listened_at < $3::date
        GROUP BY GROUPING SETS ((sr.record_id), (s.listened_at))
     ),
     -- The records played in the year, each read once, grouped in one pass per mood, decade,
     -- artist (as spelled) and tag list (as stored), and all together (the counts); the
     -- artists and tags are folded to lower case afterwards, once per spelling or list.
     groups AS MATERIALIZED (
       SELECT GROUPING(r.mood_id, (r.year / 10) * 10, r.artist, r.tags) AS kind,
              r.mood_id, (r.year / 10) * 10 AS decade, r.artist, r.tags,
              count(*)::int AS records, sum(p.plays)::int AS plays,
              (count(*) FILTER (WHERE p.before_day IS NULL))::int AS first_plays,
              (count(*) FILTER (
                 WHERE p.first_day - COALESCE(p.before_day, (r.date_added AT TIME ZONE 'UTC')::date) >= 365
                    OR (p.last_day - p.first_day >= 365 AND p.edges_only)))::int AS rescued
         FROM played p
         JOIN records r ON r.id = p.record_id AND r.user_id = $1
        WHERE p.record_id IS NOT NULL AND p.plays > 0
        GROUP BY GROUPING SETS ((r.mood_id), ((r.year / 10) * 10), (r.artist), (r.tags), ())
     ),
     spin_days AS MATERIALIZED (
       SELECT s.listened_at AS day, count(*)::int AS spins, sum(s.minutes_spent)::int AS minutes
         FROM spins s
        WHERE s.user_id = $1 AND s.listened_at >= $2::date AND s.listened_at < $3::date
        GROUP BY s.listened_at
     ),
     play_days AS MATERIALIZED (
       SELECT p.day, p.plays FROM played p WHERE p.day >= $2::date
     ),
     months AS MATERIALIZED (
       SELECT extract(month FROM d.day)::int AS month, sum(d.plays)::int AS plays FROM play_days d GROUP BY 1
     )
     SELECT
       (SELECT COALESCE(sum(spins), 0)::int FROM spin_days) AS spins,
       (SELECT COALESCE(sum(plays), 0)::int FROM play_days) AS plays,
       (SELECT COALESCE(sum(minutes), 0)::int FROM spin_days) AS minutes,
       COALESCE(c.records, 0) AS records_played,
       (SELECT count(*)::int FROM records r
         WHERE r.user_id = $1 AND r.date_added >= $4::timestamptz AND r.date_added < $5::timestamptz) AS records_added,
       COALESCE(c.first_plays, 0) AS first_plays,
       COALESCE(c.rescued, 0) AS rescued,
       (SELECT COALESCE(json_agg(${yearRecord} ORDER BY x.year_plays DESC, x.last_day DESC, x.id), '[]')
          FROM (${recordRows(
            `SELECT p.record_id, p.plays, p.last_day FROM played p WHERE p.record_id IS NOT NULL AND p.plays > 0
              ORDER BY p.plays DESC, p.last_day DESC, p.record_id LIMIT $7`,
          )}) x) AS top_records,
       (SELECT COALESCE(json_agg(json_build_object('artist', a.artist, 'records', a.records, 'plays', a.plays)
                                 ORDER BY a.plays DESC, a.records DESC, a.artist COLLATE "C"), '[]')
          FROM (SELECT * FROM (SELECT min(g.artist COLLATE "C") AS artist, sum(g.records)::int AS records,
                                      sum(g.plays)::int AS plays
                                 FROM groups g WHERE g.kind = ${BY_ARTIST} GROUP BY lower(g.artist)) g
                 ORDER BY g.plays DESC, g.records DESC, g.artist COLLATE "C"
                 LIMIT $7) a) AS top_artists,
       (SELECT COALESCE(json_agg(json_build_object('mood', m.mood, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.plays DESC, g.records DESC, m.mood COLLATE "C"), '[]')
          FROM groups g JOIN moods m ON m.id = g.mood_id WHERE g.kind = ${BY_MOOD}) AS by_mood,
       (SELECT COALESCE(json_agg(json_build_object('tag', g.tag, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.plays DESC, g.records DESC, g.tag COLLATE "C"), '[]')
          FROM (SELECT u.tag, sum(l.records)::int AS records, sum(l.plays)::int AS plays
                  FROM (SELECT lower(g.tags::text)::text[] AS ltags, g.records, g.plays
                          FROM groups g WHERE g.kind = ${BY_TAGS}) l
                 CROSS JOIN LATERAL unnest(l.ltags) WITH ORDINALITY AS u(tag, n)
                 -- A record counts once per tag ignoring case: only the tag's first position counts.
                 WHERE array_position(l.ltags, u.tag) = u.n
                 GROUP BY u.tag
                 ORDER BY plays DESC, records DESC, u.tag COLLATE "C"
                 LIMIT $8) g) AS by_tag,
       (SELECT COALESCE(json_agg(json_build_object('decade', g.decade, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.plays DESC, g.records DESC, g.decade NULLS LAST), '[]')
          FROM groups g WHERE g.kind = ${BY_DECADE}) AS by_decade,
       (SELECT COALESCE(max(run.days), 0)::int
          FROM (SELECT count(*) AS days
                  FROM (SELECT d.day - (row_number() OVER (ORDER BY d.day))::int AS start FROM spin_days d) runs
                 GROUP BY runs.start) run) AS longest_streak,
       (SELECT month FROM months ORDER BY plays DESC, month LIMIT 1) AS busiest_month,
       (SELECT extract(isodow FROM d.day)::int FROM play_days d
         GROUP BY 1 ORDER BY sum(d.plays) DESC, 1 LIMIT 1) AS busiest_weekday,
       (SELECT json_agg(COALESCE(mo.plays, 0) ORDER BY g.month)
          FROM generate_series(1, 12) AS g(month) LEFT JOIN months mo ON mo.month = g.month) AS plays_by_month,
       (SELECT ${yearRecord}
          FROM (${recordRows(
            `SELECT p.record_id, p.plays, p.last_day
               FROM played p JOIN records a ON a.id = p.record_id
              WHERE p.plays > 0 AND a.user_id = $1
                AND a.date_added >= $4::timestamptz AND a.date_added < $5::timestamptz
              ORDER BY p.plays DESC, p.last_day DESC, p.record_id LIMIT 1`,
          )}) x) AS favourite_new_record,
       (SELECT COALESCE(json_agg(json_build_object('currency', g.currency, 'total', g.total, 'records', g.records)
                                 ORDER BY g.records DESC, g.currency), '[]')
          FROM (SELECT r.price_currency AS currency, count(*)::int AS records,
                       to_char(sum(r.price_cents)::numeric / 100, 'FM9999999999990.00') AS total
                  FROM records r
                 WHERE r.user_id = $1 AND r.price_cents IS NOT NULL
                   AND r.purchased_on >= $2::date AND r.purchased_on < $3::date
                 GROUP BY r.price_currency) g) AS spend
       FROM (SELECT 1) one LEFT JOIN groups c ON c.kind = ${ALL}`,
    [
      userId,
      `${year}-01-01`,
      `${year + 1}-01-01`,
      `${year}-01-01T00:00:00Z`,
      `${year + 1}-01-01T00:00:00Z`,
      fallbackCover,
      TOP_RECORDS,
      TOP_TAGS,
    ],
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
      `SELECT to_char(round(r.price_cents::numeric / p.play_count) / 100, 'FM9999990.00') AS per_play,
            r.price_currency AS currency, `,
    )}
      WHERE r.user_id = $1 AND r.price_cents IS NOT NULL AND p.play_count > 0
      ORDER BY r.price_cents::numeric / p.play_count, r.id
      LIMIT $2`,
    [userId, CHEAPEST_PER_PLAY],
  );
}
