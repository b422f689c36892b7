/**
 * The import look-up worker (API.md "Import from a Discogs collection export"): beside
 * the HTTP server, it takes look-up jobs from the queue one at a time, looks each
 * record's album up (cover art, tags) and ends the record's pending state.
 *
 * - Rate: every look-up first claims a slot in PostgreSQL (`lookup_slots`), so all
 *   server processes together make at most one MusicBrainz request per
 *   `MUSICBRAINZ_MIN_INTERVAL_MS` (1 s).
 * - Failures: a look-up that fails (e.g. HTTP 503) is tried again with back-off; the
 *   last try stores the fallback cover and no tags, so the import still reaches `done`.
 * - Restarts: jobs live in PostgreSQL; at start-up (and every few minutes) every record
 *   still pending gets a job again if it has none waiting.
 * - Outages: when the service cannot be reached at all (DNS failure, connection refused),
 *   the job is put back without using up a try, the outage is logged once, and the whole
 *   queue (every process) waits, 5 s at first and up to 5 minutes, before one look-up
 *   tries the service again; the import's `lookups` says `waiting_for_service` meanwhile.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { AppContext } from '@/lib/context.js';
import { configuredService, waitForLookupSlot } from '@/lib/metadata/pacing.js';
import {
  markServiceReachable,
  markServiceUnreachable,
  serviceRetryInMs,
} from '@/lib/metadata/pacing.queries.js';
import { ServiceUnreachableError } from '@/lib/metadata/http.js';
import { noMetadata, type AlbumMetadata } from '@/lib/metadata/index.js';
import { findPendingLookup, listPendingLookups, saveLookup } from './imports.queries.js';
import {
  enqueueCovers,
  urgencyOf,
  enqueueLookups,
  LOOKUP_QUEUE,
  startQueue,
  type LookupJob,
} from '@/lib/metadata/queue.js';

export interface BackgroundWorker {
  /** Stops taking jobs, cancels the look-up in progress (its job is tried again later) and waits. */
  stop(): Promise<void>;
}

/** How long the worker waits when the queue is empty. */
const POLL_INTERVAL_MS = 1000;
/** How long the worker waits after an error (e.g. the database is unreachable). */
const ERROR_PAUSE_MS = 5000;
/** How often every pending record is checked for a job. */
const SWEEP_INTERVAL_MS = 5 * 60_000;
/** The queue's first wait for an unreachable service; each failed try doubles it. */
const OUTAGE_FIRST_WAIT_MS = 5000;
/** The longest wait between two tries of an unreachable service. */
const OUTAGE_MAX_WAIT_MS = 5 * 60_000;

/** Waits `ms`, or less when `signal` aborts; never rejects. */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

/** What one look-up did. */
export interface LookupOutcome {
  /** false when the record no longer waited, so the service was not asked */
  asked: boolean;
  /** the cover source URL stored (null: none found, or nothing stored) */
  coverart: string | null;
}

/**
 * Looks one record's album up and stores what was found, if the record still waits.
 * @param options.lastTry - on the last try a failed look-up stores the fallback instead of failing
 * @returns whether the service was asked, and the cover source URL stored
 * @throws when the look-up failed and may be tried again, ServiceUnreachableError when the
 *   service cannot be reached (whatever the try), or `signal`'s reason (nothing stored)
 */
export async function lookUpRecord(
  ctx: AppContext,
  recordId: number,
  options: { lastTry: boolean; signal: AbortSignal },
): Promise<LookupOutcome> {
  const record = await findPendingLookup(ctx.db, recordId);
  if (!record) return { asked: false, coverart: null };
  await waitForLookupSlot(ctx, options.signal);
  let found: AlbumMetadata;
  try {
    found = await ctx.metadata.lookupAlbum(
      { artist: record.artist, title: record.title },
      { signal: options.signal, rejectOnFailure: true },
    );
  } catch (err) {
    // An unreachable service is never this album's last try: the queue waits for the service.
    if (!options.lastTry || err instanceof ServiceUnreachableError) throw err;
    ctx.logger.warn(
      { recordId, reason: (err as Error).message },
      'album look-up failed; fallback cover kept',
    );
    found = noMetadata();
  }
  options.signal.throwIfAborted();
  await saveLookup(ctx.db, recordId, found);
  return { asked: true, coverart: found.coverart };
}

/** This process's view of an outage of the metadata service: the next wait, doubled per failed try. */
interface OutageState {
  nextWaitMs: number;
}

