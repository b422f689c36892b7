/**
 * The queue of background album look-ups in PostgreSQL (pg-boss 10 in its own schema
 * `pgboss`): one job per record, from an import or from an add that ran out of its time
 * budget, so the work survives restarts and is shared by every server process (API.md
 * "Import from a Discogs collection export", "Cover art and tags").
 *
 * pg-boss runs on the app's pool. Its set-up (schema, queue) is serialised across
 * processes by an advisory lock, so several processes starting together do not trip
 * over each other's `CREATE`s.
 */
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '@/db/database.js';
import type { Logger } from '@/lib/logger.js';
import { lockQueueSetup } from './pacing.queries.js';

/** pg-boss's schema: its tables stay apart from the app's. */
const QUEUE_SCHEMA = 'pgboss';
/** The queue of metadata look-ups, one job per record. */
export const LOOKUP_QUEUE = 'record-lookup';

/**
 * The queue of cover fetches (API.md "Covers served by Spincrate"), one job per cover
 * source URL: fetched, made into thumbnails and stored by the cover worker
 * (`features/covers/covers.worker.ts`).
 */
export const COVER_QUEUE = 'cover-fetch';

/**
 * Who waits for a job, and so its place in its queue: `'now'` — a user who just added or
 * edited one record or want by hand, looking at its screen; `'bulk'` — an import or the
 * back-fill sweep. A queue hands out every waiting `'now'` job before any `'bulk'` one
 * (pg-boss `priority`), so one user's 1,000-record import never holds the cover or the
 * look-up of another user's single add behind it (first come, first served within each).
 */
export type QueueUrgency = 'now' | 'bulk';

/** pg-boss priority of each urgency (higher first). */
const PRIORITY: Record<QueueUrgency, number> = { now: 10, bulk: 0 };

/** The urgency a job was queued with, from its pg-boss `priority` (so work it leads to keeps its place). */
export function urgencyOf(job: { priority: number }): QueueUrgency {
  return job.priority >= PRIORITY.now ? 'now' : 'bulk';
}

/** What a cover job carries: the source URL (a record's `coverart`). */
export interface CoverJob {
  url: string;
}

/**
 * The key of a cover source URL: the first 32 hex digits of the SHA-256 of its UTF-8
 * bytes (the same as SQL's `cover_key(url)`, migration 0013).
 */
export function coverKey(url: string): string {
  return createHash('sha256').update(url, 'utf8').digest('hex').slice(0, 32);
}

/** What a look-up job carries. */
export interface LookupJob {
  recordId: number;
}

/**
 * Retries (a failed look-up job, e.g. the service answered 503, is tried again with
 * exponential back-off: about 1–2 s, 2–4 s, 4–8 s …) and the time after which a job
 * whose process died is handed to another one.
 */
const QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 60 } as const;

/** How often the maintenance (expiring jobs of dead processes) runs, shared by every process. */
const MAINTENANCE_INTERVAL_SECONDS = 60;

/** Most jobs inserted by one statement. */
const INSERT_CHUNK = 1000;

/**
 * pg-boss's database on our pool: each statement on one connection, rolled back when
 * it fails (pg-boss sends `BEGIN; …; COMMIT;` scripts, which would otherwise leave the
 * connection inside an aborted transaction).
 */
function poolAdapter(db: Database): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const client = await db.pool.connect();
      let broken = false;
      try {
        return await client.query(text, values);
      } catch (err) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
}

/** pg-boss's database inside one of our transactions. */
function transactionAdapter(tx: Queryable): PgBoss.Db {
  return { executeSql: async (text, values) => ({ rows: await tx.query(text, values) }) };
}

/**
 * Starts pg-boss on the app's pool, creating its schema and the look-up queue if needed.
 * @param options.supervise - run the maintenance (the worker does; a sender does not)
 * @returns the started instance; `stop()` it when done
 * @throws when the database cannot be reached
 */
export async function startQueue(
  db: Database,
  logger: Logger,
  options: { supervise: boolean },
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: poolAdapter(db),
    schema: QUEUE_SCHEMA,
    migrate: true,
    supervise: options.supervise,
    schedule: false,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
  });
  boss.on('error', (err: Error) => logger.warn({ reason: err.message }, 'look-up queue error'));
  try {
    await db.withTransaction(async (tx) => {
      await lockQueueSetup(tx);
      await boss.start();
      await boss.createQueue(LOOKUP_QUEUE, { name: LOOKUP_QUEUE, policy: 'short', ...QUEUE_OPTIONS });
      await boss.createQueue(COVER_QUEUE, { name: COVER_QUEUE, policy: 'short', ...QUEUE_OPTIONS });
    });
  } catch (err) {
    await boss.stop({ graceful: false, close: false }).catch(() => undefined);
    throw err;
  }
  return boss;
}

/** Gives the pg-boss instance that sends look-up jobs (see `createLookupSender`). */
export type LookupSender = () => Promise<PgBoss>;

/**
 * The sender of look-up jobs of one app, built once (`createApp`) and handed to the routes
 * that queue look-ups: its pg-boss instance is started on first use (no maintenance, no
 * timers) and shared by every later call; a failed start is tried again on the next call.
 */
export function createLookupSender(db: Database, logger: Logger): LookupSender {
  let sender: Promise<PgBoss> | undefined;
  return () => {
    if (!sender) {
      const starting = startQueue(db, logger, { supervise: false });
      sender = starting;
      starting.catch(() => {
        if (sender === starting) sender = undefined;
      });
    }
    return sender;
  };
}

/**
 * Queues one look-up per record. A record that already has a job waiting gets no
 * second one (the queue's `short` policy, keyed by record id).
 * @param tx - a transaction to queue them in (committed or rolled back with it); the pool otherwise
 * @param urgency - `'now'` for one record a user just added by hand, `'bulk'` (default) otherwise
 */
export async function enqueueLookups(
  boss: PgBoss,
  recordIds: number[],
  tx?: Queryable,
  urgency: QueueUrgency = 'bulk',
): Promise<void> {
  const options = tx ? { db: transactionAdapter(tx) } : {};
  for (let start = 0; start < recordIds.length; start += INSERT_CHUNK) {
    const jobs = recordIds.slice(start, start + INSERT_CHUNK).map((recordId) => ({
      name: LOOKUP_QUEUE,
      data: { recordId } satisfies LookupJob,
      singletonKey: String(recordId),
      priority: PRIORITY[urgency],
    }));
    await boss.insert(jobs, options);
  }
}

/**
 * Queues the fetch of each cover source URL (http(s) only; others are skipped). A source
 * that already has a job waiting gets no second one (`short` policy, keyed by the cover key).
 * @param tx - a transaction to queue them in; the pool otherwise
 * @param urgency - `'now'` for one record or want a user just added or edited by hand,
 *   `'bulk'` (default) for imports and the back-fill
 */
export async function enqueueCovers(
  boss: PgBoss,
  urls: Array<string | null>,
  tx?: Queryable,
  urgency: QueueUrgency = 'bulk',
): Promise<void> {
  const options = tx ? { db: transactionAdapter(tx) } : {};
  const sources = [...new Set(urls.filter((u): u is string => !!u && /^https?:\/\//i.test(u)))];
  for (let start = 0; start < sources.length; start += INSERT_CHUNK) {
    const jobs = sources.slice(start, start + INSERT_CHUNK).map((url) => ({
      name: COVER_QUEUE,
      data: { url } satisfies CoverJob,
      singletonKey: coverKey(url),
      priority: PRIORITY[urgency],
    }));
    await boss.insert(jobs, options);
  }
}
