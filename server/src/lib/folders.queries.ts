/**
 * The folders of a crate (API.md "Collection details": `GET /api/record/folders`), read by the
 * own crate's route and a shared crate's (features/records, features/share).
 */
import type { FolderCount } from '@spincrate/contract';
import type { Queryable } from '@/db/database.js';

/**
 * The user's folders (API.md "Collection details": `GET /api/record/folders`, "by name"):
 * each folder once, ignoring case (named as its first spelling in code point order), with
 * its record count, ordered by name as every list orders names (the `record_order`
 * collation: case- and accent-insensitive, so "Ärger" comes before "Jazz"), then by the
 * lower-cased name. Also a shared crate's folder filter (API.md "Share links").
 * @param userId - the crate's owner
 * @returns `[{ folder, records }]`, [] when no record has a folder
 */
export function listFolders(db: Queryable, userId: number): Promise<FolderCount[]> {
  return db.query<FolderCount>(
    `SELECT min(r.folder) AS folder, count(*)::int AS records
       FROM records r
      WHERE r.user_id = $1 AND r.folder IS NOT NULL
      GROUP BY lower(r.folder)
      ORDER BY min(r.folder) COLLATE record_order, lower(r.folder)`,
    [userId],
  );
}