/** Runs one job: completed when its record is looked up, failed (tried again later) otherwise. */
async function runJob(
  ctx: AppContext,
  boss: PgBoss,
  job: PgBoss.JobWithMetadata<LookupJob>,
  signal: AbortSignal,
  outage: OutageState,
) {
  const service = configuredService(ctx);
  let outcome: LookupOutcome;
  try {
    outcome = await lookUpRecord(ctx, job.data.recordId, {
      lastTry: job.retryCount >= job.retryLimit,
      signal,
    });
  } catch (err) {
    if (err instanceof ServiceUnreachableError && !signal.aborted) {
      // Not this album's fault: the job goes back without using a try, and the whole queue waits.
      const waitMs = outage.nextWaitMs;
      outage.nextWaitMs = Math.min(OUTAGE_MAX_WAIT_MS, waitMs * 2);
      if (await markServiceUnreachable(ctx.db, service, waitMs)) {
        ctx.logger.warn(
          { service, reason: err.message },
          'album metadata service unreachable; look-ups wait until it can be reached',
        );
      }
      await boss.complete(LOOKUP_QUEUE, job.id);
      await enqueueLookups(boss, [job.data.recordId], undefined, urgencyOf(job));
      return;
    }
    const reason = signal.aborted ? 'the worker stopped' : (err as Error).message;
    if (!signal.aborted)
      ctx.logger.warn({ recordId: job.data.recordId, reason }, 'album look-up will be tried again');
    await boss.fail(LOOKUP_QUEUE, job.id, { reason });
    return;
  }
  // Only an answer from the service ends an outage: a job whose record was deleted or already
  // looked up asked nobody (it must not end the wait and send the queue at a dead service).
  if (outcome.asked) {
    outage.nextWaitMs = OUTAGE_FIRST_WAIT_MS;
    if (await markServiceReachable(ctx.db, service)) {
      ctx.logger.info({ service }, 'album metadata service reachable again; look-ups resume');
    }
  }
  await boss.complete(LOOKUP_QUEUE, job.id);
  // The cover the look-up found is fetched in the background (API.md "Covers served by Spincrate").
  if (outcome.coverart) {
    await enqueueCovers(boss, [outcome.coverart], undefined, urgencyOf(job)).catch((err: unknown) =>
      ctx.logger.warn({ reason: (err as Error).message }, 'could not queue a cover fetch'),
    );
  }
}

/** Gives every record still pending a job, unless one is already waiting. */
async function requeuePending(ctx: AppContext, boss: PgBoss): Promise<void> {
  const pending = await listPendingLookups(ctx.db);
  if (pending.length > 0) await enqueueLookups(boss, pending);
}

/** The worker's loop: runs until `signal` aborts, riding out database outages. */
async function run(ctx: AppContext, signal: AbortSignal, pollIntervalMs: number): Promise<void> {
  let boss: PgBoss | undefined;
  let lastSweep = 0;
  const outage: OutageState = { nextWaitMs: OUTAGE_FIRST_WAIT_MS };
  while (!signal.aborted) {
    try {
      boss ??= await startQueue(ctx.db, ctx.logger, { supervise: true });
      if (Date.now() - lastSweep >= SWEEP_INTERVAL_MS) {
        await requeuePending(ctx, boss);
        lastSweep = Date.now();
      }
      // While the service is unreachable, no job is taken until its next try is due.
      const outageWaitMs = await serviceRetryInMs(ctx.db, configuredService(ctx));
      if (outageWaitMs !== null && outageWaitMs > 0) {
        await pause(Math.min(outageWaitMs, pollIntervalMs), signal);
        continue;
      }
      const [job] = await boss.fetch<LookupJob>(LOOKUP_QUEUE, { batchSize: 1, includeMetadata: true });
      if (job) await runJob(ctx, boss, job, signal, outage);
      else await pause(pollIntervalMs, signal);
    } catch (err) {
      if (signal.aborted) break;
      // A Ctrl-C reaches PostgreSQL too and can fail the query in flight before this worker
      // is told to stop: say so only when it is still running after the pause.
      await pause(ERROR_PAUSE_MS, signal);
      if (signal.aborted) break;
      ctx.logger.warn({ reason: (err as Error).message }, 'look-up worker error; trying again');
    }
  }
  await boss?.stop({ graceful: false, close: false }).catch(() => undefined);
}

/**
 * Starts the import look-up worker beside the HTTP server (it never blocks the API).
 * @param options.pollIntervalMs - how long to wait when the queue is empty (default 1 s)
 * @returns a handle whose `stop()` ends it
 */
export async function startImportWorker(
  ctx: AppContext,
  options: { pollIntervalMs?: number } = {},
): Promise<BackgroundWorker> {
  const controller = new AbortController();
  const running = run(ctx, controller.signal, options.pollIntervalMs ?? POLL_INTERVAL_MS);
  return {
    stop: async () => {
      controller.abort();
      await running;
    },
  };
}
