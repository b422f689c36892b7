/**
 * vitest global setup: one fresh PostgreSQL database for the whole run, migrated to
 * the latest schema (server/migrations), and a migrated template that the files with a
 * database of their own copy (harness.ts `createOwnDatabase`: a copy takes a fraction of
 * the time of running every migration again; issue 28, `npm test` within 6 minutes). Uses `DATABASE_URL`'s server when set (a new database on it, dropped
 * afterwards), otherwise an embedded PostgreSQL in a temporary directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, dropDatabase } from '@/db/admin.js';
import { startEmbeddedDatabase } from '@/db/embedded.js';
import { migrate } from '@/db/migrate.js';
import { createLogger } from '@/lib/logger.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the run's test database. */
    databaseUrl: string;
    /** Connection string of the server's maintenance database, for tests that need their own database. */
    serverUrl: string;
    /** Name of a database on that server migrated to the latest schema, never connected to: copy it. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const logger = createLogger('silent');
  let serverUrl = process.env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!serverUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-test-'));
    const embedded = await startEmbeddedDatabase({ dataDir: tempDir, port: 0, logger });
    serverUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const name = `spincrate_test_${process.pid}_${Date.now()}`;
  const template = `${name}_template`;
  // Migrated once; its connection (the migration's own) is closed when migrate() returns.
  await migrate(await createDatabase(serverUrl, template), logger);
  const databaseUrl = await createDatabase(serverUrl, name, { template });
  project.provide('databaseUrl', databaseUrl);
  project.provide('serverUrl', serverUrl);
  project.provide('templateDatabase', template);

  return async () => {
    await dropDatabase(serverUrl, name).catch(() => undefined);
    await dropDatabase(serverUrl, template).catch(() => undefined);
    if (stopEmbedded) await stopEmbedded();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
