/**
 * SQL of the social feature (API.md "Friendship and visibility" and the /api/social
 * routes). A friendship is one-directional: the row (user_id = A, friend_id = B)
 * lets A read B's records and spins. Every read of a friend's data joins that row
 * in the same statement, so a non-friend's data is never read.
 */
import { FEED_LIMIT } from '@spincrate/contract';
import type { Queryable } from '@/db/database.js';
import { RECORD_ORDER, coverColumn, recordSelect, type RecordRow } from '@/features/records/index.js';

/** A Friend as API.md returns it. */
export interface FriendRow {
  friend_id: number;
  friend_username: string;
}

/** A Hot Off The Press entry: a friend's record with its owner's username. */
export type HotpRow = RecordRow & { username: string };

/** One Latest Listens row: one record of one of a friend's spins. */
export interface LatestListenRow {
  spin_id: number;
  album_id: number;
  title: string;
  artist: string;
  coverart: string | null;
  friend_id: number;
  friend_username: string;
  /** `YYYY-MM-DD` */
  listened_at: string;
  spin_details: string;
  /** The record's own thumbnails, null until fetched (API.md "Covers served by Spincrate"). */
  cover: { small: string; large: string } | null;
}

/**
 * The user's friends, most recently added first.
 * @param userId - the caller
 */
export function listFriends(db: Queryable, userId: number): Promise<FriendRow[]> {
  return db.query<FriendRow>(
    `SELECT f.friend_id, u.username AS friend_username
       FROM friendships f
       JOIN users u ON u.id = f.friend_id
      WHERE f.user_id = $1
      ORDER BY f.created_at DESC, f.id DESC`,
    [userId],
  );
}

/** What `addFriend` found and did. */
export interface AddFriendResult {
  /** The user named, when there is one (the username as stored). */
  friend?: FriendRow;
  /** True when the friendship row was inserted; false when it existed already or the user is the caller. */
  added: boolean;
}

/**
 * Adds the user whose username matches `username` (ignoring case) as a friend of
 * `userId`, in one statement: an existing friendship (also one inserted concurrently)
 * is left alone, and the caller is never added as their own friend.
 * @returns the user found (if any) and whether a friendship was inserted
 */
export async function addFriend(db: Queryable, userId: number, username: string): Promise<AddFriendResult> {
  const rows = await db.query<FriendRow & { added: boolean }>(
    `WITH target AS (
       SELECT id, username FROM users WHERE lower(username) = lower($2)
     ), inserted AS (
       INSERT INTO friendships (user_id, friend_id)
       SELECT $1, t.id FROM target t WHERE t.id <> $1
       ON CONFLICT (user_id, friend_id) DO NOTHING
       RETURNING friend_id
     )
     SELECT t.id AS friend_id, t.username AS friend_username,
            EXISTS (SELECT 1 FROM inserted) AS added
       FROM target t`,
    [userId, username],
  );
  const row = rows[0];
  if (!row) return { added: false };
  return { friend: { friend_id: row.friend_id, friend_username: row.friend_username }, added: row.added };
}

/**
 * Ends the user's friendship with `friendId` (only that direction).
 * @returns false when `friendId` is not the user's friend
 */
export async function removeFriend(db: Queryable, userId: number, friendId: number): Promise<boolean> {
  const rows = await db.query<{ friend_id: number }>(
    'DELETE FROM friendships WHERE user_id = $1 AND friend_id = $2 RETURNING friend_id',
    [userId, friendId],
  );
  return rows.length > 0;
}

/**
 * Hot Off The Press: the newest records of all the user's friends, with their owners' usernames.
 * @returns up to `FEED_LIMIT` records, newest `date_added` first
 */
export function listHotp(db: Queryable, userId: number): Promise<HotpRow[]> {
  // Each friend's newest records come from the index on (user_id, date_added, id), at most
  // FEED_LIMIT per friend, and only those are merged: the cost follows the number of
  // friends, not the size of their crates.
  return db.query<HotpRow>(
    `SELECT r.*, u.username
       FROM (
         SELECT n.*
           FROM friendships f
          CROSS JOIN LATERAL (
            ${recordSelect('friend')}
             WHERE r.user_id = f.friend_id
            ${RECORD_ORDER}
             LIMIT $2
          ) n
          WHERE f.user_id = $1
          ORDER BY n.date_added DESC, n.id DESC
          LIMIT $2
       ) r
       JOIN users u ON u.id = r.user_id
      ${RECORD_ORDER}`,
    [userId, FEED_LIMIT],
  );
}

/**
 * Latest Listens: the records of the user's friends' spins, one row per record of a
 * spin, newest `listened_at` first, then `spin_id` desc, then the records' order in the spin.
 * Spins with no record left are not listed.
 * @returns up to `FEED_LIMIT` rows
 */
export function listLatestListens(db: Queryable, userId: number): Promise<LatestListenRow[]> {
  // Each friend's latest spins come from the index on (user_id, listened_at, id), at most
  // FEED_LIMIT rows per friend, and only those are merged.
  return db.query<LatestListenRow>(
    `SELECT l.spin_id, l.album_id, l.title, l.artist, l.coverart,
            l.friend_id, u.username AS friend_username, l.listened_at, l.spin_details, l.cover
       FROM friendships f
       JOIN users u ON u.id = f.friend_id
      CROSS JOIN LATERAL (
        SELECT s.id AS spin_id, r.id AS album_id, r.title, r.artist, r.coverart,
               s.user_id AS friend_id, s.listened_at, s.spin_details, sr.position, ${coverColumn('r')}
          FROM spins s
          JOIN spin_records sr ON sr.spin_id = s.id
          JOIN records r ON r.id = sr.record_id AND r.user_id = s.user_id
         WHERE s.user_id = f.friend_id
         ORDER BY s.listened_at DESC, s.id DESC, sr.position
         LIMIT $2
      ) l
      WHERE f.user_id = $1
      ORDER BY l.listened_at DESC, l.spin_id DESC, l.position
      LIMIT $2`,
    [userId, FEED_LIMIT],
  );
}
