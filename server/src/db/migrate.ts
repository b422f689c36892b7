/**
 * Brings a database's schema up to date with the SQL migrations in `server/migrations/`
 * (node-pg-migrate; README "Schema changes"). Run at every start-up, by the test suites'
 * database set-up and by the seed script.
 *
 * Several server processes may start together on one database: node-pg-migrate holds a
 * PostgreSQL advisory lock while it migrates, and the others wait for it (then find
 * nothing left to do). All pending migrations run in one transaction, so a failing
 * migration leaves the database as it was.
 */
import path from 'node:path';
import { runner } from 'node-pg-migrate';
import { repoRoot } from '@/config.js';
import type { Logger } from '@/lib/logger.js';

/** The folder of the migration files, `NNNN_description.sql`, applied in number order. */
const MIGRATIONS_DIR = path.join(repoRoot, 'server', 'migrations');

/** node-pg-migrate's record of the migrations applied (in the `public` schema). */
export const MIGRATIONS_TABLE = 'pgmigrations';

/**
 * Applies every migration the database has not had yet, waiting for any other process
 * that is migrating the same database.
 *
 * Uses a connection of its own (no statement time limit, unlike the app's pool), so a
 * long data migration is not cut short.
 * @param databaseUrl - connection string of the database to migrate
 * @param logger - the app's logger (node-pg-migrate's progress goes to debug)
 * @param options.count - apply at most this many of the pending migrations (oldest first), to
 *   build the schema of an earlier version (tests of a data migration); all when undefined
 * @returns the names of the migrations applied now, oldest first (empty when up to date)
 * @throws Error when a migration fails (nothing of the pending migrations is kept) or
 *   the database cannot be reached
 */
export async function migrate(
  databaseUrl: string,
  logger: Logger,
  options: { count?: number } = {},
): Promise<string[]> {
  const log = logger.child({ module: 'migrate' });
  const applied = await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    // Only the .sql files are migrations (README.md beside them is not); dot files are ignored.
    ignorePattern: '(?:(?!.*\\.sql$).*|\\..*)',
    migrationsTable: MIGRATIONS_TABLE,
    direction: 'up',
    ...(options.count === undefined ? {} : { count: options.count }),
    checkOrder: true,
    singleTransaction: true,
    advisoryLockMode: 'wait',
    logger: {
      info: (msg) => log.debug(msg),
      warn: (msg) => log.warn(msg),
      // A failure is also thrown, and said once by whoever started the migration.
      error: (msg) => log.debug(msg),
    },
  });
  const names = applied.map((m) => m.name);
  if (names.length > 0) log.info({ migrations: names }, 'database schema migrated');
  return names;
}
