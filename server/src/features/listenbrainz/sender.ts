/**
 * Delivery of spins to ListenBrainz (API.md "ListenBrainz": delivery), in the background
 * from the PostgreSQL outbox, with pg-boss (the look-up queue's set-up, `lib/metadata/queue.ts`):
 *
 * - one job per (spin, record) and try (`singletonKey` `spin:record:tries`); the first job of a
 *   spin builds the submit-listens documents of every record of the spin once and stores them,
 *   so a retry, a restart or a crash sends the same bytes (ListenBrainz ignores a listen it
 *   already has); a job queued before the row's last failed try is stale and dropped, so a
 *   second job of the same pair (the start-up sweep's beside a new spin's) never sends it
 *   again before its retry time;
 * - one request in flight per user across every process (`takeUserTurn`), obeying
 *   `X-RateLimit-Remaining`/`X-RateLimit-Reset-In`; after a 429 nothing is sent for that user
 *   before `Reset-In` seconds;
 * - 401 pauses the user (`paused_reason`) until a new token is saved; another 4xx marks the
 *   record `failed`, never retried; 5xx and network errors are retried after
 *   `LISTENBRAINZ_RETRY_FIRST_MS`, doubled each time up to `LISTENBRAINZ_RETRY_MAX_MS`;
 * - a row gone (spin deleted, link forgotten) drops its job.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { Queryable } from '@/db/database.js';
import type { AppContext } from '@/lib/context.js';
import { lockQueueSetup } from '@/lib/metadata/pacing.queries.js';
import { startQueue } from '@/lib/metadata/queue.js';
import { findAccount, pauseAccount } from './account.queries.js';
import { answerMessage, ListenBrainzUnreachableError, submitListens } from './listenbrainz.client.js';
import { computeListens, submissions } from './listens.js';
import {
  type OutboxRow,
  countAttempt,
  finishRow,
  findOutboxRow,
  listPendingRows,
  markPartSent,
  releaseUserTurn,
  spinForBuilding,
  storeBodies,
  takeUserTurn,
  updateSpinScrobble,
} from './outbox.queries.js';
import { openToken } from './tokenSeal.js';
import { tracklistOfRecord } from './tracklists.js';

/** The queue of sends, one job per (spin, record). */
const SEND_QUEUE = 'listenbrainz-send';

/** What a send job carries. */
interface SendJob {
  spinId: number;
  recordId: number;
  /**
   * The row's failed tries (`attempts`) when the job was queued: the job is for the next
   * try only while the row still has that many (absent in jobs queued before it was kept).
   */
  tries?: number;
}

/** A (spin, record) pair to send, with its row's failed tries so far (`attempts`). */
interface SendPair {
  spinId: number;
  recordId: number;
  tries: number;
}

/** The longest a user's turn is held (a process that died frees it then). */
const TURN_LEASE_MS = 60_000;
/** How often every pending row is checked for a job. */
const SWEEP_INTERVAL_MS = 5 * 60_000;

const prepared = new WeakSet<PgBoss>();

/** Creates the send queue on a started pg-boss (once per instance). */
async function ensureSendQueue(ctx: Pick<AppContext, 'db'>, boss: PgBoss): Promise<void> {
  if (prepared.has(boss)) return;
  await ctx.db.withTransaction(async (tx) => {
    await lockQueueSetup(tx);
    if (!(await boss.getQueue(SEND_QUEUE)))
      await boss.createQueue(SEND_QUEUE, {
        name: SEND_QUEUE,
        policy: 'short',
        retryLimit: 0,
        expireInSeconds: 300,
      });
  });
  prepared.add(boss);
}

/**
 * Queues send jobs (one per pair and try; a pair with a job of the same try waiting gets no
 * second one).
 * @param pairs - each with its row's failed tries so far (`attempts`; 0 for a new row)
 * @param afterMs - start no earlier than this many ms from now
 */
export async function enqueueSends(
  ctx: Pick<AppContext, 'db'>,
  boss: PgBoss,
  pairs: SendPair[],
  afterMs = 0,
  tx?: Queryable,
): Promise<void> {
  if (pairs.length === 0) return;
  await ensureSendQueue(ctx, boss);
  const startAfter = new Date(Date.now() + afterMs);
  const options = tx
    ? {
        db: {
          executeSql: async (text: string, values: unknown[]) => ({ rows: await tx.query(text, values) }),
        },
      }
    : {};
  await boss.insert(
    pairs.map((p) => ({
      name: SEND_QUEUE,
      data: p satisfies SendJob,
      singletonKey: `${p.spinId}:${p.recordId}:${p.tries}`,
      startAfter,
    })),
    options as PgBoss.InsertOptions,
  );
}

