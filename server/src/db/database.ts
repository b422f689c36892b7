/**
 * The PostgreSQL connection pool and the `withTransaction()` helper.
 * Every query is parameterized; rows come back typed by the caller. Calendar dates
 * (`date` columns) come back as `YYYY-MM-DD` strings, with no timezone shift.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from '@/lib/logger.js';
import { ServiceUnavailableError } from '@/lib/errors.js';
import { isDatabaseUnavailable, isTransactionConflict } from './errors.js';

// `date` columns stay as the text PostgreSQL sends: YYYY-MM-DD.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
// count(*) and other bigint values that fit in a JS number come back as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/**
 * A statement each connection prepares once under its name (pg's named query config): the
 * first run on a connection parses it, every later one sends only the name and the values,
 * so PostgreSQL neither parses nor analyses the text again, and after five runs may keep a
 * generic plan instead of planning each run (issue 21: planning was most of a blindbag
 * draw's CPU). Made by {@link namedStatement}; for statements of the hot paths whose plan
 * does not depend on the values (a generic plan is chosen only when it costs no more than
 * the custom ones).
 */
export interface NamedStatement {
  /** Unique per text (pg refuses one name for two texts on a connection). */
  readonly name: string;
  /** SQL with `$1`, `$2` … placeholders. */
  readonly text: string;
}

/** The statement names given out, with their text: one name never names two texts. */
const statementNames = new Map<string, string>();

/**
 * Names a statement so that every connection prepares it once (see {@link NamedStatement}).
 * Call it once per text, at module load or for each variant of a text built at run time
 * (then with a name per variant, e.g. `blindbag-probe-search-unplayed`).
 * @param name - a name unique to this text in the whole server (at most 63 bytes)
 * @param text - the SQL, with `$1` … placeholders
 * @throws Error when `name` already names another text (a programming error)
 */
