/**
 * Pacing of the metadata services across every server process (API.md "Import…":
 * MusicBrainz allows one request a second): each look-up, interactive or queued,
 * first claims a slot in PostgreSQL and waits for it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '@/lib/context.js';
import { claimLookupSlot, claimUserLookupSlot } from './pacing.queries.js';

/** The service the configuration uses: Last.fm with a key, else MusicBrainz. */
export function configuredService(ctx: Pick<AppContext, 'config'>): 'lastfm' | 'musicbrainz' {
  return ctx.config.LASTFM_API_KEY ? 'lastfm' : 'musicbrainz';
}

/** Last.fm asks for no more than a few requests a second per key. */
const LASTFM_MIN_INTERVAL_MS = 250;

/**
 * Waits for this process's turn to call the configured metadata service: MusicBrainz
 * (no Last.fm key) at most once per `MUSICBRAINZ_MIN_INTERVAL_MS`, Last.fm at most four
 * times a second, counted over all processes.
 * @throws the signal's reason when it aborts while waiting
 */
export async function waitForLookupSlot(
  ctx: Pick<AppContext, 'config' | 'db'>,
  signal?: AbortSignal,
): Promise<void> {
  const [service, intervalMs] = ctx.config.LASTFM_API_KEY
    ? ['lastfm', LASTFM_MIN_INTERVAL_MS]
    : ['musicbrainz', ctx.config.MUSICBRAINZ_MIN_INTERVAL_MS];
  const waitMs = (await claimLookupSlot(ctx.db, service, intervalMs)) ?? 0;
  if (waitMs > 0) await sleep(waitMs, undefined, { signal });
}

/**
 * Takes a turn at the configured metadata service only if it starts within `maxWaitMs`,
 * then waits for it. A turn that would start later is not taken at all, so an
 * interactive request that could not use it leaves the pacing of everyone else as it was.
 * @param service - the service to take a turn at (default: the configured one; the barcode
 *   look-up always asks MusicBrainz)
 * @returns true once the turn has come; false at once when none starts within `maxWaitMs`
 * @throws the signal's reason when it aborts while waiting
 */
export async function takeLookupSlotWithin(
  ctx: Pick<AppContext, 'config' | 'db'>,
  maxWaitMs: number,
  signal?: AbortSignal,
  service: 'lastfm' | 'musicbrainz' = configuredService(ctx),
): Promise<boolean> {
  const intervalMs = service === 'lastfm' ? LASTFM_MIN_INTERVAL_MS : ctx.config.MUSICBRAINZ_MIN_INTERVAL_MS;
  const waitMs = await claimLookupSlot(ctx.db, service, intervalMs, Math.max(0, Math.floor(maxWaitMs)));
  if (waitMs === null) return false;
  if (waitMs > 0) await sleep(waitMs, undefined, { signal });
  return true;
}

/** What a user's wait for a fair turn ended with (see takeUserLookupSlotWithin). */
export type UserLookupTurn = { kind: 'turn' } | { kind: 'busy' } | { kind: 'yours'; retryInMs: number };

/**
 * Takes a fair turn of one user at a metadata service (issue 21: "a user's queued look-ups
 * never push another user's first one past a few seconds"): as takeLookupSlotWithin, except
 * that a user whose latest turn at that service has not started yet gets no other one
 * (`yours`), so each user holds at most one turn waiting in the shared pace. The barcode
 * look-up answers `yours` with 429 and `Retry-After`; an add leaves its look-up to the
 * background queue (API.md "Cover art and tags": the add never fails for it).
 * @param maxWaitMs - take only a turn that starts within this many ms (`busy` otherwise)
 * @param service - the service (default: MusicBrainz, which the barcode look-up asks; an
 *   add asks the configured one, see configuredService)
 * @returns `turn` once the turn has come; `busy` or `yours` at once, nothing taken
 * @throws the signal's reason when it aborts while waiting
 */
export async function takeUserLookupSlotWithin(
  ctx: Pick<AppContext, 'config' | 'db'>,
  userId: number,
  maxWaitMs: number,
  signal?: AbortSignal,
  service: 'lastfm' | 'musicbrainz' = 'musicbrainz',
): Promise<UserLookupTurn> {
  const claim = await claimUserLookupSlot(
    ctx.db,
    service,
    userId,
    service === 'lastfm' ? LASTFM_MIN_INTERVAL_MS : ctx.config.MUSICBRAINZ_MIN_INTERVAL_MS,
    Math.max(0, Math.floor(maxWaitMs)),
  );
  if (claim.kind !== 'turn') return claim;
  if (claim.waitMs > 0) await sleep(claim.waitMs, undefined, { signal });
  return { kind: 'turn' };
}
