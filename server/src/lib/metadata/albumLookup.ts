/**
 * The look-ups of an add (API.md "Cover art and tags", "Adding by barcode"): the cover art
 * and tags of an album within the metadata budget, or the cover of a picked MusicBrainz
 * release. Shared by a record's add and a want's add (API.md "Wantlist": the cover is looked
 * up as for a record).
 */
import type { AppContext } from '@/lib/context.js';
import { configuredService, takeLookupSlotWithin, takeUserLookupSlotWithin } from './pacing.js';
import { MetadataLookupError } from './http.js';
import type { AlbumMetadata } from './types.js';
import { lookupReleaseCover } from './barcode.js';
import { findCachedRelease, readCachedGroupTags, writeCachedGroupTags } from './barcodeCache.queries.js';
import { lookupReleaseGroupTags } from './musicbrainz.js';

/**
 * Part of the metadata budget kept for the look-up itself: a turn at the service is taken
 * only if it comes this long before the budget ends.
 */
const LOOKUP_TIME_MS = 1000;

/**
 * The cover art and tags of an album for a user's add (a record's or a want's), within the
 * metadata budget (`METADATA_TIMEOUT_MS`, 3 s) counted from now: the wait for the user's turn
 * at the service (shared with the look-up queue and every other process) is part of it.
 * The turn is fair (issue 21, as the barcode look-up's): a user whose previous turn has not
 * started yet gets none, so one user's burst of adds holds at most one waiting turn and never
 * pushes another user's first look-up back by more than that. A turn is taken only if it
 * comes early enough to be used (an unused reservation would push every later request back).
 * Never throws.
 * @param userId - the user adding
 * @returns what was found, with `pending: true` when the look-up could not be done within
 *   the budget (the user's previous turn still waits, no turn in time, the service failed or
 *   was too slow): the record is then stored with the fallback cover and looked up again in
 *   the background (API.md "Cover art and tags": the add never fails for its look-up)
 */
export async function lookUpPaced(
  ctx: AppContext,
  userId: number,
  album: { artist: string; title: string },
): Promise<{ found: AlbumMetadata; pending: boolean }> {
  const budgetMs = ctx.config.METADATA_TIMEOUT_MS;
  const signal = AbortSignal.timeout(budgetMs);
  const nothing = { found: { coverart: null, tags: [] }, pending: true };
  try {
    const maxWaitMs = budgetMs - Math.min(LOOKUP_TIME_MS, budgetMs / 2);
    const turn = await takeUserLookupSlotWithin(ctx, userId, maxWaitMs, signal, configuredService(ctx));
    if (turn.kind !== 'turn') {
      ctx.logger.debug({ reason: turn.kind }, 'album look-up left to the background: no fair turn now');
      return nothing;
    }
    const found = await ctx.metadata.lookupAlbum(album, { signal, rejectOnFailure: true });
    // A look-up cut short by the budget resolves as "nothing found": it is not a miss.
    return signal.aborted ? nothing : { found, pending: false };
  } catch (err) {
    if (signal.aborted || err instanceof MetadataLookupError) {
      ctx.logger.debug({ reason: (err as Error).message }, 'album look-up left to the background');
      return nothing;
    }
    throw err;
  }
}

/** What a record added from a picked pressing takes from it (API.md "Adding by barcode"). */
export interface ReleaseMetadata {
  found: AlbumMetadata;
  mbReleaseGroupId: string | null;
}

/**
 * The tags of a MusicBrainz release group (issue 26 item 4: the barcode search carries none):
 * from the day's cache, else from `/release-group/{id}?inc=tags` within the shared
 * one-request-a-second MusicBrainz pacing and the add's metadata budget (then cached).
 * Never throws: no turn in time, a failure or the end of the budget gives no tags.
 */
async function groupTags(ctx: AppContext, mbReleaseGroupId: string, signal: AbortSignal): Promise<string[]> {
  try {
    const cached = await readCachedGroupTags(ctx.db, mbReleaseGroupId);
    if (cached) return cached;
    const maxWaitMs =
      ctx.config.METADATA_TIMEOUT_MS - Math.min(LOOKUP_TIME_MS, ctx.config.METADATA_TIMEOUT_MS / 2);
    if (!(await takeLookupSlotWithin(ctx, maxWaitMs, signal, 'musicbrainz'))) return [];
    const tags = await lookupReleaseGroupTags(ctx.config.MUSICBRAINZ_API_URL, mbReleaseGroupId, signal);
    await writeCachedGroupTags(ctx.db, mbReleaseGroupId, tags);
    return tags;
  } catch (err) {
    if (!signal.aborted && !(err instanceof MetadataLookupError)) throw err;
    const reason = signal.aborted ? 'no answer within the budget' : (err as Error).message;
    ctx.logger.warn({ service: 'musicbrainz', reason }, 'release group tags look-up failed');
    return [];
  }
}

/**
 * The cover of a MusicBrainz release from the Cover Art Archive's `/release/{id}/front-500`
 * (within the metadata budget; none found gives the fallback cover), with the release
 * group, year and tags the barcode look-up found for that release (when it found no tags,
 * its release group's tags: `groupTags`). Never throws for a failing archive.
 */
export async function lookUpRelease(ctx: AppContext, mbReleaseId: string): Promise<ReleaseMetadata> {
  const signal = AbortSignal.timeout(ctx.config.METADATA_TIMEOUT_MS);
  const releaseWithTags = findCachedRelease(ctx.db, mbReleaseId).then(async (release) => {
    const groupId = release?.mb_release_group_id;
    const tags =
      release?.tags.length || !groupId ? (release?.tags ?? []) : await groupTags(ctx, groupId, signal);
    return release && { ...release, tags };
  });
  const [release, coverart] = await Promise.all([
    releaseWithTags,
    lookupReleaseCover(ctx.config.COVERART_API_URL, mbReleaseId, signal).catch(() => null),
  ]);
  const found: AlbumMetadata = { coverart, tags: release?.tags ?? [] };
  if (release?.year != null) found.year = release.year;
  return { found, mbReleaseGroupId: release?.mb_release_group_id ?? null };
}
