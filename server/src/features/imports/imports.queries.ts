/**
 * SQL of the import feature (API.md "Import from a Discogs collection export" and the
 * import/export routes): imports and their records, the look-up bookkeeping of the
 * background queue, the look-up pacing shared by every server process, and the export.
 * Every statement that reads a user's rows names the user.
 */
import type { Queryable } from '@/db/database.js';
import { RECORD_ORDER, RECORD_SELECT, type RecordRow } from '@/features/records/index.js';
import type { DiscogsCollectionFields } from './imports.csv.js';

/** An import as stored, with how many of its records still wait for their look-up. */
export interface ImportRow {
  id: number;
  total: number;
  imported: number;
  duplicates: number;
  failed: number;
  errors: Array<{ row: number; message: string }>;
  pending: number;
}

/** A record to store from an import row. */
export interface ImportedRecord {
  title: string;
  artist: string;
  details: string;
  /** null: the time of the import. */
  dateAdded: Date | null;
  /** From `Released`; null when unknown (the look-up may then find it). */
  year: number | null;
  /** The collection details the row's columns fill (API.md "Collection details": import). */
  collection?: DiscogsCollectionFields;
}

/** First key of the per-user import lock (the second is the user id). */
const IMPORT_LOCK = 4_242_102;

/**
 * Serialises the imports of one user until the transaction ends, so that two imports
 * at once cannot both store the same album.
 */
export async function lockImportsOf(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [IMPORT_LOCK, userId]);
}

/** True when a mood with this id exists. */
export async function moodExists(db: Queryable, moodId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM moods WHERE id = $1', [moodId]);
  return rows.length > 0;
}

/** Artist and title of every record in the user's crate (for duplicate checks). */
export function listCrateAlbums(
  db: Queryable,
  userId: number,
): Promise<Array<{ artist: string; title: string }>> {
  return db.query<{ artist: string; title: string }>('SELECT artist, title FROM records WHERE user_id = $1', [
    userId,
  ]);
}

/**
 * Stores an import's outcome.
 * @returns its id
 */
export async function insertImport(
  tx: Queryable,
  userId: number,
  counts: { total: number; imported: number; duplicates: number; failed: number; errors: unknown[] },
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO imports (user_id, total, imported, duplicates, failed, errors)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
    [userId, counts.total, counts.imported, counts.duplicates, counts.failed, JSON.stringify(counts.errors)],
  );
  return rows[0]!.id;
}

/**
 * Stores the records of an import, in the given order, with no cover (the fallback),
 * no tags, and their metadata look-up pending.
 * @returns the new record ids, in the same order
 */
