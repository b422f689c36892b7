/**
 * Importing a Discogs collection export into a crate (API.md "Import from a Discogs
 * collection export"), and reading an import's progress. Used by the routes and by the
 * seed script.
 */
import type { Import } from '@spincrate/contract';
import type { Database } from '@/db/database.js';
import { ValidationError } from '@/lib/errors.js';
import { readDiscogsCsv, type DiscogsRow } from './imports.csv.js';
import {
  findImport,
  insertImport,
  insertImportedRecords,
  listCrateAlbums,
  lockImportsOf,
  moodExists,
} from './imports.queries.js';
import { enqueueLookups, type LookupSender } from '@/lib/metadata/queue.js';
import { anyServiceUnreachable } from '@/lib/metadata/pacing.queries.js';

/**
 * Most row errors kept with an import (the first ones); `failed` still counts them all.
 * Keeps the progress answer, read every 1.5 s, small for a broken 5 MB file.
 */
const MAX_REPORTED_ERRORS = 1000;

/** Records stored per statement, so that each stays well within the statement time limit. */
const INSERT_CHUNK = 1000;

/** An Import as the API answers it (API.md "Import…"; the contract's `Import`). */
export type ImportJson = Import;

/** What identifies an album in a crate: artist and title ignoring case. */
function albumKey(artist: string, title: string): string {
  return `${artist.toLowerCase()}\u0000${title.toLowerCase()}`;
}

/** Splits readable rows into new albums and duplicates (of the crate or of an earlier row). */
function withoutDuplicates(rows: DiscogsRow[], crate: Array<{ artist: string; title: string }>) {
  const seen = new Set(crate.map((r) => albumKey(r.artist, r.title)));
  const fresh: DiscogsRow[] = [];
  let duplicates = 0;
  for (const row of rows) {
    const key = albumKey(row.artist, row.title);
    if (seen.has(key)) {
      duplicates += 1;
    } else {
      seen.add(key);
      fresh.push(row);
    }
  }
  return { fresh, duplicates };
}

/**
 * Imports a Discogs collection export into a user's crate: the valid new rows are stored
 * in one transaction (fallback cover, no tags, look-up pending) together with their
 * look-up jobs; duplicates and unreadable rows are counted.
 * @param lookups - the app's look-up sender (its queue is started on first use)
 * @param input.csv - the export's text
 * @param input.moodId - the mood of every imported record
 * @returns the Import, `enriching` while look-ups are pending
 * @throws ValidationError (400) for an unknown mood or a file that is not a Discogs export
 */
export async function importDiscogsCsv(
  db: Database,
  lookups: LookupSender,
  input: { userId: number; csv: string; moodId: number },
): Promise<ImportJson> {
  if (!(await moodExists(db, input.moodId))) {
    throw new ValidationError('mood is not a known mood', { mood: 'is not a known mood' });
  }
  const file = await readDiscogsCsv(input.csv);
  const queue = await lookups();
  const outcome = await db.withTransaction(async (tx) => {
    await lockImportsOf(tx, input.userId);
    const { fresh, duplicates } = withoutDuplicates(file.rows, await listCrateAlbums(tx, input.userId));
    const counts = {
      total: file.total,
      imported: fresh.length,
      duplicates,
      failed: file.errors.length,
      errors: file.errors.slice(0, MAX_REPORTED_ERRORS),
    };
    const id = await insertImport(tx, input.userId, counts);
    for (let start = 0; start < fresh.length; start += INSERT_CHUNK) {
      const chunk = fresh.slice(start, start + INSERT_CHUNK);
      const recordIds = await insertImportedRecords(tx, input.userId, input.moodId, id, chunk);
      await enqueueLookups(queue, recordIds, tx);
    }
    return { id, ...counts };
  });
  return toImportJson(outcome, outcome.imported, await anyServiceUnreachable(db));
}

/**
 * One of the user's imports with its progress: `enriched` is how many of its records
 * are no longer waiting for their look-up (a record deleted meanwhile counts as done).
 * @returns undefined when the user has no such import
 */
export async function getImport(
  db: Database,
  userId: number,
  importId: number,
): Promise<ImportJson | undefined> {
  const row = await findImport(db, userId, importId);
  if (!row) return undefined;
  return toImportJson(row, row.pending, row.pending > 0 && (await anyServiceUnreachable(db)));
}

/** The Import of API.md from its stored counts and the number of records still pending. */
function toImportJson(
  stored: Omit<ImportJson, 'status' | 'enriched' | 'lookups'>,
  pending: number,
  serviceUnreachable: boolean,
): ImportJson {
  return {
    id: stored.id,
    status: pending > 0 ? 'enriching' : 'done',
    lookups: pending === 0 ? 'done' : serviceUnreachable ? 'waiting_for_service' : 'running',
    total: stored.total,
    imported: stored.imported,
    duplicates: stored.duplicates,
    failed: stored.failed,
    enriched: Math.max(0, stored.imported - pending),
    errors: stored.errors,
  };
}
