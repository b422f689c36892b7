/** SQL of the user feature (API.md "Routes": /api/user). */
import type { Queryable } from '@/db/database.js';

export interface UserRow {
  id: number;
  username: string;
}

/** Inserts a user; a taken username (ignoring case) raises SQLSTATE 23505. */
export async function insertUser(db: Queryable, username: string, passwordHash: string): Promise<UserRow> {
  const rows = await db.query<UserRow>(
    'INSERT INTO users (username, password_hash) VALUES ($1, $2) RETURNING id, username',
    [username, passwordHash],
  );
  return rows[0]!;
}

/** The user with this username ignoring case, with the password hash, or undefined. */
export async function findUserForLogin(
  db: Queryable,
  username: string,
): Promise<(UserRow & { password_hash: string }) | undefined> {
  const rows = await db.query<UserRow & { password_hash: string }>(
    'SELECT id, username, password_hash FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  return rows[0];
}

/** The user with this id, or undefined. */
export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('SELECT id, username FROM users WHERE id = $1', [id]);
  return rows[0];
}

/**
 * Counts one more failed login for a key within a window (API.md "Security").
 * @param windowMs - the window's length in ms, started by the first hit
 * @returns the hits in the current window and when it ends
 */
export async function incrementLoginFailures(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<{ hits: number; reset_at: Date }> {
  const rows = await db.query<{ hits: number; reset_at: Date }>(
    `INSERT INTO login_failures AS f (key, hits, reset_at)
     VALUES ($1, 1, now() + $2 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN f.reset_at <= now() THEN 1 ELSE f.hits + 1 END,
       reset_at = CASE WHEN f.reset_at <= now() THEN excluded.reset_at ELSE f.reset_at END
     RETURNING hits, reset_at`,
    [key, windowMs],
  );
  return rows[0]!;
}

/** The hits of a key in its current window, or undefined when it has none. */
export async function getLoginFailures(
  db: Queryable,
  key: string,
): Promise<{ hits: number; reset_at: Date } | undefined> {
  const rows = await db.query<{ hits: number; reset_at: Date }>(
    'SELECT hits, reset_at FROM login_failures WHERE key = $1 AND reset_at > now()',
    [key],
  );
  return rows[0];
}

/** Takes one hit back (never below zero). */
export async function decrementLoginFailures(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE login_failures SET hits = GREATEST(hits - 1, 0) WHERE key = $1', [key]);
}

/** Forgets a key's hits. */
export async function deleteLoginFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [key]);
}

/** Advisory lock key of the login limits (the second key is the hash of the counter's key). */
const LOGIN_LIMIT_LOCK = 4_242_201;

/** Where a login attempt stands against one limit (API.md "Security"). */
export type LoginReservation =
  { outcome: 'reserved' } | { outcome: 'refused'; resetAt: Date } | { outcome: 'busy' };

/**
 * Reserves one login attempt against a limit, counted across every server process: the
 * key's failures in the window plus the attempts still in flight may not exceed `limit`.
 * Failures alone at the limit refuse; in-flight attempts alone only make the caller wait
 * (they may yet succeed), so a correct login is never refused because others are in flight.
 * @param key - the failure counter's key (e.g. `user:riley`); in-flight attempts count under `inflight:` + key
 * @param inflightTtlMs - how long an attempt counts as in flight at most (a process that died mid-login)
 * @returns `reserved` (call finishLoginAttempt later), `refused` with the window's end, or `busy`
 */
export async function reserveLoginAttempt(
  tx: Queryable,
  key: string,
  limit: number,
  inflightTtlMs: number,
): Promise<LoginReservation> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOGIN_LIMIT_LOCK, key]);
  const rows = await tx.query<{ failures: number; reset_at: Date | null; inflight: number }>(
    `SELECT COALESCE((SELECT hits FROM login_failures WHERE key = $1 AND reset_at > now()), 0) AS failures,
            (SELECT reset_at FROM login_failures WHERE key = $1 AND reset_at > now()) AS reset_at,
            COALESCE((SELECT hits FROM login_failures WHERE key = 'inflight:' || $1 AND reset_at > now()), 0) AS inflight`,
    [key],
  );
  const { failures, reset_at: resetAt, inflight } = rows[0]!;
  if (failures >= limit && resetAt) return { outcome: 'refused', resetAt };
  if (failures + inflight >= limit) return { outcome: 'busy' };
  await tx.query(
    `INSERT INTO login_failures AS f (key, hits, reset_at)
     VALUES ('inflight:' || $1, 1, now() + $2 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN f.reset_at <= now() THEN 1 ELSE f.hits + 1 END,
       reset_at = excluded.reset_at`,
    [key, inflightTtlMs],
  );
  return { outcome: 'reserved' };
}

/**
 * Ends a reserved login attempt: it no longer counts as in flight and, when it failed,
 * counts as one more failure in the key's window (started by the first failure).
 * @returns the key's failures in its window after this one when it failed, else undefined
 */
export async function finishLoginAttempt(
  tx: Queryable,
  key: string,
  failed: boolean,
  windowMs: number,
): Promise<number | undefined> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOGIN_LIMIT_LOCK, key]);
  const counted = failed ? await incrementLoginFailures(tx, key, windowMs) : undefined;
  await tx.query("UPDATE login_failures SET hits = GREATEST(hits - 1, 0) WHERE key = 'inflight:' || $1", [
    key,
  ]);
  return counted?.hits;
}
