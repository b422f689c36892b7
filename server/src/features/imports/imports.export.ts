/**
 * The crate as a download (API.md "Routes": GET /api/record/export): CSV in the Discogs
 * collection-export columns, which an import reads back into the same artist, title,
 * date added (to the second) and details; or JSON, a full backup of records and spins.
 */
import { stringify } from 'csv-stringify/sync';
import type { Queryable } from '@/db/database.js';
import {
  listSpins,
  listWantsNewestFirst,
  wantJson,
  withCoverArt,
  type RecordJson,
  type RecordRow,
  type SpinRow,
} from '@/features/records/index.js';
import { DISCOGS_COLUMNS } from '@spincrate/contract';
import {
  DISCOGS_DEFAULT_FOLDER,
  formatDateAdded,
  protectDisambiguation,
  protectFormula,
} from './imports.csv.js';
import { parseDetails } from './imports.details.js';
import { listCrateNewestFirst, listCrateOldestFirst, listSpinAlbumIds } from './imports.queries.js';

/** The JSON backup: every record, and every spin with the ids of its records. */
export interface CrateBackup {
  records: RecordJson[];
  spins: Array<SpinRow & { albums: number[] }>;
  /** The wantlist, newest first (API.md "Wantlist": the JSON backup has them under `wants`). */
  wants: object[];
}

/**
 * One record as a row of a Discogs collection export, in `DISCOGS_COLUMNS` order; no cell
 * begins as a spreadsheet formula (see `protectFormula`). The collection details fill their
 * columns (API.md "Collection details": rating, folder — `Uncategorized` when none —,
 * release id, conditions, label, catalog number, format); where a record has none of its
 * own, the column is taken from its details text, as before the details existed.
 */
function discogsRow(record: RecordRow): string[] {
  const details = parseDetails(record.details);
  const cells = [
    record.catalog_number ?? details.catalog ?? '',
    protectDisambiguation(record.artist),
    record.title,
    record.label ?? details.label ?? '',
    record.format ?? details.format ?? '',
    record.rating === null ? '' : String(record.rating),
    details.released ?? '',
    record.discogs_release_id === null ? '' : String(record.discogs_release_id),
    record.folder ?? DISCOGS_DEFAULT_FOLDER,
    formatDateAdded(record.date_added),
    record.media_condition ?? details.media ?? '',
    record.sleeve_condition ?? details.sleeve ?? '',
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
 * The user's crate, spins and wants as a JSON backup: Records newest first (as every record
 * list), spins newest first, each with its record ids in the order they were given, and the
 * Wants newest first.
 * @param fallbackCover - the fallback cover URL for records without one
 */
export async function exportCrateJson(
  db: Queryable,
  userId: number,
  fallbackCover: string,
): Promise<CrateBackup> {
  const [records, spins, albums, wants] = await Promise.all([
    listCrateNewestFirst(db, userId),
    listSpins(db, userId),
    listSpinAlbumIds(db, userId),
    listWantsNewestFirst(db, userId),
  ]);
  const albumsBySpin = new Map(albums.map((a) => [a.spin_id, a.albums]));
  return {
    records: withCoverArt(records, fallbackCover),
    spins: spins.map((spin) => ({ ...spin, albums: albumsBySpin.get(spin.id) ?? [] })),
    wants: wants.map((want) => wantJson(want, fallbackCover)),
  };
}
