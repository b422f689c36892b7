/**
 * Request bodies and queries of the social feature (API.md "Field rules":
 * friend_username, search; "Conventions": ids in queries).
 */
import { z } from 'zod';
import { idField, requiredText } from '../../lib/validation.js';

/** Most characters of a search text (API.md "Field rules": search). */
export const SEARCH_MAX = 200;

/**
 * `POST /api/social/add` body: `{ friend_username }`, trimmed, 1–200 characters.
 * Whether such a user exists (404) or is the caller (400) is checked against the database.
 */
export const addFriendSchema = z.object({
  friend_username: requiredText(200),
});

/** `GET /api/social/friends/collection?id=F`: F is a user id. */
export const friendCollectionQuery = z.object({
  id: idField,
});

/** `GET /api/social/friends/collection/search?search=T&id=F`: T is 1–200 characters after trimming. */
export const friendSearchQuery = z.object({
  search: requiredText(SEARCH_MAX),
  id: idField,
});
