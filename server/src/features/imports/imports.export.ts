/**
 * The crate as a download (API.md "Routes": GET /api/record/export): CSV in the Discogs
 * collection-export columns, which an import reads back into the same artist, title,
 * date added (to the second) and details; or JSON, a full backup of records and spins.
 */
import { stringify } from 'csv-stringify/sync';
import type { Queryable } from '@/db/database.js';
import { withCoverArt, type RecordJson, type RecordRow } from '@/lib/records.js';
import { listSpins, type SpinRow } from '@/lib/spins.js';
import { DISCOGS_COLUMNS } from '@spincrate/contract';
import { formatDateAdded, protectDisambiguation, protectFormula } from './imports.csv.js';
import { parseDetails } from './imports.details.js';
import { listCrateNewestFirst, listCrateOldestFirst, listSpinAlbumIds } from './imports.queries.js';

/** The JSON backup: every record, and every spin with the ids of its records. */
export interface CrateBackup {
  records: RecordJson[];
  spins: Array<SpinRow & { albums: number[] }>;
}

/** Discogs' default collection folder. */
const COLLECTION_FOLDER = 'Uncategorized';

/**
 * One record as a row of a Discogs collection export, in `DISCOGS_COLUMNS` order; no cell
 * begins as a spreadsheet formula (see `protectFormula`).
 */
function discogsRow(record: RecordRow): string[] {
  const details = parseDetails(record.details);
  const cells = [
    details.catalog ?? '',
    protectDisambiguation(record.artist),
    record.title,
    details.label ?? '',
    details.format ?? '',
    '',
    details.released ?? '',
    '',
    COLLECTION_FOLDER,
    formatDateAdded(record.date_added),
    details.media ?? '',
    details.sleeve ?? '',
    details.notes ?? '',
  ];
  return cells.map(protectFormula);
}

/**
 * The user's crate as a Discogs collection export, oldest record first.
 * @returns the CSV text, header included
 */
export async function exportCrateCsv(db: Queryable, userId: number): Promise<string> {
  const records = await listCrateOldestFirst(db, userId);
  return stringify([[...DISCOGS_COLUMNS], ...records.map(discogsRow)]);
}

/**
 * The user's crate and spins as a JSON backup: Records newest first (as every record
 * list), spins newest first, each with its record ids in the order they were given.
 * @param fallbackCover - the fallback cover URL for records without one
 */
export async function exportCrateJson(
  db: Queryable,
  userId: number,
  fallbackCover: string,
): Promise<CrateBackup> {
  const [records, spins, albums] = await Promise.all([
    listCrateNewestFirst(db, userId),
    listSpins(db, userId),
    listSpinAlbumIds(db, userId),
  ]);
  const albumsBySpin = new Map(albums.map((a) => [a.spin_id, a.albums]));
  return {
    records: withCoverArt(records, fallbackCover),
    spins: spins.map((spin) => ({ ...spin, albums: albumsBySpin.get(spin.id) ?? [] })),
  };
}
