/**
 * GET /api/stats?today=D (API.md "Listening statistics"): 200 Stats of the caller's own
 * crate and spins; `today` defaults to the server's UTC date. 400 for a `today` that is
 * not a calendar date `YYYY-MM-DD`, 401 without a session.
 *
 * Tie orders API.md leaves open: `by_mood` records desc, plays desc, mood name;
 * `by_decade` records desc, plays desc, decade ascending with null last; `by_tag` records
 * desc, then tag name (lowercased, code-point order), and its `plays` sum the plays of
 * those records; `top_records` ties by `id` ascending after `last_played` desc. `spin_years`
 * (an addition to API.md's Stats) lists the years with spins, for the links to each year in review.
 *
 * GET /api/stats/year/{yyyy}?today=D (API.md "Year in review", EXTENSIONS.md §10): 200
 * YearReview of the caller's crate and spins in that calendar year, in one SQL statement
 * (after bringing the year summaries up to date when a change is not in them yet).
 * `complete` is true from 31 December of the year on (EXTENSIONS.md §10: "so far" before
 * 31 December). `spend` as in Stats, for the records with `purchased_on` in the year.
 * 400 (`fields.year`) for a year that is not four digits from 1900 or is after `today`'s
 * year, 400 (`fields.today`) as in /api/stats, 401 without a session.
 *
 * `spend` (Stats) most priced records first, then currency code; `cost_per_play` ties by `id`.
 */
import { Router, type RequestHandler } from 'express';
import type { AppContext } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import type { ListCache } from '@/lib/conditionalGet.js';
import { utcToday } from '@/lib/dates.js';
import { fallbackCoverUrl, withCoverArt } from '@/features/records/index.js';
import { parseInput } from '@/lib/validation.js';
import { ValidationError } from '@/lib/errors.js';
import { summarizeSpinDays } from './stats.compute.js';
import {
  listCostPerPlay,
  listTopRecords,
  readStatsAggregates,
  readYearAggregates,
  refreshYearSummary,
} from './stats.queries.js';
import {
  REVIEW_YEAR_FUTURE_ERROR,
  reviewYearParamsSchema,
  statsQuerySchema,
  type YearReview,
} from '@spincrate/contract';

/**
 * Builds the stats router (mounted at /api/stats). Both answers are conditional GETs of the
 * caller's own version (README "How a list request is answered"): any write to the crate or
 * the log changes the version, so a repeat of an unchanged question is a 304 or a kept body
 * instead of the aggregates again; without `today` the server's date is part of the tag.
 */
export function createStatsRouter(ctx: AppContext, heavy: RequestHandler, lists: ListCache): Router {
  const router = Router();
  const ownStats = lists.conditionalGet('own', (req) => (req.query.today === undefined ? utcToday() : ''));

  router.get('/', requireAuth, heavy, ownStats, async (req, res) => {
    const { today = utcToday() } = parseInput(statsQuerySchema, req.query);
    const userId = currentUser(req).id;
    // One snapshot for both reads, so the totals and the top records agree.
    const [aggregates, top, cheapest] = await ctx.db.withTransaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const found = await readStatsAggregates(tx, userId);
      return [found, await listTopRecords(tx, userId), await listCostPerPlay(tx, userId)] as const;
    });
    const fallback = fallbackCoverUrl(ctx.config);
    const spinDays = summarizeSpinDays(aggregates.days, today);
    res.json({
      today,
      records: aggregates.records,
      spins: spinDays.spins,
      minutes: spinDays.minutes,
      first_spin: spinDays.first_spin,
      spin_years: spinDays.spin_years,
      current_streak: spinDays.current_streak,
      longest_streak: spinDays.longest_streak,
      days: spinDays.days,
      top_records: withCoverArt(top, fallback),
      never_played: aggregates.never_played,
      by_mood: aggregates.by_mood,
      by_tag: aggregates.by_tag,
      by_decade: aggregates.by_decade,
      spend: aggregates.spend,
      cost_per_play: withCoverArt(cheapest, fallback).map(({ per_play, currency, ...record }) => ({
        record,
        per_play,
        currency,
      })),
    });
  });

  router.get('/year/:year', requireAuth, heavy, ownStats, async (req, res) => {
    const { year } = parseInput(reviewYearParamsSchema, req.params);
    const { today = utcToday() } = parseInput(statsQuerySchema, req.query);
    if (year > Number(today.slice(0, 4))) {
      throw new ValidationError(`year ${REVIEW_YEAR_FUTURE_ERROR}`, { year: REVIEW_YEAR_FUTURE_ERROR });
    }
    const userId = currentUser(req).id;
    const fallback = fallbackCoverUrl(ctx.config);
    // One statement when the summaries are up to date (every answer after the first since a
    // change); else they are brought up to date and the year read again. A change committed
    // in between may need another turn; the third answers as the summaries stand.
    let aggregates = await readYearAggregates(ctx.db, userId, year, fallback);
    for (let turn = 1; aggregates === null; turn += 1) {
      await refreshYearSummary(ctx.db, userId);
      aggregates = await readYearAggregates(ctx.db, userId, year, fallback, turn >= 3);
    }
    const review: YearReview = {
      year,
      complete: today >= `${year}-12-31`,
      ...aggregates,
    };
    res.json(review);
  });

  return router;
}
