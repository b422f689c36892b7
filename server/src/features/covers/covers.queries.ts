/** SQL of the cover fetches' state (`covers`, migration 0013). */
import type { Queryable } from '@/db/database.js';

export type CoverState = 'pending' | 'done' | 'refused';

/**
 * The state of a cover source, creating its `pending` row when it has none.
 * @returns its state and how many fetches were tried
 */
export async function ensureCover(
  db: Queryable,
  key: string,
  sourceUrl: string,
): Promise<{ state: CoverState; attempts: number }> {
  const rows = await db.query<{ state: CoverState; attempts: number }>(
    `WITH inserted AS (
       INSERT INTO covers (key, source_url) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING
       RETURNING state, attempts)
     SELECT state, attempts FROM inserted
     UNION ALL
     SELECT state, attempts FROM covers WHERE key = $1
     LIMIT 1`,
    [key, sourceUrl],
  );
  return rows[0]!;
}

/** Counts one more fetch of a cover. */
export async function countCoverAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE covers SET attempts = attempts + 1, updated_at = now() WHERE key = $1', [key]);
}

/**
 * Marks a cover refused (not an image, too large, not allowed, or failed on its last try):
 * its records keep `cover: null`.
 * @param reason - why, for the operator (no user data)
 */
export async function refuseCover(db: Queryable, key: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE covers SET state = 'refused', refused_reason = $2, updated_at = now()
      WHERE key = $1 AND state <> 'done'`,
    [key, reason.slice(0, 500)],
  );
}

/**
 * Points every record and want whose `coverart` is the source at its finished cover (each
 * changed owner's lists get a new version through the records' and wants' update triggers).
 */
export async function linkCoverToRecords(db: Queryable, key: string, sourceUrl: string): Promise<void> {
  await db.query(
    `WITH done AS (SELECT 1 FROM covers WHERE key = $1 AND state = 'done'),
     records_linked AS (
       UPDATE records SET cover_key = $1
        WHERE coverart = $2 AND cover_key IS DISTINCT FROM $1 AND EXISTS (SELECT 1 FROM done))
     UPDATE wants SET cover_key = $1
      WHERE coverart = $2 AND cover_key IS DISTINCT FROM $1 AND EXISTS (SELECT 1 FROM done)`,
    [key, sourceUrl],
  );
}

/** The `http(s)` cover sources of records and wants that have no finished cover (SQL, no parameters). */
const SOURCES_WITHOUT_COVER = `
  SELECT r.coverart FROM records r WHERE r.cover_key IS NULL AND r.coverart ~* '^https?://'
  UNION
  SELECT w.coverart FROM wants w WHERE w.cover_key IS NULL AND w.coverart ~* '^https?://'`;

/**
 * Cover sources of records and wants that have no finished cover and no decided fetch (no
 * covers row, or one still pending): the back-fill of crates from before covers were
 * fetched, and of fetches whose job was lost. Only `http(s)` sources.
 * @param limit - most sources returned
 */
export async function listMissingCoverSources(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db.query<{ coverart: string }>(
    `SELECT s.coverart
       FROM (${SOURCES_WITHOUT_COVER}) s
       LEFT JOIN covers c ON c.key = cover_key(s.coverart)
      WHERE c.key IS NULL OR c.state = 'pending'
      LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.coverart);
}

/**
 * One batch of the one-off back-fill (`npm run covers:backfill`): the sources without a
 * finished cover and without a decided fetch, in the order of their cover key, after `afterKey`
 * (keyset paging: a source that fails stays pending without holding up the next ones).
 * @param afterKey - the last key of the previous batch ('' for the first)
 * @param limit - most sources returned
 * @returns `{key, url}` by ascending key
 */
export async function listBackfillBatch(
  db: Queryable,
  afterKey: string,
  limit: number,
): Promise<Array<{ key: string; url: string }>> {
  return db.query<{ key: string; url: string }>(
    `SELECT s.key, s.url
       FROM (SELECT DISTINCT ON (cover_key(x.coverart)) cover_key(x.coverart) AS key, x.coverart AS url
               FROM (${SOURCES_WITHOUT_COVER}) x
              ORDER BY cover_key(x.coverart)) s
       LEFT JOIN covers c ON c.key = s.key
      WHERE s.key > $1 AND c.state IS DISTINCT FROM 'refused'
      ORDER BY s.key
      LIMIT $2`,
    [afterKey, limit],
  );
}

/**
 * How many sources the back-fill still has to decide (no finished cover, no refusal).
 */
export async function countMissingCoverSources(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: string }>(
    `SELECT count(*) AS n
       FROM (${SOURCES_WITHOUT_COVER}) s
       LEFT JOIN covers c ON c.key = cover_key(s.coverart)
      WHERE c.key IS NULL OR c.state = 'pending'`,
  );
  return Number(rows[0]!.n);
}
