/** SQL of the ListenBrainz link (`listenbrainz_accounts`, API.md "ListenBrainz"). */
import type { Queryable } from '@/db/database.js';

/** A user's link as stored (the token sealed). */
export interface AccountRow {
  user_id: number;
  token_sealed: Buffer;
  user_name: string;
  auto_send: boolean;
  paused_reason: string | null;
}

/** The user's link, or undefined when not connected. */
export async function findAccount(db: Queryable, userId: number): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(
    `SELECT user_id, token_sealed, user_name, auto_send, paused_reason
       FROM listenbrainz_accounts WHERE user_id = $1`,
    [userId],
  );
  return rows[0];
}

/**
 * Stores (or replaces) the user's link; a new token ends a pause.
 * @param sealed - the token, encrypted (tokenSeal.ts)
 */
export async function saveAccount(
  db: Queryable,
  userId: number,
  sealed: Buffer,
  userName: string,
  autoSend: boolean,
): Promise<void> {
  await db.query(
    `INSERT INTO listenbrainz_accounts (user_id, token_sealed, user_name, auto_send)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE
        SET token_sealed = excluded.token_sealed, user_name = excluded.user_name,
            auto_send = excluded.auto_send, paused_reason = NULL, connected_at = now()`,
    [userId, sealed, userName, autoSend],
  );
}

/** Forgets the user's link and drops what was still waiting to be sent (those spins go back to `off`). */
export async function deleteAccount(db: Queryable, userId: number): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM listenbrainz_accounts WHERE user_id = $1),
          dropped AS (DELETE FROM listenbrainz_outbox WHERE user_id = $1 AND state = 'pending' RETURNING spin_id)
     UPDATE spins SET scrobble_state = 'off', scrobble_message = NULL
      WHERE user_id = $1 AND scrobble_state = 'pending'`,
    [userId],
  );
}

/** Pauses the user's sending with ListenBrainz's reason (after a 401). */
export async function pauseAccount(db: Queryable, userId: number, reason: string): Promise<void> {
  await db.query('UPDATE listenbrainz_accounts SET paused_reason = $2 WHERE user_id = $1', [userId, reason]);
}

/**
 * Changes only `auto_send` of an existing link.
 * @returns the link's user name and auto_send, or undefined when the user is not connected
 */
export async function setAutoSend(
  db: Queryable,
  userId: number,
  autoSend: boolean,
): Promise<{ user_name: string; auto_send: boolean } | undefined> {
  const rows = await db.query<{ user_name: string; auto_send: boolean }>(
    'UPDATE listenbrainz_accounts SET auto_send = $2 WHERE user_id = $1 RETURNING user_name, auto_send',
    [userId, autoSend],
  );
  return rows[0];
}
