/** SQL of the cached tracklists (`mb_tracklists`, `record_releases`; API.md "ListenBrainz"). */
import type { Queryable } from '@/db/database.js';
import type { Tracklist } from './tracklists.js';

/** A release's cached tracklist, or undefined. */
export async function findTracklist(db: Queryable, releaseId: string): Promise<Tracklist | undefined> {
  const rows = await db.query<Tracklist>(
    'SELECT release_id, release_group_id, title, artist, tracks FROM mb_tracklists WHERE release_id = $1',
    [releaseId],
  );
  return rows[0];
}

/** Caches a release's tracklist (the first one stored stays). */
export async function saveTracklist(db: Queryable, tracklist: Tracklist): Promise<void> {
  await db.query(
    `INSERT INTO mb_tracklists (release_id, release_group_id, title, artist, tracks)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (release_id) DO NOTHING`,
    [
      tracklist.release_id,
      tracklist.release_group_id,
      tracklist.title,
      tracklist.artist,
      JSON.stringify(tracklist.tracks),
    ],
  );
}

/** The release found for a record: `{release_id}` (null: none found), or undefined when not resolved yet. */
export async function findRecordRelease(
  db: Queryable,
  recordId: number,
): Promise<{ release_id: string | null } | undefined> {
  const rows = await db.query<{ release_id: string | null }>(
    'SELECT release_id FROM record_releases WHERE record_id = $1',
    [recordId],
  );
  return rows[0];
}

/** The ids a record's release is found by, or undefined when there is no such record. */
export async function findRecordReleaseIds(db: Queryable, recordId: number) {
  const rows = await db.query<{
    mb_release_id: string | null;
    discogs_release_id: number | null;
    mb_release_group_id: string | null;
  }>('SELECT mb_release_id, discogs_release_id, mb_release_group_id FROM records WHERE id = $1', [recordId]);
  return rows[0];
}

/** Remembers the release found for a record (null: none). */
export async function saveRecordRelease(
  db: Queryable,
  recordId: number,
  releaseId: string | null,
): Promise<void> {
  await db.query(
    `INSERT INTO record_releases (record_id, release_id) VALUES ($1, $2)
     ON CONFLICT (record_id) DO UPDATE SET release_id = excluded.release_id, fetched_at = now()`,
    [recordId, releaseId],
  );
}

/** The cached tracklist of a record: undefined when not resolved yet, null when none was found. */
export async function findCachedTracklistOfRecord(
  db: Queryable,
  recordId: number,
): Promise<Tracklist | null | undefined> {
  const rows = await db.query<Tracklist & { release_id: string | null }>(
    `SELECT t.release_id, t.release_group_id, t.title, t.artist, t.tracks
       FROM record_releases rr LEFT JOIN mb_tracklists t ON t.release_id = rr.release_id
      WHERE rr.record_id = $1`,
    [recordId],
  );
  if (!rows[0]) return undefined;
  return rows[0].release_id === null ? null : rows[0];
}

/** Which of `ids` are records of `userId`. */
export async function ownRecordIds(db: Queryable, userId: number, ids: number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM records WHERE id = ANY($1::int[]) AND user_id = $2',
    [ids, userId],
  );
  return rows.map((r) => r.id);
}
