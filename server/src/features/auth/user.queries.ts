/** SQL of the user feature (API.md "Routes": /api/user). */
import type { Queryable } from '../../db/database.js';

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