export function namedStatement(name: string, text: string): NamedStatement {
  const known = statementNames.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement name ${name} names two texts`);
  if (Buffer.byteLength(name) > 63) throw new Error(`statement name ${name} is over 63 bytes`);
  statementNames.set(name, text);
  return { name, text };
}

/** pg's query config of a statement: its text, and its name when it is a named one. */
function queryConfig(statement: string | NamedStatement, params: unknown[] | undefined): pg.QueryConfig {
  return typeof statement === 'string'
    ? { text: statement, values: params }
    : { name: statement.name, text: statement.text, values: params };
}

/** Anything that runs a query: the database itself or an open transaction. */
export interface Queryable {
  /**
   * Runs one parameterized statement.
   * @param statement - SQL with `$1`, `$2` … placeholders, or a {@link NamedStatement}
   *   (prepared once per connection)
   * @param params - the values, never interpolated into the text
   * @returns the rows
   * @throws ServiceUnavailableError when the database cannot be reached or timed out
   */
  query<R extends object = Record<string, unknown>>(
    statement: string | NamedStatement,
    params?: unknown[],
  ): Promise<R[]>;
}

export interface DatabaseOptions {
  connectionString: string;
  logger: Logger;
  /** Most connections in the pool (default 10). */
  max?: number;
  /** Server-side statement time limit in ms (default 5000). */
  statementTimeoutMs?: number;
  /** Time to wait for a connection in ms (default 2000). */
  connectionTimeoutMs?: number;
}

/**
 * SQLSTATEs a connection gets when its database stops: admin_shutdown (fast shutdown, or
 * pg_terminate_backend), crash_shutdown, cannot_connect_now.
 */
const DATABASE_STOPPING = new Set(['57P01', '57P02', '57P03']);

/** A 503 for `err`, which stays its `cause` (the error handler logs its SQLSTATE and message). */
function unavailable(err: unknown, message?: string, retryAfterSeconds?: number): ServiceUnavailableError {
  const error = new ServiceUnavailableError(message, retryAfterSeconds);
  error.cause = err;
  return error;
}

function translate(err: unknown): never {
  if (isDatabaseUnavailable(err)) throw unavailable(err);
  throw err;
}

/** How many times a statement or transaction runs when PostgreSQL keeps rolling it back for a conflict. */
export const CONFLICT_ATTEMPTS = 5;

/**
 * Runs `attempt` again when PostgreSQL rolled it back for a conflict with another
 * transaction (serialization failure 40001, deadlock 40P01), at most
 * {@link CONFLICT_ATTEMPTS} times in all, after a short random pause (up to 10, 20, 40,
 * 80 ms) so that the transactions that met do not meet again.
 * @throws the last conflict as ServiceUnavailableError (503, try again) when every attempt
 *   met one; any other error of `attempt` as it is
 */
async function retryConflicts<T>(attempt: () => Promise<T>, logger: Logger): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (!isTransactionConflict(err)) throw err;
      const code = (err as { code: string }).code;
      if (tries >= CONFLICT_ATTEMPTS) {
        logger.warn({ code, tries }, 'transaction conflict on every attempt');
        throw unavailable(err, 'The database is busy; try again shortly', 1);
      }
      logger.debug({ code, tries }, 'transaction conflict, running it again');
      await sleep(Math.random() * 10 * 2 ** (tries - 1));
    }
  }
}

class Transaction implements Queryable {
  constructor(private readonly client: pg.PoolClient) {}

  async query<R extends object>(statement: string | NamedStatement, params?: unknown[]): Promise<R[]> {
    try {
      const result = await this.client.query<R>(queryConfig(statement, params));
      return result.rows;
    } catch (err) {
      return translate(err);
    }
  }
}

/** A pool of connections to one PostgreSQL database. */
export class Database implements Queryable {
  /** The underlying pool, for libraries that take one (connect-pg-simple, pg-boss). */
  readonly pool: pg.Pool;
  /** Open connections, so that `close()` can wait until they are really closed. */
  private readonly connections = new Set<pg.PoolClient>();
  /** True once close() was called: the connections ending then are expected. */
  private closing = false;
  /** Told the text of every statement sent on this pool's connections (see onStatement). */
  private readonly statementListeners = new Set<(text: string) => void>();
  private readonly logger: Logger;

  constructor(options: DatabaseOptions) {
    this.logger = options.logger;
    const statementTimeout = options.statementTimeoutMs ?? 5000;
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.max ?? 10,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 2000,
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + 1000,
      idleTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // Without this listener an idle client's error (e.g. the server restarting) crashes the process.
    // A database that is shutting down (Ctrl-C reaches the embedded PostgreSQL too) ends every
    // idle connection at once: that is said once, at info, not as one warning per connection
    // (issue 26, item 10). Other errors of an idle connection stay warnings.
    let shutdownNoticed = false;
    this.pool.on('error', (err) => {
      const code = (err as { code?: string }).code;
      const fields = { err: { message: err.message, code } };
      if (code !== undefined && DATABASE_STOPPING.has(code)) {
        if (shutdownNoticed || this.closing) {
          options.logger.debug(fields, 'idle database client closed by the database');
        } else {
          shutdownNoticed = true;
          options.logger.info(fields, 'the database is shutting down: its idle connections were closed');
        }
        return;
      }
      options.logger.warn(fields, 'idle database client error');
    });
    // Once new connections are made again, a later shutdown is noticed again.
    this.pool.on('acquire', () => {
      shutdownNoticed = false;
    });
    // A client checked out of the pool (a transaction, pg-boss) has no pool listener while
    // it is out; when its connection dies it emits 'error', which would crash the process.
    // The query in progress fails with the same error and the client is dropped on release.
    this.pool.on('connect', (client) => {
      this.connections.add(client);
      // Every statement, from us or from a library on the pool (sessions, pg-boss), passes
      // here; listeners see its text (tests count the statements of a request).
      const send = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        if (this.statementListeners.size > 0) {
          const first = args[0] as string | { text?: string } | undefined;
          const text = typeof first === 'string' ? first : (first?.text ?? '');
          for (const listener of this.statementListeners) listener(text);
        }
        return send(...args);
      };
      client.once('end', () => this.connections.delete(client));
      client.on('error', (err) => {
        options.logger.debug(
          { err: { message: err.message, code: (err as { code?: string }).code } },
          'database client error',
        );
      });
    });
  }

  /**
   * Runs one statement in a transaction of its own. A statement PostgreSQL rolled back for
   * a conflict with another transaction (40001, 40P01) runs again (see retryConflicts).
   * @throws ServiceUnavailableError when the database cannot be reached, timed out, or the
   *   statement met a conflict on every attempt
   */
  async query<R extends object>(statement: string | NamedStatement, params?: unknown[]): Promise<R[]> {
    return retryConflicts(async () => {
      try {
        const result = await this.pool.query<R>(queryConfig(statement, params));
        return result.rows;
      } catch (err) {
        return translate(err);
      }
    }, this.logger);
  }

  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * A transaction PostgreSQL rolled back for a conflict with another one (serialization
   * failure 40001, deadlock 40P01) runs again from the start, so `work` may be called more
   * than once: it must do nothing outside the transaction.
   * @returns what `work` returns
   * @throws whatever `work` throws (after the rollback); ServiceUnavailableError when
   *   unreachable, or when the transaction met a conflict on every attempt
   */
  withTransaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return retryConflicts(() => this.transactionOnce(work), this.logger);
  }

  /** One try of withTransaction. */
  private async transactionOnce<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      return translate(err);
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(new Transaction(client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      if (isDatabaseUnavailable(err)) {
        broken = true;
        throw unavailable(err);
      }
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /**
   * Calls `listener` with the SQL text of every statement sent on this pool's connections
   * from now on (including BEGIN/COMMIT and the statements of libraries using the pool).
   * @returns a function that stops the listening
   */
  onStatement(listener: (text: string) => void): () => void {
    this.statementListeners.add(listener);
    return () => this.statementListeners.delete(listener);
  }

  /** True when the database answers a trivial query. */
  async isHealthy(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Closes every connection and waits until they are closed (at most 5 s), so that a
   * PostgreSQL stopped right afterwards has no session of ours left to terminate.
   * The Database is unusable afterwards.
   */
  async close(): Promise<void> {
    this.closing = true;
    const closed = [...this.connections].map(
      (c) => new Promise<void>((resolve) => c.once('end', () => resolve())),
    );
    await this.pool.end();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(closed),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, 5000))),
    ]);
    clearTimeout(timer);
  }
}
