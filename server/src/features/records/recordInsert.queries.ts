/**
 * Storing a record (API.md "Routes": POST /api/record/add): shared by the records feature's
 * add and the wantlist's Got it (API.md "Wantlist"), which stores the record a want becomes.
 */
import type { CollectionDetailsInput } from '@spincrate/contract';
import type { Queryable } from '@/db/database.js';
import { RECORD_COLUMNS, type RecordRow } from './records.entity.js';

/**
 * The columns and values of the collection details a body set (API.md "Collection
 * details"): absent fields are left out (unchanged on edit), null clears; the price is
 * stored as whole cents plus its currency code.
 */
export function detailColumns(details: CollectionDetailsInput): Array<[column: string, value: unknown]> {
  const columns: Array<[string, unknown]> = [];
  for (const [name, value] of Object.entries(details) as Array<[keyof CollectionDetailsInput, unknown]>) {
    if (value === undefined) continue;
    if (name === 'price') {
      const price = value as { cents: number; currency: string } | null;
      columns.push(['price_cents', price?.cents ?? null], ['price_currency', price?.currency ?? null]);
    } else {
      columns.push([name, value]);
    }
  }
  return columns;
}

/** A record to store (the owner and the values after validation and look-up). */
export interface NewRecord {
  userId: number;
  title: string;
  artist: string;
  moodId: number;
  details: string;
  tags: string[];
  /** null: no cover found, the fallback is shown. */
  coverart: string | null;
  /** Original release year 1900–2100, or null when unknown. */
  year: number | null;
  /** True: the look-up is still to be done in the background (the fallback until then). */
  lookupPending?: boolean;
  /** The barcode it was added from (8, 12 or 13 digits), or null. */
  barcode?: string | null;
  /** The MusicBrainz release it was added from, or null. */
  mbReleaseId?: string | null;
  /** That release's release group, or null. */
  mbReleaseGroupId?: string | null;
  /** The collection details given (API.md "Collection details"); absent ones stay null. */
  collection?: CollectionDetailsInput;
}

/**
 * Stores a record; `date_added` is now.
 * @returns the stored record as RECORD_SELECT reads it
 * @throws a database error with SQLSTATE 23503 when the mood does not exist
 */
export async function insertRecord(db: Queryable, record: NewRecord): Promise<RecordRow> {
  const details = detailColumns(record.collection ?? {});
  const detailNames = details.map(([column]) => `, ${column}`).join('');
  const detailParams = details.map((_, i) => `, $${13 + i}`).join('');
  const rows = await db.query<RecordRow>(
    `WITH inserted AS (
       INSERT INTO records (user_id, title, artist, mood_id, details, tags, coverart, year, lookup_pending,
                            barcode, mb_release_id, mb_release_group_id${detailNames})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12${detailParams})
       RETURNING *
     )
     SELECT ${RECORD_COLUMNS}
       FROM inserted r JOIN moods m ON m.id = r.mood_id
       -- The plays row is made at the end of this statement: none yet, no plays.
       LEFT JOIN record_plays p ON p.record_id = r.id`,
    [
      record.userId,
      record.title,
      record.artist,
      record.moodId,
      record.details,
      record.tags,
      record.coverart,
      record.year,
      record.lookupPending ?? false,
      record.barcode ?? null,
      record.mbReleaseId ?? null,
      record.mbReleaseGroupId ?? null,
      ...details.map(([, value]) => value),
    ],
  );
  return rows[0]!;
}
