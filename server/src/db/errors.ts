/**
 * Recognises database errors that mean "the database cannot serve us right now"
 * (unreachable, restarting, pool exhausted, statement time limit) so they become
 * 503 `unavailable` instead of 500 (API.md "Running under faults").
 */

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown (pg_terminate_backend, server stopping)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'connection terminated',
  'connection error',
  'query read timeout',
  'cannot use a pool after calling end',
  'client was closed',
  'not queryable',
];

/** True when the error means the database is unreachable or too slow, not a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string') {
    const text = message.toLowerCase();
    return UNAVAILABLE_MESSAGES.some((m) => text.includes(m));
  }
  return false;
}

/**
 * SQLSTATEs with which PostgreSQL rolls back a transaction that met another one, not
 * because anything in it was wrong: a serialization failure (40001) or a deadlock (40P01).
 * The same transaction, run again, may well succeed.
 */
const CONFLICT_CODES = new Set(['40001', '40P01']);

/** True when PostgreSQL rolled the transaction back for a conflict with another one (40001, 40P01). */
export function isTransactionConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONFLICT_CODES.has(code);
}

/** The PostgreSQL SQLSTATE of an error, if it has one (e.g. `23505` unique violation). */
export function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Network error codes of a connection attempt, and how a person would say them. */
const CONNECT_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
};

/** SQLSTATEs of a server that answered but refused to let us in (wrong password, no such database). */
const LOGIN_REFUSED = /^(28|3D)/;

/** The error code of `err` or, for Node's AggregateError of a multi-address connect, of its first error. */
function connectCode(err: unknown): string | undefined {
  const own = (err as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const inner = (err as { errors?: unknown[] } | null)?.errors?.[0];
  const code = (inner as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The database could not be reached, or refused us, at start-up: a message for one line
 * on the terminal, e.g. "can't reach the database at db.local:5432 (DATABASE_URL):
 * connection refused" (never the password of the URL).
 */
export class DatabaseStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseStartError';
  }
}

/**
 * Turns a start-up failure to connect into a DatabaseStartError naming the host, the
 * port and where the URL came from; any other error is returned as it is.
 * @param err - what connecting (or migrating) threw
 * @param connectionString - the PostgreSQL URL that was used
 * @param source - where it came from, e.g. `DATABASE_URL` or `embedded PostgreSQL`
 */
export function describeStartError(err: unknown, connectionString: string, source: string): unknown {
  let where = 'the configured host';
  try {
    const url = new URL(connectionString);
    where = `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    // Not a URL (a key=value string): the host stays unnamed.
  }
  const code = connectCode(err);
  if (code !== undefined && CONNECT_REASONS[code]) {
    return new DatabaseStartError(
      `can't reach the database at ${where} (${source}): ${CONNECT_REASONS[code]}`,
      {
        cause: err,
      },
    );
  }
  const message = err instanceof Error ? err.message : '';
  if (/timeout exceeded when trying to connect|connection terminated/i.test(message)) {
    return new DatabaseStartError(`can't reach the database at ${where} (${source}): timed out`, {
      cause: err,
    });
  }
  if (code !== undefined && LOGIN_REFUSED.test(code)) {
    return new DatabaseStartError(`the database at ${where} (${source}) refused the connection: ${message}`, {
      cause: err,
    });
  }
  return err;
}