export async function insertImportedRecords(
  tx: Queryable,
  userId: number,
  moodId: number,
  importId: number,
  records: ImportedRecord[],
): Promise<number[]> {
  if (records.length === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO records (user_id, mood_id, import_id, title, artist, details, date_added, coverart, tags,
                          lookup_pending, year, rating, folder, media_condition, sleeve_condition, label,
                          catalog_number, format, discogs_release_id)
     SELECT $1, $2, $3, t.title, t.artist, t.details, COALESCE(t.date_added, date_trunc('second', now())), NULL, '{}',
            true, t.year, t.rating, t.folder, t.media_condition, t.sleeve_condition, t.label,
            t.catalog_number, t.format, t.discogs_release_id
       FROM unnest($4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::int[], $9::smallint[], $10::text[],
                   $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::int[]) WITH ORDINALITY
            AS t(title, artist, details, date_added, year, rating, folder, media_condition, sleeve_condition,
                 label, catalog_number, format, discogs_release_id, n)
      ORDER BY t.n
     RETURNING id`,
    [
      userId,
      moodId,
      importId,
      records.map((r) => r.title),
      records.map((r) => r.artist),
      records.map((r) => r.details),
      records.map((r) => r.dateAdded?.toISOString() ?? null),
      records.map((r) => r.year),
      records.map((r) => r.collection?.rating ?? null),
      records.map((r) => r.collection?.folder ?? null),
      records.map((r) => r.collection?.media_condition ?? null),
      records.map((r) => r.collection?.sleeve_condition ?? null),
      records.map((r) => r.collection?.label ?? null),
      records.map((r) => r.collection?.catalog_number ?? null),
      records.map((r) => r.collection?.format ?? null),
      records.map((r) => r.collection?.discogs_release_id ?? null),
    ],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * One of the user's imports, with the number of its records still pending.
 * @returns undefined when the user has no such import
 */
export async function findImport(
  db: Queryable,
  userId: number,
  importId: number,
): Promise<ImportRow | undefined> {
  const rows = await db.query<ImportRow>(
    `SELECT i.id, i.total, i.imported, i.duplicates, i.failed, i.errors,
            (SELECT count(*) FROM records r WHERE r.import_id = i.id AND r.lookup_pending)::int AS pending
       FROM imports i
      WHERE i.id = $1 AND i.user_id = $2`,
    [importId, userId],
  );
  return rows[0];
}

/** Ids of every record whose look-up is still pending, oldest first. */
export async function listPendingLookups(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ id: number }>('SELECT id FROM records WHERE lookup_pending ORDER BY id');
  return rows.map((r) => r.id);
}

/** The album of a record whose look-up is pending; undefined when it is done or gone. */
export async function findPendingLookup(
  db: Queryable,
  recordId: number,
): Promise<{ id: number; artist: string; title: string } | undefined> {
  const rows = await db.query<{ id: number; artist: string; title: string }>(
    'SELECT id, artist, title FROM records WHERE id = $1 AND lookup_pending',
    [recordId],
  );
  return rows[0];
}

/**
 * Stores what a look-up found and ends the record's pending state. The found release
 * year fills in only a year the record does not have yet (from `Released`, or the owner's). A corrected title
 * or artist is taken only when it differs in letter case alone, so the record keeps
 * its identity (artist and title ignoring case), and only if the text is still the
 * one that was looked up ignoring case (the owner may have edited it meanwhile).
 * @param found.coverart - null keeps the fallback cover
 */
export async function saveLookup(
  db: Queryable,
  recordId: number,
  found: { coverart: string | null; tags: string[]; title?: string; artist?: string; year?: number },
): Promise<void> {
  await db.query(
    `UPDATE records
        SET coverart = $2,
            tags = $3::text[],
            title = CASE WHEN lower($4::text) = lower(title) THEN $4::text ELSE title END,
            artist = CASE WHEN lower($5::text) = lower(artist) THEN $5::text ELSE artist END,
            year = COALESCE(year, $6::int),
            lookup_pending = false
      WHERE id = $1 AND lookup_pending`,
    [recordId, found.coverart, found.tags, found.title ?? null, found.artist ?? null, found.year ?? null],
  );
}

/** The user's whole crate as Records, oldest first (the order of a Discogs export). */
export function listCrateOldestFirst(db: Queryable, userId: number): Promise<RecordRow[]> {
  return db.query<RecordRow>(`${RECORD_SELECT} WHERE r.user_id = $1 ORDER BY r.date_added, r.id`, [userId]);
}

/** The user's whole crate as Records, newest first (the order of every record list). */
export function listCrateNewestFirst(db: Queryable, userId: number): Promise<RecordRow[]> {
  return db.query<RecordRow>(`${RECORD_SELECT} WHERE r.user_id = $1 ${RECORD_ORDER}`, [userId]);
}

/** The record ids of each of the user's spins, in the order they were given. */
export function listSpinAlbumIds(
  db: Queryable,
  userId: number,
): Promise<Array<{ spin_id: number; albums: number[] }>> {
  return db.query<{ spin_id: number; albums: number[] }>(
    `SELECT sr.spin_id, array_agg(sr.record_id ORDER BY sr.position, sr.record_id) AS albums
       FROM spin_records sr
       JOIN spins s ON s.id = sr.spin_id AND s.user_id = $1
      GROUP BY sr.spin_id`,
    [userId],
  );
}
