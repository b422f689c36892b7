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
const TOP_TAGS = 20;
/** How many records `top_records` lists. */
const TOP_RECORDS = 10;

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
 *
 * Read from summaries (migration 0022), never from the spins themselves: the year's days
 * (`spin_days`, at most 366 rows, kept by the spin writes), its played records
 * (`record_years`, one narrow row per record played in the year: the top records) and their
 * counts per group (`year_groups`, a few hundred rows). The last two are brought up to date
 * by `refreshYearSummary`: when they are behind the snapshot's changes (a record, its plays or
 * a deletion with a newer sync revision), this answers `null` without computing the year (the
 * statement's first check: the first view after a write costs a refresh and one read, not two
 * reads), and the caller refreshes and asks again.
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
 * @param evenIfBehind - answer from the summaries as they stand instead of `null`
 * @returns null when the summaries are behind (see `refreshYearSummary`) and not `evenIfBehind`
 */
export async function readYearAggregates(
  db: Queryable,
  userId: number,
  year: number,
  fallbackCover: string,
  evenIfBehind = false,
): Promise<YearAggregates | null> {
  // The records of `record_years` rows (alias y, in the order of its index), as Records.
  const recordRows = (filter: string, limit: string) => `
    SELECT ${RECORD_COLUMNS}, t.plays AS year_plays, t.last_day
      FROM (SELECT y.record_id, y.plays, y.last_day FROM record_years y
             WHERE y.user_id = $1 AND y.year = $9 ${filter}
             ORDER BY y.plays DESC, y.last_day DESC, y.record_id LIMIT ${limit}) t
      JOIN records r ON r.id = t.record_id
      JOIN moods m ON m.id = r.mood_id
      ${RECORD_PLAYS_JOIN}`;
  const yearRecord = `json_build_object('record', ${recordJsonObject('x', '$6')}, 'plays', x.year_plays)`;
  const rows = await db.query<YearAggregates>(
    `WITH
     -- The year's days with spins.
     days AS MATERIALIZED (
       SELECT d.day, d.spins, d.minutes, d.plays
         FROM spin_days d
        WHERE d.user_id = $1 AND d.day >= $2::date AND d.day < $3::date AND d.spins > 0
     ),
     -- The records played in the year, counted per group (kind 0 all, 1 mood, 2 decade,
     -- 3 artist as spelled, 4 tag); the artists are folded to lower case here.
     groups AS MATERIALIZED (
       SELECT g.kind, g.key, g.records, g.plays, g.first_plays, g.rescued
         FROM year_groups g
        WHERE g.user_id = $1 AND g.year = $9 AND g.records > 0
     ),
     months AS MATERIALIZED (
       SELECT extract(month FROM d.day)::int AS month, sum(d.plays)::int AS plays
         FROM days d WHERE d.plays > 0 GROUP BY 1
     )
     SELECT
       (SELECT COALESCE(sum(spins), 0)::int FROM days) AS spins,
       (SELECT COALESCE(sum(plays), 0)::int FROM days) AS plays,
       (SELECT COALESCE(sum(minutes), 0)::int FROM days) AS minutes,
       COALESCE(c.records, 0) AS records_played,
       (SELECT count(*)::int FROM records r
         WHERE r.user_id = $1 AND r.date_added >= $4::timestamptz AND r.date_added < $5::timestamptz) AS records_added,
       COALESCE(c.first_plays, 0) AS first_plays,
       COALESCE(c.rescued, 0) AS rescued,
       (SELECT COALESCE(json_agg(${yearRecord} ORDER BY x.year_plays DESC, x.last_day DESC, x.id), '[]')
          FROM (${recordRows('', '$7')}) x) AS top_records,
       (SELECT COALESCE(json_agg(json_build_object('artist', a.artist, 'records', a.records, 'plays', a.plays)
                                 ORDER BY a.plays DESC, a.records DESC, a.artist COLLATE "C"), '[]')
          FROM (SELECT * FROM (SELECT min(g.key COLLATE "C") AS artist, sum(g.records)::int AS records,
                                      sum(g.plays)::int AS plays
                                 FROM groups g WHERE g.kind = 3 GROUP BY lower(g.key)) g
                 ORDER BY g.plays DESC, g.records DESC, g.artist COLLATE "C"
                 LIMIT $7) a) AS top_artists,
       (SELECT COALESCE(json_agg(json_build_object('mood', m.mood, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.plays DESC, g.records DESC, m.mood COLLATE "C"), '[]')
          FROM groups g JOIN moods m ON m.id = g.key::int WHERE g.kind = 1) AS by_mood,
       (SELECT COALESCE(json_agg(json_build_object('tag', g.tag, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.plays DESC, g.records DESC, g.tag COLLATE "C"), '[]')
          FROM (SELECT g.key AS tag, g.records, g.plays FROM groups g WHERE g.kind = 4
                 ORDER BY g.plays DESC, g.records DESC, g.key COLLATE "C"
                 LIMIT $8) g) AS by_tag,
       (SELECT COALESCE(json_agg(json_build_object('decade', g.decade, 'records', g.records, 'plays', g.plays)
                                 ORDER BY g.plays DESC, g.records DESC, g.decade NULLS LAST), '[]')
          FROM (SELECT NULLIF(g.key, '')::int AS decade, g.records, g.plays FROM groups g WHERE g.kind = 2) g) AS by_decade,
       (SELECT COALESCE(max(run.days), 0)::int
          FROM (SELECT count(*) AS days
                  FROM (SELECT d.day - (row_number() OVER (ORDER BY d.day))::int AS start FROM days d) runs
                 GROUP BY runs.start) run) AS longest_streak,
       (SELECT month FROM months ORDER BY plays DESC, month LIMIT 1) AS busiest_month,
       (SELECT extract(isodow FROM d.day)::int FROM days d WHERE d.plays > 0
         GROUP BY 1 ORDER BY sum(d.plays) DESC, 1 LIMIT 1) AS busiest_weekday,
       (SELECT json_agg(COALESCE(mo.plays, 0) ORDER BY g.month)
          FROM generate_series(1, 12) AS g(month) LEFT JOIN months mo ON mo.month = g.month) AS plays_by_month,
       (SELECT ${yearRecord} FROM (${recordRows('AND y.added', '1')}) x) AS favourite_new_record,
       (SELECT COALESCE(json_agg(json_build_object('currency', g.currency, 'total', g.total, 'records', g.records)
                                 ORDER BY g.records DESC, g.currency), '[]')
          FROM (SELECT r.price_currency AS currency, count(*)::int AS records,
                       to_char(sum(r.price_cents)::numeric / 100, 'FM9999999999990.00') AS total
                  FROM records r
                 WHERE r.user_id = $1 AND r.price_cents IS NOT NULL
                   AND r.purchased_on >= $2::date AND r.purchased_on < $3::date
                 GROUP BY r.price_currency) g) AS spend
       FROM (SELECT 1) one LEFT JOIN groups c ON c.kind = 0
      -- Behind: no row, and none of the above is computed (a one-time filter, checked first).
      WHERE $10::boolean
         OR COALESCE((SELECT s.rev FROM year_summary_revs s WHERE s.user_id = $1), 0)
              >= COALESCE((SELECT v.sync_rev FROM user_versions v WHERE v.user_id = $1), 0)`,
    [
      userId,
      `${year}-01-01`,
      `${year + 1}-01-01`,
      `${year}-01-01T00:00:00Z`,
      `${year + 1}-01-01T00:00:00Z`,
      fallbackCover,
      TOP_RECORDS,
      TOP_TAGS,
      year,
      evenIfBehind,
    ],
  );
  return rows[0] ?? null;
}

/**
 * How many changes (of records, their plays, deletions) one `refreshYearSummary` statement
 * takes at most: about 0.3 s on a 2-core machine under a load of 15, far within the statement
 * time limit (2,000 at a time took over 5 s there once). The first answer after 20,000
 * played records were loaded behind the app's back takes about 80 of these.
 */
const YEAR_SUMMARY_BATCH = 500;

/**
 * Brings the user's year summaries (`record_years`, `year_groups`; migration 0022) up to
 * date: recomputes the records changed since they were last brought up to date (their
 * plays, edits, deletions), `YEAR_SUMMARY_BATCH` changes at a time, one statement each (each
 * well within the statement time limit, also after a large import; the work done is kept
 * even when a later one fails). A second caller for the same user waits for the first, then
 * finds nothing left.
 */
export async function refreshYearSummary(db: Queryable, userId: number): Promise<void> {
  for (;;) {
    const rows = await db.query<{ more: boolean }>('SELECT refresh_year_summary($1, $2) AS more', [
      userId,
      YEAR_SUMMARY_BATCH,
    ]);
    if (!rows[0]!.more) return;
  }
}

/** How many records `cost_per_play` lists. */
const CHEAPEST_PER_PLAY = 10;

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
