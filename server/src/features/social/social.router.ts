/**
 * /api/social: friends, their crates and the friends' feeds (API.md "Friendship and
 * visibility", "Routes"; PRODUCT.md "Social page", "Add friend", "Friend collection",
 * "Hot Off The Press", "Latest Listens").
 *
 * - `GET /friends` → 200 Friend[] most recently added first
 * - `POST /add` `{friend_username}` → 201 Friend; 400 empty or yourself, 404 no such user, 409 already a friend
 * - `DELETE /{id}` (the friend's user id) → 204; 400 bad id, 404 not a friend
 * - `GET /friends/collection?id=F` → 200 Record[] newest first; 400 bad id, 404 F is not your friend
 * - `GET /friends/collection/search?search=T&id=F` (and `fields`, as the own search) → 200 Record[]
 *   matching T; 400, 404 as above
 * - `GET /friends/{friendId}/record/{id}` → 200 Record in the friend view; 400 bad ids, 404 not a
 *   friend or not the friend's record (API.md "One record")
 * - `GET /hotp` → 200 up to 48 `Record & {username}` of your friends, newest first
 * - `GET /latestListens` → 200 up to 48 rows of your friends' spins, newest `listened_at` first
 *
 * Every route answers 401 `unauthenticated` without a session.
 */
import { Router } from 'express';
import type { AppContext, AppServices } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors.js';
import { fallbackCoverUrl, findRecord, sendRecordList, withCoverArt } from '@/features/records/index.js';
import { parseId, parseInput } from '@/lib/validation.js';
import { addFriend, listFriends, listHotp, listLatestListens, removeFriend } from './social.queries.js';
import { addFriendSchema, friendCollectionQuery, friendSearchQuery } from '@spincrate/contract';

const NOT_A_FRIEND = 'Friend not found';

/**
 * Builds the /api/social router.
 * @param services - the app's cursors, list cache and fairness limit
 */
export function createSocialRouter(ctx: AppContext, services: AppServices): Router {
  const router = Router();
  router.use(requireAuth);
  const { heavy, lists } = services;
  // What a friendship, a friend's crate or the friends' spins show (ETags, cached bodies);
  // a friend's crate is tagged only for a viewer who has added that friend.
  const ownList = lists.conditionalGet('own');
  const friendList = lists.conditionalGet('friend');
  const networkList = lists.conditionalGet('network');

  router.get('/friends', ownList, async (req, res) => {
    res.json(await listFriends(ctx.db, currentUser(req).id));
  });

  router.post('/add', async (req, res) => {
    const { friend_username: username } = parseInput(addFriendSchema, req.body);
    const user = currentUser(req);
    const { friend, added } = await addFriend(ctx.db, user.id, username);
    if (!friend) throw new NotFoundError('No user has that username');
    if (friend.friend_id === user.id) {
      throw new ValidationError('friend_username cannot be your own username', {
        friend_username: 'cannot be your own username',
      });
    }
    if (!added) throw new ConflictError(`${friend.friend_username} is already your friend`);
    res.status(201).json(friend);
  });

  // A friend's crate, whole or a page (`limit`, `sort`, `cursor` as GET /api/record); 404
  // unless the caller has added F, checked in the same statement that reads the records.
  router.get('/friends/collection', heavy, friendList, async (req, res) => {
    const { id: friendId, limit, sort, cursor, folder } = parseInput(friendCollectionQuery, req.query);
    const route = { ownerId: friendId, friend: true, folder, limit, sort, cursor };
    if (!(await sendRecordList(ctx, services, req, res, route))) throw new NotFoundError(NOT_A_FRIEND);
  });

  router.get('/friends/collection/search', heavy, friendList, async (req, res) => {
    const {
      id: friendId,
      search,
      fields,
      limit,
      sort,
      cursor,
      folder,
    } = parseInput(friendSearchQuery, req.query);
    const route = {
      ownerId: friendId,
      friend: true,
      search,
      searchFields: fields,
      folder,
      limit,
      sort,
      cursor,
    };
    if (!(await sendRecordList(ctx, services, req, res, route))) throw new NotFoundError(NOT_A_FRIEND);
  });

  // One record of a friend's crate, in the friend view (no price, purchase or location); 404
  // unless the caller has added F and the record is F's, checked in the same statement.
  router.get('/friends/:friendId/record/:id', friendList, async (req, res) => {
    const friendId = parseId(req.params.friendId, 'friendId');
    const id = parseId(req.params.id);
    const row = await findRecord(ctx.db, id, friendId, currentUser(req).id);
    if (!row) throw new NotFoundError('No such record');
    res.json(withCoverArt([row], fallbackCoverUrl(ctx.config))[0]);
  });

  router.get('/hotp', heavy, networkList, async (req, res) => {
    res.json(withCoverArt(await listHotp(ctx.db, currentUser(req).id), fallbackCoverUrl(ctx.config)));
  });

  router.get('/latestListens', heavy, networkList, async (req, res) => {
    res.json(
      withCoverArt(await listLatestListens(ctx.db, currentUser(req).id), fallbackCoverUrl(ctx.config)),
    );
  });

  // A missing id is as malformed as `abc` (API.md "Conventions").
  router.delete('/', () => {
    parseId('');
  });

  router.delete('/:id', async (req, res) => {
    const friendId = parseId(req.params.id);
    if (!(await removeFriend(ctx.db, currentUser(req).id, friendId))) throw new NotFoundError(NOT_A_FRIEND);
    res.status(204).end();
  });

  return router;
}
