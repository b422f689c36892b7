/**
 * The one-off cover back-fill for existing crates (`npm run covers:backfill`, issue 27; API.md
 * "Covers served by Spincrate"): fetches the cover source of every record and want that has
 * no finished cover, one source at a time, paced per image host like every cover fetch
 * (`COVER_MIN_INTERVAL_MS`, shared with running servers through `lookup_slots`), and logs
 * its progress.
 *
 * Restartable: it walks the sources in the order of their cover key and skips every source
 * already done or refused, so a run stopped in the middle (Ctrl-C, a crash) and started
 * again continues where it was and never fetches a stored image again. A source whose fetch
 * failed in a way that may be tried again stays pending: the next run (or the server's own
 * sweep) tries it again.
 */
import type { AppContext } from '@/lib/context.js';
import { countMissingCoverSources, listBackfillBatch } from './covers.queries.js';
import type { CoverStore } from './covers.store.js';
import { fetchCover } from './covers.worker.js';

/** Sources read from the database at a time. */
const BATCH_SIZE = 200;
/** A progress line every this many sources (and at the end). */
const LOG_EVERY = 25;

/** What a back-fill run did so far. */
export interface BackfillProgress {
  /** Sources without a finished cover when the run started (records and wants; one per URL). */
  total: number;
  /** Sources whose thumbnails are stored now (fetched by this run, or found already done). */
  done: number;
  /** Sources refused (not an image, too large, not an allowed host or address). */
  refused: number;
  /** Sources whose fetch failed in a way that may be tried again (left pending). */
  failed: number;
}

/**
 * Runs the back-fill until every source is decided or `signal` aborts.
 * @param options.signal - stops the run before the next source (the fetch in flight is cancelled)
 * @param options.batchSize - sources read at a time (default 200)
 * @param options.onProgress - called after each source with the counts so far
 * @returns the counts of this run
 * @throws a database error (the run can simply be started again)
 */
export async function backfillCovers(
  ctx: AppContext,
  store: CoverStore,
  options: {
    signal?: AbortSignal;
    batchSize?: number;
    onProgress?: (progress: BackfillProgress) => void;
  } = {},
): Promise<BackfillProgress> {
  const signal = options.signal ?? new AbortController().signal;
  const progress: BackfillProgress = {
    total: await countMissingCoverSources(ctx.db),
    done: 0,
    refused: 0,
    failed: 0,
  };
  const log = () => ctx.logger.info({ ...progress }, 'cover back-fill progress');
  ctx.logger.info({ total: progress.total }, 'cover back-fill started');
  let afterKey = '';
  let seen = 0;
  while (!signal.aborted) {
    const batch = await listBackfillBatch(ctx.db, afterKey, options.batchSize ?? BATCH_SIZE);
    if (batch.length === 0) break;
    for (const { key, url } of batch) {
      if (signal.aborted) break;
      try {
        const state = await fetchCover(ctx, store, url, { lastTry: false, signal });
        progress[state] += 1;
      } catch (err) {
        if (signal.aborted) break;
        progress.failed += 1;
        ctx.logger.warn(
          { cover: key, reason: (err as Error).message },
          'cover fetch failed; left for a later run',
        );
      }
      afterKey = key;
      seen += 1;
      options.onProgress?.({ ...progress });
      if (seen % LOG_EVERY === 0) log();
    }
  }
  log();
  ctx.logger.info(
    signal.aborted ? 'cover back-fill stopped; run it again to continue' : 'cover back-fill finished',
  );
  return progress;
}
