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
