/**
 * SQL of share links (API.md "Share links"): the owner's links, and what a link's holder
 * may read. A link is found by the SHA-256 of its token only; the token is never stored.
 */
import {
  WANT_COLUMNS,
  recordSelect,
  wantJson,
  type RecordRow,
  type WantRow,
} from '@/features/records/index.js';
import type { Database, Queryable } from '@/db/database.js';
import type { ShareLink, ShareScope } from '@spincrate/contract';

/** Advisory lock namespace of "at most 5 links a user" (the second key is the user id). */
const SHARE_LINK_LOCK = 4_242_301;

/** A share link row as the owner sees it. */
interface ShareLinkRow {
  id: number;
  scope: ShareScope;
  created_at: Date;
  last_used_at: Date | null;
}

function asShareLink(row: ShareLinkRow): ShareLink {
  return {
    id: row.id,
    scope: row.scope,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/**
 * Stores a new link of `userId` unless they already have `max` links; the count and the
 * insert run under a per-user lock, so two requests at once cannot make a sixth.
 * @param tokenHash - the SHA-256 of the link's token (32 bytes)
 * @returns the link, or undefined when the user already has `max` links (the route answers 409)
 */
export function createShareLink(
  db: Database,
  userId: number,
  scope: ShareScope,
  tokenHash: Buffer,
  max: number,
): Promise<ShareLink | undefined> {
  return db.withTransaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [SHARE_LINK_LOCK, userId]);
    const rows = await tx.query<ShareLinkRow>(
      `INSERT INTO share_links (user_id, scope, token_hash)
       SELECT $1, $2, $3
        WHERE (SELECT count(*) FROM share_links WHERE user_id = $1) < $4
       RETURNING id, scope, created_at, last_used_at`,
      [userId, scope, tokenHash, max],
    );
    return rows[0] && asShareLink(rows[0]);
  });
}

/** The user's links, newest first, without their tokens. */
export async function listShareLinks(db: Queryable, userId: number): Promise<ShareLink[]> {
  const rows = await db.query<ShareLinkRow>(
    `SELECT id, scope, created_at, last_used_at
       FROM share_links
      WHERE user_id = $1
      ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map(asShareLink);
}

/**
 * Revokes (deletes) one of the user's links: from this statement on, its token finds nothing.
 * @returns false when the link does not exist or is not the user's (the route answers 404)
 */
export async function deleteShareLink(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM share_links WHERE id = $1 AND user_id = $2 RETURNING id', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

/** A live link, as a public route knows it (never sent as it is: it holds the owner's id). */
export interface OpenedShareLink {
  id: number;
  userId: number;
  username: string;
  scope: ShareScope;
  /** The owner's list version (`user_versions`, 0 before any write): it names the public answers. */
  version: number;
}

/**
 * The live link whose token has this hash, marked as used now (`last_used_at`), with its
 * owner's list version, in one statement; undefined for an unknown or revoked token.
 */
export async function openShareLink(db: Queryable, tokenHash: Buffer): Promise<OpenedShareLink | undefined> {
  const rows = await db.query<OpenedShareLink>(
    `UPDATE share_links l
        SET last_used_at = now()
       FROM users u
      WHERE l.token_hash = $1 AND u.id = l.user_id
      RETURNING l.id, l.user_id AS "userId", u.username, l.scope,
                coalesce((SELECT v.version FROM user_versions v WHERE v.user_id = l.user_id), 0)::bigint AS version`,
    [tokenHash],
  );
  const link = rows[0];
  return link && { ...link, version: Number(link.version) };
}

/** The number of records in the user's crate. */
export async function countRecords(db: Queryable, userId: number): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM records WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]!.n;
}

/**
 * One record of the user's crate in the friend view (no price, purchase or location;
 * API.md "Collection details"), or undefined when it is not theirs.
 */
export async function findSharedRecord(
  db: Queryable,
  userId: number,
  id: number,
): Promise<RecordRow | undefined> {
  const rows = await db.query<RecordRow>(`${recordSelect('friend')} WHERE r.id = $1 AND r.user_id = $2`, [
    id,
    userId,
  ]);
  return rows[0];
}

/**
 * The counter of public requests from one address in the current window (`login_failures`,
 * key `public:{address}`, shared by every server process), counted up by one.
 * @param windowMs - the window's length
 * @returns the requests in the window, this one included, and when the window ends
 */
export async function countPublicRequest(
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

/**
 * The wants a `crate+wants` link shows (API.md "Share links", "Wantlist"): `Want[]` as a
 * friend sees them (without `max_price`), most wanted first (priority, then newest).
 * @param userId - the link's owner
 * @param fallbackCover - the URL of the fallback cover
 */
export async function listSharedWants(
  db: Queryable,
  userId: number,
  fallbackCover: string,
): Promise<object[]> {
  const rows = await db.query<WantRow>(
    `SELECT ${WANT_COLUMNS} FROM wants w WHERE w.user_id = $1
      ORDER BY w.priority, w.date_added DESC, w.id DESC`,
    [userId],
  );
  return rows.map((row) => wantJson(row, fallbackCover, 'friend'));
}
