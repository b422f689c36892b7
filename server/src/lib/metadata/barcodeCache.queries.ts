/**
 * SQL of the barcode look-ups' cache (`barcode_lookups`, API.md "Adding by barcode":
 * results are cached for a day), shared by the look-up route that fills it and the
 * record add that reads the release a user picked.
 */
import type { Queryable } from '@/db/database.js';
import type { ReleaseFound } from './barcode.js';

/** How long a barcode's answer is served from the cache, in hours. */
const BARCODE_CACHE_HOURS = 24;

/**
 * The pressings cached for a barcode, when they were fetched less than a day ago.
 * @param key - from `barcodeCacheKey(code)`
 * @returns the releases (possibly empty: "nothing found" is cached too), or undefined on a miss
 */
export async function readCachedBarcode(db: Queryable, key: string): Promise<ReleaseFound[] | undefined> {
  const rows = await db.query<{ releases: ReleaseFound[] }>(
    `SELECT releases FROM barcode_lookups
      WHERE code = $1 AND fetched_at > now() - $2 * interval '1 hour'`,
    [key, BARCODE_CACHE_HOURS],
  );
  return rows[0]?.releases;
}

/** Stores (or replaces) a barcode's answer, fetched now. */
export async function writeCachedBarcode(
  db: Queryable,
  key: string,
  releases: ReleaseFound[],
): Promise<void> {
  await db.query(
    `INSERT INTO barcode_lookups (code, releases, fetched_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (code) DO UPDATE SET releases = excluded.releases, fetched_at = excluded.fetched_at`,
    [key, JSON.stringify(releases)],
  );
}

/**
 * A release some barcode look-up found (however long ago: a release does not change),
 * to take its release group, year and tags when a record is added from it.
 * @returns the release, or undefined when no look-up found it
 */
export async function findCachedRelease(
  db: Queryable,
  mbReleaseId: string,
): Promise<ReleaseFound | undefined> {
  const rows = await db.query<{ release: ReleaseFound }>(
    `SELECT r.release
       FROM barcode_lookups b, jsonb_array_elements(b.releases) AS r(release)
      WHERE r.release->>'mb_release_id' = $1
      ORDER BY b.fetched_at DESC
      LIMIT 1`,
    [mbReleaseId.toLowerCase()],
  );
  return rows[0]?.release;
}

/**
 * The tags cached for a release group, when they were fetched less than a day ago
 * (issue 26 item 4).
 * @returns the tag names (possibly empty: "no tags" is cached too), or undefined on a miss
 */
export async function readCachedGroupTags(
  db: Queryable,
  mbReleaseGroupId: string,
): Promise<string[] | undefined> {
  const rows = await db.query<{ tags: string[] }>(
    `SELECT tags FROM release_group_tags
      WHERE mb_release_group_id = $1 AND fetched_at > now() - $2 * interval '1 hour'`,
    [mbReleaseGroupId, BARCODE_CACHE_HOURS],
  );
  return rows[0]?.tags;
}

/** Stores (or replaces) a release group's tags, fetched now. */
export async function writeCachedGroupTags(
  db: Queryable,
  mbReleaseGroupId: string,
  tags: string[],
): Promise<void> {
  await db.query(
    `INSERT INTO release_group_tags (mb_release_group_id, tags, fetched_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (mb_release_group_id) DO UPDATE SET tags = excluded.tags, fetched_at = excluded.fetched_at`,
    [mbReleaseGroupId, JSON.stringify(tags)],
  );
}