/** Builds and stores the documents of every record of a spin that has none yet. */
async function buildSpin(ctx: AppContext, spinId: number, signal: AbortSignal): Promise<void> {
  const { spin, records } = await spinForBuilding(ctx.db, spinId);
  if (!spin) return;
  const tracks = [];
  for (const r of records) {
    tracks.push({
      recordId: r.record_id,
      tracklist: await tracklistOfRecord(ctx, r.record_id, signal),
      sides: spin.sides?.[String(r.record_id)] ?? null,
    });
  }
  const computed = computeListens(
    { listenedAt: spin.listened_at, startedAt: spin.started_at, addedAt: spin.created_at },
    tracks,
  );
  for (const { recordId, listens } of computed) {
    const row = records.find((r) => r.record_id === recordId);
    if (!row || row.state !== 'pending' || row.has_bodies) continue;
    if (listens === null) {
      await finishRow(ctx.db, spinId, recordId, 'skipped', null);
      continue;
    }
    let bodies: string[];
    try {
      bodies = submissions(listens);
    } catch (err) {
      // Listens ListenBrainz would refuse (e.g. a release whose tracks name no artist): failed,
      // as a 400 would make it, never tried again as if the service were out of reach.
      await finishRow(ctx.db, spinId, recordId, 'failed', (err as Error).message);
      continue;
    }
    await storeBodies(ctx.db, spinId, recordId, bodies, listens.length);
  }
}

/** The wait before try number `attempts + 1` after a 5xx or network error. */
function retryDelayMs(ctx: AppContext, attempts: number): number {
  return Math.min(
    ctx.config.LISTENBRAINZ_RETRY_MAX_MS,
    ctx.config.LISTENBRAINZ_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1),
  );
}

/** Runs one send job; every outcome ends the job (a retry is a new job, starting later). */
async function runJob(ctx: AppContext, boss: PgBoss, job: PgBoss.Job<SendJob>, signal: AbortSignal) {
  const { spinId, recordId, tries } = job.data;
  /** The job of the next try, after `failed` failed ones, in `ms`. */
  const later = (ms: number, failed: number) =>
    enqueueSends(ctx, boss, [{ spinId, recordId, tries: failed }], ms);
  /**
   * A job queued before the row's last failed try: the job queued after that failure (at
   * its retry time) is the one that sends it. (pg-boss keeps one job per key only while
   * they wait: a job queued while another one of the pair runs is a second one.)
   */
  const stale = (r: OutboxRow) => tries !== undefined && r.attempts !== tries;
  let row = await findOutboxRow(ctx.db, spinId, recordId);
  if (!row || row.state !== 'pending' || stale(row)) return;
  const account = await findAccount(ctx.db, row.user_id);
  if (!account || account.paused_reason !== null) return; // a new token queues it again
  if (row.bodies === null) {
    try {
      await buildSpin(ctx, spinId, signal);
    } catch (err) {
      if (signal.aborted) throw err;
      const attempts = await countAttempt(ctx.db, spinId, recordId);
      ctx.logger.warn(
        { spinId, recordId, reason: (err as Error).message },
        'tracklist look-up failed; tried again later',
      );
      await later(retryDelayMs(ctx, attempts), attempts);
      return;
    }
    row = await findOutboxRow(ctx.db, spinId, recordId);
    if (!row || row.state !== 'pending' || row.bodies === null) {
      await updateSpinScrobble(ctx.db, spinId);
      return;
    }
  }
  const userId = row.user_id;
  const waitMs = await takeUserTurn(ctx.db, userId, TURN_LEASE_MS, ctx.config.LISTENBRAINZ_POLL_MS);
  if (waitMs > 0) {
    await later(waitMs, row.attempts);
    return;
  }
  let nextTurnMs = 0;
  try {
    // As it is now that this sender has the turn: another one may have sent or tried it meanwhile.
    row = await findOutboxRow(ctx.db, spinId, recordId);
    if (!row || row.state !== 'pending' || row.bodies === null || stale(row)) return;
    const token = openToken(ctx.config.LISTENBRAINZ_TOKEN_KEY!, account.token_sealed);
    for (let part = row.sent_parts; part < row.bodies.length; part++) {
      let answer;
      try {
        answer = await submitListens(ctx.config, token, row.bodies[part]!);
      } catch (err) {
        if (!(err instanceof ListenBrainzUnreachableError)) throw err;
        const attempts = await countAttempt(ctx.db, spinId, recordId);
        ctx.logger.warn({ spinId, recordId, reason: err.message }, 'ListenBrainz unreachable; sending later');
        await later(retryDelayMs(ctx, attempts), attempts);
        return;
      }
      const resetInMs = (answer.rateLimit.resetInSeconds ?? 1) * 1000;
      nextTurnMs = answer.rateLimit.remaining === 0 ? resetInMs : 0;
      if (answer.status >= 200 && answer.status < 300) {
        await markPartSent(ctx.db, spinId, recordId, part + 1);
        continue;
      }
      if (answer.status === 429) {
        nextTurnMs = Math.max(1000, resetInMs);
        await later(nextTurnMs, row.attempts);
        return;
      }
      if (answer.status === 401) {
        await pauseAccount(ctx.db, userId, answerMessage(answer));
        ctx.logger.warn({ userId }, 'ListenBrainz refused the token; sending paused');
        return;
      }
      if (answer.status >= 400 && answer.status < 500) {
        await finishRow(ctx.db, spinId, recordId, 'failed', answerMessage(answer));
        await updateSpinScrobble(ctx.db, spinId);
        return;
      }
      const attempts = await countAttempt(ctx.db, spinId, recordId);
      await later(retryDelayMs(ctx, attempts), attempts);
      return;
    }
    await finishRow(ctx.db, spinId, recordId, 'sent', null);
    await updateSpinScrobble(ctx.db, spinId);
  } finally {
    await releaseUserTurn(ctx.db, userId, nextTurnMs);
  }
}

