/**
 * GET /api/stats?today=D (API.md "Listening statistics"): 200 Stats of the caller's own
 * crate and spins; `today` defaults to the server's UTC date. 400 for a `today` that is
 * not a calendar date `YYYY-MM-DD`, 401 without a session.
 *
 * Tie orders API.md leaves open: `by_mood` records desc, plays desc, mood name;
 * `by_decade` records desc, plays desc, decade ascending with null last; `by_tag` records
 * desc, then tag name (lowercased, code-point order), and its `plays` sum the plays of
 * those records; `top_records` ties by `id` ascending after `last_played` desc; `spend` most
 * priced records first, then currency code; `cost_per_play` ties by `id`.
 */
import { Router } from 'express';
import type { AppContext } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { utcToday } from '@/lib/dates.js';
import { fallbackCoverUrl, withCoverArt } from '@/lib/records.js';
import { parseInput } from '@/lib/validation.js';
import { heavyRequestLimit } from '@/lib/userLimit.js';
import { summarizeSpinDays } from './stats.compute.js';
import { listCostPerPlay, listTopRecords, readStatsAggregates } from './stats.queries.js';
import { statsQuerySchema } from '@spincrate/contract';

/** Builds the stats router (mounted at /api/stats). */
export function createStatsRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/', requireAuth, heavyRequestLimit(ctx), async (req, res) => {
    const { today = utcToday() } = parseInput(statsQuerySchema, req.query);
    const userId = currentUser(req).id;
    // One snapshot for both reads, so the totals and the top records agree.
    const [aggregates, top, cheapest] = await ctx.db.withTransaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const found = await readStatsAggregates(tx, userId);
      return [found, await listTopRecords(tx, userId), await listCostPerPlay(tx, userId)] as const;
    });
    const fallback = fallbackCoverUrl(req);
    const spinDays = summarizeSpinDays(aggregates.days, today);
    res.json({
      today,
      records: aggregates.records,
      spins: spinDays.spins,
      minutes: spinDays.minutes,
      first_spin: spinDays.first_spin,
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

  return router;
}
