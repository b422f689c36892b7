/**
 * One record of a crate, read by its id (API.md "One record"): shared by the own record
 * route and a friend's record route.
 */
import type { Queryable } from '@/db/database.js';
import { recordSelect, type RecordRow, type RecordView } from './records.entity.js';

/**
 * One record of a crate (API.md "One record"): the owner's own record, or, with `friendOf`,
 * a record of a crate `friendOf` has added as a friend, in the friend view. The owner and
 * the friendship are checked in the same statement.
 * @param ownerId - whose crate the record must be in
 * @param friendOf - the user asking for a friend's record, or undefined for the owner
 * @returns the record, or undefined when it does not exist or may not be seen
 */
export async function findRecord(
  db: Queryable,
  id: number,
  ownerId: number,
  friendOf?: number,
): Promise<RecordRow | undefined> {
  const view: RecordView = friendOf === undefined ? 'owner' : 'friend';
  const friendship =
    friendOf === undefined
      ? ''
      : 'AND EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = $3 AND f.friend_id = r.user_id)';
  const params = friendOf === undefined ? [id, ownerId] : [id, ownerId, friendOf];
  const rows = await db.query<RecordRow>(
    `${recordSelect(view)} WHERE r.id = $1 AND r.user_id = $2 ${friendship}`,
    params,
  );
  return rows[0];
}
