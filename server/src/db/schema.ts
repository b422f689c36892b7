/**
 * Applies `database.sql` (idempotent) at start-up, under an advisory lock so that
 * several server processes starting together do not race each other.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../config.js';
import type { Database } from './database.js';

/** Advisory lock key shared by every process applying the schema. */
const SCHEMA_LOCK = 4_242_001;

/**
 * Applies the schema file to the database.
 * @param schemaPath - defaults to the repository's `database.sql`
 */
export async function applySchema(
  db: Database,
  schemaPath = path.join(repoRoot, 'database.sql'),
): Promise<void> {
  const sql = await readFile(schemaPath, 'utf8');
  await db.withTransaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.query(sql);
  });
}