/** A running sender; `stop()` ends it. */
export interface ListenBrainzSender {
  stop(): Promise<void>;
}

async function pause(ms: number, signal: AbortSignal) {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

async function run(ctx: AppContext, signal: AbortSignal, pollMs: number): Promise<void> {
  let boss: PgBoss | undefined;
  let lastSweep = 0;
  while (!signal.aborted) {
    try {
      boss ??= await startQueue(ctx.db, ctx.logger, { supervise: false });
      await ensureSendQueue(ctx, boss);
      if (Date.now() - lastSweep >= SWEEP_INTERVAL_MS) {
        const pending = await listPendingRows(ctx.db);
        await enqueueSends(
          ctx,
          boss,
          pending.map((p) => ({ spinId: p.spin_id, recordId: p.record_id, tries: p.attempts })),
        );
        lastSweep = Date.now();
      }
      const [job] = await boss.fetch<SendJob>(SEND_QUEUE, { batchSize: 1 });
      if (!job) {
        await pause(pollMs, signal);
        continue;
      }
      try {
        await runJob(ctx, boss, job, signal);
      } finally {
        await boss.complete(SEND_QUEUE, job.id);
      }
    } catch (err) {
      if (signal.aborted) break;
      // A Ctrl-C reaches PostgreSQL too and can fail the query in flight before this sender
      // is told to stop: say so only when it is still running after the pause.
      await pause(Math.max(pollMs, 1000), signal);
      if (signal.aborted) break;
      ctx.logger.warn({ reason: (err as Error).message }, 'ListenBrainz sender error; trying again');
    }
  }
  await boss?.stop({ graceful: false, close: false }).catch(() => undefined);
}

/**
 * Starts the ListenBrainz sender beside the HTTP server (the API never waits for it).
 * @param options.pollMs - wait when there is nothing to send (default `LISTENBRAINZ_POLL_MS`)
 */
export function startListenBrainzSender(
  ctx: AppContext,
  options: { pollMs?: number } = {},
): ListenBrainzSender {
  const controller = new AbortController();
  const running = run(ctx, controller.signal, options.pollMs ?? ctx.config.LISTENBRAINZ_POLL_MS);
  return {
    stop: async () => {
      controller.abort();
      await running;
    },
  };
}
