/**
 * /api/lookup (API.md "Routes", "Adding by barcode"; EXTENSIONS.md §4):
 * - GET /barcode?code=C → 200 `{code, releases: Release[]}`: the pressings MusicBrainz
 *   knows for the barcode C (8, 12 or 13 digits; a 12-digit UPC-A and the 13-digit EAN
 *   with a leading 0 are the same barcode, both are asked for), each with what the caller
 *   already owns. Answers are cached for a day in PostgreSQL; a miss asks MusicBrainz
 *   within the shared one-request-a-second pacing. 503 `unavailable` with `Retry-After`
 *   when MusicBrainz cannot be reached, answers 503 or fails, or no turn comes in time;
 *   429 `rate_limited` with `Retry-After` when the caller's own previous look-up still waits
 *   for its turn (each user holds at most one turn waiting in the shared pace: issue 21).
 * Needs a session (401 otherwise).
 */
import { Router } from 'express';
import { barcodeLookupQuerySchema, type BarcodeLookup } from '@spincrate/contract';
import type { AppContext } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { RateLimitedError, ServiceUnavailableError } from '@/lib/errors.js';
import { parseInput } from '@/lib/validation.js';
import { takeUserLookupSlotWithin } from '@/lib/metadata/pacing.js';
import { MetadataLookupError } from '@/lib/metadata/http.js';
import {
  barcodeCacheKey,
  barcodeForms,
  MusicbrainzUnavailableError,
  searchBarcode,
  type ReleaseFound,
} from '@/lib/metadata/barcode.js';
import { readCachedBarcode, writeCachedBarcode } from '@/lib/metadata/barcodeCache.queries.js';
import { readOwned } from './lookup.queries.js';

/** What the 503 says (the client shows its own text, EXTENSIONS.md §4). */
const UNREACHABLE_MESSAGE = "The barcode service can't be reached right now; try again in a moment";
/** What the 429 says when the caller's previous look-up still waits for its turn. */
const BURST_MESSAGE = 'Your previous barcode look-up is still waiting for its turn; try again shortly';
/** `Retry-After` when MusicBrainz failed, in seconds. */
const RETRY_AFTER_FAILED_S = 10;
/** `Retry-After` when no turn at MusicBrainz came within the budget, in seconds. */
const RETRY_AFTER_BUSY_S = 2;
/** Part of the budget kept for the request itself: a turn is taken only this long before the end. */
const REQUEST_TIME_MS = 1000;

/**
 * The pressings of a barcode: from the cache when fetched within a day, else from
 * MusicBrainz (then cached). A turn at MusicBrainz is reserved only when it starts early
 * enough to be used (an unused reservation would push later requests back), and only
 * after a cache miss, and fairly: a user whose previous turn has not started yet gets none.
 * @throws ServiceUnavailableError (503, Retry-After) when MusicBrainz cannot answer in time
 * @throws RateLimitedError (429, Retry-After: until the user's waiting turn starts) when the
 *   user already has a turn waiting
 */
async function findReleases(ctx: AppContext, userId: number, code: string): Promise<ReleaseFound[]> {
  const key = barcodeCacheKey(code);
  const cached = await readCachedBarcode(ctx.db, key);
  if (cached) return cached;
  const budgetMs = ctx.config.METADATA_TIMEOUT_MS;
  const signal = AbortSignal.timeout(budgetMs);
  const maxWaitMs = budgetMs - Math.min(REQUEST_TIME_MS, budgetMs / 2);
  let releases: ReleaseFound[];
  try {
    const turn = await takeUserLookupSlotWithin(ctx, userId, maxWaitMs, signal);
    if (turn.kind === 'yours') throw new RateLimitedError(turn.retryInMs / 1000, BURST_MESSAGE);
    if (turn.kind === 'busy') throw new ServiceUnavailableError(UNREACHABLE_MESSAGE, RETRY_AFTER_BUSY_S);
    releases = await searchBarcode(
      { apiUrl: ctx.config.MUSICBRAINZ_API_URL, coverartUrl: ctx.config.COVERART_API_URL },
      code,
      signal,
    );
  } catch (err) {
    if (err instanceof ServiceUnavailableError || err instanceof RateLimitedError) throw err;
    if (signal.aborted || err instanceof MetadataLookupError) {
      const reason = signal.aborted ? `no answer within ${budgetMs} ms` : (err as Error).message;
      ctx.logger.warn({ service: 'musicbrainz', reason }, 'barcode look-up failed');
      const retry =
        err instanceof MusicbrainzUnavailableError ? RETRY_AFTER_FAILED_S : RETRY_AFTER_BUSY_S * 2;
      throw new ServiceUnavailableError(UNREACHABLE_MESSAGE, retry);
    }
    throw err;
  }
  await writeCachedBarcode(ctx.db, key, releases);
  return releases;
}

/** Builds the /api/lookup router (mounted at /api/lookup). */
export function createLookupRouter(ctx: AppContext): Router {
  const router = Router();

  // GET /api/lookup/barcode?code=C → 200 {code, releases}; releases empty when nothing is found.
  router.get('/barcode', requireAuth, async (req, res) => {
    const { code } = parseInput(barcodeLookupQuerySchema, req.query);
    const userId = currentUser(req).id;
    const releases = await findReleases(ctx, userId, code);
    const owned = await readOwned(ctx.db, userId, barcodeForms(code), releases);
    const body: BarcodeLookup = {
      code,
      releases: releases.map((release, i) => ({
        mb_release_id: release.mb_release_id,
        mb_release_group_id: release.mb_release_group_id,
        title: release.title,
        artist: release.artist,
        year: release.year,
        label: release.label,
        catalog_number: release.catalog_number,
        country: release.country,
        format: release.format,
        coverart: release.coverart,
        owned: owned[i]!,
      })),
    };
    res.json(body);
  });

  return router;
}
