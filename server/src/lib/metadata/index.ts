/**
 * Chooses the album metadata service from configuration (API.md "Cover art and
 * tags"): Last.fm `album.getInfo` when `LASTFM_API_KEY` is set, else MusicBrainz plus
 * the Cover Art Archive. Every look-up finishes within `METADATA_TIMEOUT_MS` (3 s by
 * default) and never throws: a failure, a time-out, a malformed answer or a miss gives
 * `{ coverart: null, tags: [] }`, so the record is stored with the fallback cover.
 * Background jobs may pass `rejectOnFailure` to be told about failures (to try again).
 */
import type { Config } from '@/config.js';
import type { Logger } from '@/lib/logger.js';
import type { AlbumMetadata, MetadataService } from './types.js';
import { MetadataLookupError, ServiceUnreachableError } from './http.js';
import { lookupLastfm } from './lastfm.js';
import { lookupMusicbrainz } from './musicbrainz.js';

export type { AlbumMetadata, MetadataService } from './types.js';

/** The configuration the metadata service reads. */
export type MetadataConfig = Pick<
  Config,
  'LASTFM_API_KEY' | 'LASTFM_API_URL' | 'MUSICBRAINZ_API_URL' | 'COVERART_API_URL' | 'METADATA_TIMEOUT_MS'
>;

/** What a look-up that found nothing gives (a new object each time). */
export function noMetadata(): AlbumMetadata {
  return { coverart: null, tags: [] };
}

/** A promise that rejects with the signal's reason once it aborts. */
function whenAborted(signal: AbortSignal): { promise: Promise<never>; dispose(): void } {
  let onAbort: () => void = () => {};
  const promise = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/**
 * Builds the metadata service for this configuration.
 * @param config - service URLs, the optional Last.fm key and the time budget in ms
 * @param logger - failures are logged at `warn` (service and reason only, unless they are
 *   handed to the caller through `rejectOnFailure`), misses and cancellations at `debug`
 * @returns a service whose `lookupAlbum` resolves within the budget; it rejects (with a
 *   MetadataLookupError saying why) only for a failure under `rejectOnFailure: true`
 */
export function createMetadataService(config: MetadataConfig, logger: Logger): MetadataService {
  const apiKey = config.LASTFM_API_KEY;
  const service = apiKey ? 'lastfm' : 'musicbrainz';
  const lookup = apiKey
    ? (query: { artist: string; title: string }, signal: AbortSignal) =>
        lookupLastfm({ apiUrl: config.LASTFM_API_URL, apiKey }, query, signal)
    : (query: { artist: string; title: string }, signal: AbortSignal, strict: boolean) =>
        lookupMusicbrainz(
          { apiUrl: config.MUSICBRAINZ_API_URL, coverartUrl: config.COVERART_API_URL },
          query,
          signal,
          strict,
        );

  return {
    async lookupAlbum(query, options) {
      const artist = query.artist.trim();
      const title = query.title.trim();
      if (!artist || !title) return noMetadata();
      const budget = AbortSignal.timeout(config.METADATA_TIMEOUT_MS);
      const signal = options?.signal ? AbortSignal.any([budget, options.signal]) : budget;
      const aborted = whenAborted(signal);
      const strict = options?.rejectOnFailure === true;
      const work = lookup({ artist, title }, signal, strict);
      // The race below may leave `work` behind; it must not become an unhandled rejection.
      work.catch(() => undefined);
      try {
        const found = await Promise.race([work, aborted.promise]);
        if (!found) logger.debug({ service }, 'album not found');
        return found ?? noMetadata();
      } catch (err) {
        if (options?.signal?.aborted) {
          logger.debug({ service }, 'album look-up cancelled');
          return noMetadata();
        }
        const reason = budget.aborted
          ? `no answer within ${config.METADATA_TIMEOUT_MS} ms`
          : ((err as Error | undefined)?.message ?? String(err));
        if (strict) {
          const Failure =
            err instanceof ServiceUnreachableError ? ServiceUnreachableError : MetadataLookupError;
          throw new Failure(`${service} look-up failed: ${reason}`);
        }
        logger.warn({ service, reason }, 'album look-up failed');
        return noMetadata();
      } finally {
        aborted.dispose();
      }
    },
  };
}
