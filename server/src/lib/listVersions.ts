/**
 * The versions of list answers (API.md "Lists at scale": the tag changes whenever the
 * answer would, also when another server process made the change), read together with
 * whether the answer exists for the viewer (API.md "Friendship and visibility"), so that
 * no conditional answer (304) is given for a list or a row the viewer may not see.
 *
 * A user's version (table `user_versions`, migration 0004) is bumped by triggers in the
 * transaction of every write that changes one of their lists; versions come from one
 * sequence, so the largest version of the users whose writes change an answer names it.
 */
import type { Request, Response } from 'express';
import type { Queryable } from '@/db/database.js';
import { currentUser } from './auth.js';

/**
 * Whose writes change an answer, and what must exist for the viewer to see it:
 * - `own`: the viewer's (their crate, their spins, their friends list); always visible;
 * - `friend`: the viewer's and the friend's named by the `id` query parameter; visible
 *   only when the viewer has added that friend;
 * - `network`: the viewer's and every friend's (Hot Off The Press, Latest Listens); always visible;
 * - `spin`: the viewer's; visible only when the spin of the `id` path parameter is theirs.
 */
export type VersionScope = 'own' | 'friend' | 'network' | 'spin';

/** What a conditional GET needs to know before it may answer 304. */
export interface ListState {
  /** The largest version of the users whose writes change the answer, 0 before any write. */
  version: number;
  /** False when the answer would be 400 or 404 (not your friend, not your spin, a bad id). */
  visible: boolean;
}

/** The viewer's own version read with their session (`sessionStore.ts`). */
export interface OwnVersion {
  userId: number;
  version: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** Per-request state of the list path (issue 20: on `res.locals`, not in module maps). */
    interface Locals {
      /** The signed-in user's own version, read in the session's statement. */
      ownVersion?: OwnVersion;
      /** The version a request behind `conditionalGet` is answered at (read by `listTotal`). */
      listVersion?: number;
    }
  }
}

const OWN =
  'SELECT coalesce(max(version), 0)::bigint AS v, true AS visible FROM user_versions WHERE user_id = $1';
const FRIEND = `SELECT coalesce(max(version), 0)::bigint AS v,
         EXISTS (SELECT 1 FROM friendships WHERE user_id = $1 AND friend_id = $2) AS visible
    FROM user_versions WHERE user_id = ANY (ARRAY[$1, $2]::int[])`;
const NETWORK = `SELECT coalesce(max(version), 0)::bigint AS v, true AS visible FROM user_versions
   WHERE user_id = $1 OR user_id IN (SELECT friend_id FROM friendships WHERE user_id = $1)`;
const SPIN = `SELECT coalesce((SELECT version FROM user_versions WHERE user_id = $1), 0)::bigint AS v,
         EXISTS (SELECT 1 FROM spins WHERE id = $2 AND user_id = $1) AS visible`;

/** A positive int4 id as the routes take it (API.md "Conventions"), else undefined. */
function idOf(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}

/**
 * The version of an answer and whether the viewer may see it, in one statement.
 * @param viewerId - the signed-in user
 * @param id - the friend of a `friend` answer, the spin of a `spin` answer (ignored otherwise);
 *   undefined there (a malformed id) gives `visible: false` without a statement
 */
async function readListState(
  db: Queryable,
  scope: VersionScope,
  viewerId: number,
  id?: number,
): Promise<ListState> {
  if ((scope === 'friend' || scope === 'spin') && id === undefined) return { version: 0, visible: false };
  const [sql, params] =
    scope === 'friend'
      ? [FRIEND, [viewerId, id]]
      : scope === 'spin'
        ? [SPIN, [viewerId, id]]
        : [scope === 'network' ? NETWORK : OWN, [viewerId]];
  const rows = await db.query<{ v: number; visible: boolean }>(sql, params);
  return { version: Number(rows[0]?.v ?? 0), visible: rows[0]?.visible === true };
}

/**
 * The version of the signed-in user's own lists: the one read with the session when there
 * is one (`res.locals.ownVersion`), else read now.
 * @param req - a request with a signed-in user
 */
export async function ownListVersion(db: Queryable, req: Request, res: Response): Promise<number> {
  const viewer = currentUser(req);
  const own = res.locals.ownVersion;
  if (own?.userId === viewer.id) return own.version;
  return (await readListState(db, 'own', viewer.id)).version;
}

/**
 * The version and visibility of the answer to `req` (see `VersionScope`): the friend's id
 * comes from the `friendId` path parameter (`/friends/{friendId}/record/{id}`) or else the
 * `id` query parameter (a friend's crate), the spin's from the `id` path parameter.
 * @param req - a request with a signed-in user
 */
export async function requestListState(
  db: Queryable,
  scope: VersionScope,
  req: Request,
  res: Response,
): Promise<ListState> {
  if (scope === 'own') return { version: await ownListVersion(db, req, res), visible: true };
  const id =
    scope === 'friend'
      ? idOf(req.params.friendId ?? req.query.id)
      : scope === 'spin'
        ? idOf(req.params.id)
        : undefined;
  return readListState(db, scope, currentUser(req).id, id);
}
