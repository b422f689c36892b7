/**
 * What the spins routes ask of the ListenBrainz feature (API.md "ListenBrainz"): the check
 * of `sides` against the records' tracklists, queueing a new spin for sending, and Send again.
 * Nothing here waits for ListenBrainz: sending runs in the background (sender.ts).
 */
import type { AppContext, AppServices, ScrobbledSpin, SpinScrobbling } from '@/lib/context.js';
import { ConflictError, ValidationError } from '@/lib/errors.js';
import { findAccount } from './account.queries.js';
import { queueNewSpin, requeueSpin } from './outbox.queries.js';
import { enqueueSends } from './sender.js';
import { ownRecordIds } from './tracklists.queries.js';
import { cachedTracklistOfRecord, sidesOf, tracklistOfRecord, type Tracklist } from './tracklists.js';

/**
 * Checks that each record's chosen sides are sides of its tracklist (cached, else looked up
 * within `METADATA_TIMEOUT_MS`). A record whose tracklist is unknown (no release found, or
 * MusicBrainz did not answer in time) or has no lettered sides is not checked.
 * @throws ValidationError (400 `fields.sides`) naming the letter the record does not have
 */
async function checkSpinSides(
  ctx: AppContext,
  userId: number,
  sides: Record<number, string[]> | null | undefined,
): Promise<void> {
  if (!sides) return;
  const own = await ownRecordIds(ctx.db, userId, Object.keys(sides).map(Number));
  for (const id of own) {
    let tracklist: Tracklist | null | undefined = await cachedTracklistOfRecord(ctx, id);
    if (tracklist === undefined) {
      try {
        tracklist = await tracklistOfRecord(ctx, id, AbortSignal.timeout(ctx.config.METADATA_TIMEOUT_MS));
      } catch {
        tracklist = null;
      }
    }
    if (!tracklist) continue;
    const known = sidesOf(tracklist);
    if (known.length === 0) continue;
    const missing = sides[id]!.find((letter) => !known.includes(letter));
    if (missing !== undefined) {
      throw new ValidationError(`sides: record ${id} has no side ${missing}`, {
        sides: `record ${id} has no side ${missing} (it has ${known.join(', ')})`,
      });
    }
  }
}

/**
 * Queues jobs for rows not tried yet (a new spin, or Send again, which counts the tries
 * from 0), or leaves them to the sender's sweep when the queue cannot be reached now.
 */
async function enqueue(ctx: AppContext, services: AppServices, spinId: number, recordIds: number[]) {
  if (recordIds.length === 0) return;
  try {
    await enqueueSends(
      ctx,
      await services.lookups(),
      recordIds.map((recordId) => ({ spinId, recordId, tries: 0 })),
    );
  } catch (err) {
    ctx.logger.warn(
      { spinId, reason: (err as Error).message },
      'send jobs not queued now; the sweep queues them',
    );
  }
}

/**
 * Queues a new spin for ListenBrainz when its owner is connected and sends automatically.
 * @param autoSend - false when the spin's own statement found the owner not sending
 *   automatically (no statement runs then); undefined: the queueing statement finds out
 * @returns the spin with its `scrobble` as it now is
 */
async function queueSpinSend<S extends ScrobbledSpin>(
  ctx: AppContext,
  services: AppServices,
  userId: number,
  spin: S,
  autoSend?: boolean,
): Promise<S> {
  if (autoSend === false) return spin;
  const recordIds = await queueNewSpin(ctx.db, userId, spin.id);
  if (recordIds.length === 0) return spin;
  await enqueue(ctx, services, spin.id, recordIds);
  return { ...spin, scrobble: { state: 'pending', listens: 0, message: null } };
}

/**
 * Send again (`POST /api/spins/{id}/send`).
 * @returns false when the user has no such spin
 * @throws ConflictError (409) when the user is not connected to ListenBrainz
 */
async function sendSpinAgain(
  ctx: AppContext,
  services: AppServices,
  userId: number,
  spinId: number,
): Promise<boolean> {
  if (!(await findAccount(ctx.db, userId)))
    throw new ConflictError('Connect your ListenBrainz account first');
  const recordIds = await requeueSpin(ctx.db, userId, spinId);
  if (recordIds === null) return false;
  await enqueue(ctx, services, spinId, recordIds);
  return true;
}

/** Queues again what waited while the user's sending was paused (after a new token). */
export async function enqueuePairs(
  ctx: AppContext,
  services: AppServices,
  pairs: Array<{ spin_id: number; record_id: number; attempts: number }>,
): Promise<void> {
  if (pairs.length === 0) return;
  try {
    await enqueueSends(
      ctx,
      await services.lookups(),
      pairs.map((p) => ({ spinId: p.spin_id, recordId: p.record_id, tries: p.attempts })),
    );
  } catch (err) {
    ctx.logger.warn({ reason: (err as Error).message }, 'send jobs not queued now; the sweep queues them');
  }
}

/** The hooks the app hands to the spins routes (`AppServices.scrobbling`). */
export const spinScrobbling: SpinScrobbling = {
  checkSides: checkSpinSides,
  queueSend: queueSpinSend,
  sendAgain: sendSpinAgain,
};
