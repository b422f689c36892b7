/**
 * The cover worker (API.md "Covers served by Spincrate"): beside the HTTP server, it takes
 * cover jobs from the queue one at a time, fetches the source from its image host (paced
 * per host across every process, `COVER_MIN_INTERVAL_MS`), makes the thumbnails, stores
 * them and points the records with that source at them.
 *
 * - A refused source (not an image, over 10 MB or 6,000 px, not an allowed host or
 *   address) is marked `refused` at once: no retry.
 * - Any other failure (network, HTTP 5xx) is tried again with back-off like the look-ups;
 *   the last try marks the cover refused.
 * - Back-fill and restarts: at start and every 5 minutes, the sources of records without a
 *   finished cover and without a decided fetch are queued again (1,000 at a time, paced
 *   like every fetch), so crates from before covers and fetches cut by a restart catch up.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { AppContext } from '@/lib/context.js';
import { claimLookupSlot } from '@/lib/metadata/pacing.queries.js';
import { COVER_QUEUE, coverKey, enqueueCovers, startQueue, type CoverJob } from '@/lib/metadata/queue.js';
import {
  countCoverAttempt,
  ensureCover,
  linkCoverToRecords,
  listMissingCoverSources,
  refuseCover,
} from './covers.queries.js';
import { CoverRefusedError, fetchCoverSource, makeThumbnails } from './covers.fetch.js';
import { PgCoverStore, type CoverStore } from './covers.store.js';

/** How long the worker waits when the queue is empty. */
const POLL_INTERVAL_MS = 1000;
/** How long the worker waits after an error (e.g. the database is unreachable). */
const ERROR_PAUSE_MS = 5000;
/** How often records without a cover are queued again (the back-fill). */
const SWEEP_INTERVAL_MS = 5 * 60_000;
/** Most sources queued by one sweep (the rest by the next ones). */
const SWEEP_BATCH = 1000;
/** The budget of one fetch (connect, redirects, body). */
const FETCH_TIMEOUT_MS = 15_000;

export interface CoverWorker {
  /** Stops taking jobs, cancels the fetch in progress (its job is tried again later) and waits. */
  stop(): Promise<void>;
}

/** Waits `ms`, or less when `signal` aborts; never rejects. */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

/** The pacing key of a source's host (`cover:<host>` in `lookup_slots`). */
function pacingKey(url: string): string {
  try {
    return `cover:${new URL(url).hostname.toLowerCase()}`;
  } catch {
    return 'cover:';
  }
}

/**
 * Fetches, thumbnails and stores one cover source, unless it is already done or refused.
 * @param options.lastTry - on the last try a failure refuses the cover instead of throwing
 * @returns the cover's state afterwards: 'done' (thumbnails stored, records and wants
 *   pointed at them) or 'refused'
 * @throws on a failure that may be tried again (not on the last try), or `signal`'s reason
 */
export async function fetchCover(
  ctx: AppContext,
  store: CoverStore,
  url: string,
  options: { lastTry: boolean; signal: AbortSignal },
): Promise<'done' | 'refused'> {
  const key = coverKey(url);
  const { state } = await ensureCover(ctx.db, key, url);
  if (state === 'refused') return state;
  if (state === 'done') {
    await linkCoverToRecords(ctx.db, key, url);
    return state;
  }
  await countCoverAttempt(ctx.db, key);
  const waitMs = (await claimLookupSlot(ctx.db, pacingKey(url), ctx.config.COVER_MIN_INTERVAL_MS)) ?? 0;
  if (waitMs > 0) await sleep(waitMs, undefined, { signal: options.signal });
  try {
    const signal = AbortSignal.any([options.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]);
    const source = await fetchCoverSource(url, ctx.config.coverHosts, signal);
    const thumbnails = await makeThumbnails(source);
    await store.put(key, url, thumbnails);
  } catch (err) {
    if (options.signal.aborted) throw err;
    if (err instanceof CoverRefusedError || options.lastTry) {
      ctx.logger.info({ cover: key, reason: (err as Error).message }, 'cover refused');
      await refuseCover(ctx.db, key, (err as Error).message);
      return 'refused';
    }
    throw err;
  }
  await linkCoverToRecords(ctx.db, key, url);
  return 'done';
}

/**
 * The back-fill: queues the cover source of every record that has no finished cover and
 * no decided fetch (crates from before covers were fetched, a job lost in a crash), at most
 * `SWEEP_BATCH` sources at a time. A source already waiting gets no second job.
 * @returns how many sources were queued
 */
export async function enqueueMissingCovers(ctx: AppContext, boss: PgBoss): Promise<number> {
  const sources = await listMissingCoverSources(ctx.db, SWEEP_BATCH);
  await enqueueCovers(boss, sources);
  return sources.length;
}

/** The worker's loop: runs until `signal` aborts, riding out database outages. */
async function run(ctx: AppContext, store: CoverStore, signal: AbortSignal, pollIntervalMs: number) {
  let boss: PgBoss | undefined;
  let lastSweep = 0;
  while (!signal.aborted) {
    try {
      boss ??= await startQueue(ctx.db, ctx.logger, { supervise: false });
      if (Date.now() - lastSweep >= SWEEP_INTERVAL_MS) {
        await enqueueMissingCovers(ctx, boss);
        lastSweep = Date.now();
      }
      const [job] = await boss.fetch<CoverJob>(COVER_QUEUE, { batchSize: 1, includeMetadata: true });
      if (!job) {
        await pause(pollIntervalMs, signal);
        continue;
      }
      try {
        await fetchCover(ctx, store, job.data.url, { lastTry: job.retryCount >= job.retryLimit, signal });
        await boss.complete(COVER_QUEUE, job.id);
      } catch (err) {
        const reason = signal.aborted ? 'the worker stopped' : (err as Error).message;
        if (!signal.aborted) ctx.logger.warn({ reason }, 'cover fetch will be tried again');
        await boss.fail(COVER_QUEUE, job.id, { reason });
      }
    } catch (err) {
      if (signal.aborted) break;
      // A Ctrl-C reaches PostgreSQL too and can fail the query in flight before this worker
      // is told to stop: say so only when it is still running after the pause.
      await pause(ERROR_PAUSE_MS, signal);
      if (signal.aborted) break;
      ctx.logger.warn({ reason: (err as Error).message }, 'cover worker error; trying again');
    }
  }
  await boss?.stop({ graceful: false, close: false }).catch(() => undefined);
}

/**
 * Starts the cover worker beside the HTTP server (it never blocks the API).
 * @param options.pollIntervalMs - how long to wait when the queue is empty (default 1 s)
 * @param options.store - where thumbnails go (default: PostgreSQL)
 * @returns a handle whose `stop()` ends it
 */
export function startCoverWorker(
  ctx: AppContext,
  options: { pollIntervalMs?: number; store?: CoverStore } = {},
): CoverWorker {
  const controller = new AbortController();
  const store = options.store ?? new PgCoverStore(ctx.db);
  const running = run(ctx, store, controller.signal, options.pollIntervalMs ?? POLL_INTERVAL_MS);
  return {
    stop: async () => {
      controller.abort();
      await running;
    },
  };
}
