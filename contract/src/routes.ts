/**
 * The route table of API.md "Routes": for every route the server mounts, its input
 * schemas, its success answer and the errors it may give. The OpenAPI document is
 * generated from it, and the server's tests check that every mounted route is here and
 * that answers match it.
 */
import { z } from 'zod';
import {
  barcodeLookupSchema,
  blindbagRecordSchema,
  clientConfigSchema,
  crateBackupSchema,
  folderListSchema,
  friendSchema,
  healthSchema,
  hotpRowSchema,
  importSchema,
  latestListenRowSchema,
  spinSendSchema,
  listenBrainzAccountSchema,
  listenBrainzConnectedSchema,
  listenBrainzImportPreviewSchema,
  listenBrainzImportResultSchema,
  moodSchema,
  recordSchema,
  recordSidesSchema,
  spinDetailRowSchema,
  spinListItemSchema,
  spinSchema,
  statsSchema,
  syncRecordsPageSchema,
  syncWantsPageSchema,
  userSchema,
  yearReviewSchema,
  wantSchema,
  friendWantSchema,
  wantOwnerSchema,
} from './entities.js';
import {
  addWantSchema,
  editWantSchema,
  friendWantsQuerySchema,
  gotWantSchema,
  wantListQuerySchema,
} from './wants.js';
import {
  addFriendSchema,
  addRecordSchema,
  addSpinSchema,
  barcodeLookupQuerySchema,
  blindbagQuerySchema,
  editRecordSchema,
  exportQuerySchema,
  friendCollectionQuery,
  friendRecordPathSchema,
  friendSearchQuery,
  importBodySchema,
  listenBrainzConnectSchema,
  listenBrainzImportConfirmSchema,
  listenBrainzImportSchema,
  loginSchema,
  pathIdSchema,
  registerSchema,
  recordListQuerySchema,
  searchQuerySchema,
  spinListQuerySchema,
  statsQuerySchema,
  syncQuerySchema,
  reviewYearParamsSchema,
} from './requests.js';
import {
  createShareSchema,
  createdShareLinkSchema,
  publicRecordPathSchema,
  publicRecordSchema,
  publicRecordsQuery,
  publicShareSchema,
  publicSpinSchema,
  publicSpinsQuery,
  publicTokenPathSchema,
  publicWantSchema,
  shareLinkSchema,
} from './share.js';

/** An HTTP method the API uses. */
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** The success answer of a route. */
export interface SuccessResponse {
  status: 200 | 201 | 202 | 204;
  description: string;
  /** The JSON body; none for 204. */
  schema?: z.ZodType;
  /**
   * A second success status with the same body, and when (e.g. 200 for a repeated
   * `clientId`: API.md "Offline copy and repeat-safe writes").
   */
  repeat?: { status: 200; description: string };
  /** Other bodies the route may answer with, by media type (e.g. the CSV export). */
  otherContent?: Record<string, { description: string }>;
}

/** One route of the API. */
export interface RouteContract {
  method: HttpMethod;
  /** The path as OpenAPI writes it: `/api/record/{id}`. */
  path: string;
  summary: string;
  /** Needs a session (401 `unauthenticated` without one). */
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  success: SuccessResponse;
  /** Statuses of the errors this route gives for its own reasons (besides the common ones). */
  errors: number[];
  /**
   * A GET of a list or a record: its 200 carries an `ETag`, and an `If-None-Match` that names
   * it gets 304 with no body (API.md "Lists at scale"). The public routes of a share link have
   * none: their answers are `no-store` (API.md "Share links").
   */
  etag?: true;
  /**
   * Paged with `limit` (and `cursor`): every paged answer carries `X-Total-Count`, and
   * `Link: <…>; rel="next"` when more follow (API.md "Lists at scale").
   */
  paged?: true;
}

/** `METHOD /path`, e.g. `GET /api/record/import/{id}`. */
export type RouteKey = `${Uppercase<HttpMethod>} ${string}`;

/** The key of a route: `GET /api/record`. */
export function routeKey(route: Pick<RouteContract, 'method' | 'path'>): RouteKey {
  return `${route.method.toUpperCase() as Uppercase<HttpMethod>} ${route.path}`;
}

const ok = (description: string, schema?: z.ZodType): SuccessResponse => ({
  status: 200,
  description,
  schema,
});

/** Every route of the API, in API.md's order. */
export const ROUTES: readonly RouteContract[] = [
  {
    method: 'post',
    path: '/api/user/register',
    summary: 'Create an account (does not log in)',
    auth: false,
    body: registerSchema,
    success: { status: 201, description: 'The new User', schema: userSchema },
    errors: [400, 409, 429],
  },
  {
    method: 'post',
    path: '/api/user/login',
    summary: 'Log in; a new session id is issued',
    auth: false,
    body: loginSchema,
    success: ok('The User', userSchema),
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/api/user/logout',
    summary: 'Log out: the session is destroyed and the cookie cleared (also when not logged in)',
    auth: false,
    success: { status: 204, description: 'Logged out' },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/user',
    summary: 'The logged-in user',
    auth: true,
    success: ok('The User', userSchema),
    errors: [],
  },
  {
    method: 'get',
    path: '/api/mood',
    summary: 'Every mood, ordered by name',
    auth: true,
    success: ok('Mood[]', z.array(moodSchema)),
    errors: [],
    etag: true,
  },
  {
    method: 'get',
    path: '/api/record',
    summary:
      "The caller's crate, newest first; a page of it in any sort with `limit` (Link rel=next, X-Total-Count)",
    auth: true,
    query: recordListQuerySchema,
    success: ok(
      'Record[] (date_added desc, then id desc unless `sort` says otherwise)',
      z.array(recordSchema),
    ),
    errors: [400, 429],
    etag: true,
    paged: true,
  },
  {
    method: 'get',
    path: '/api/record/search',
    summary:
      'Records whose title, artist, tags, mood, details or year contains the text, newest first; paged as GET /api/record',
    auth: true,
    query: searchQuerySchema,
    success: ok('Record[]', z.array(recordSchema)),
    errors: [400, 429],
    etag: true,
    paged: true,
  },
  {
    method: 'post',
    path: '/api/record/add',
    summary: 'Add a record; cover art and tags are looked up first',
    auth: true,
    body: addRecordSchema,
    success: { status: 201, description: 'The new Record', schema: recordSchema },
    errors: [400],
  },
  {
    method: 'put',
    path: '/api/record/edit',
    summary: 'Edit one of your records',
    auth: true,
    body: editRecordSchema,
    success: ok('The edited Record', recordSchema),
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/record/{id}',
    summary: 'Delete one of your records; it leaves its spins, the spins stay',
    auth: true,
    params: pathIdSchema,
    success: { status: 204, description: 'Deleted' },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/spins',
    summary:
      'Your spins, newest listened_at first, then id desc; a page of them with `limit` (Link rel=next, X-Total-Count)',
    auth: true,
    query: spinListQuerySchema,
    success: ok('Spin[], each with its records', z.array(spinListItemSchema)),
    errors: [400, 429],
    etag: true,
    paged: true,
  },
  {
    method: 'get',
    path: '/api/spins/single/{id}',
    summary: 'One of your spins, one row per record in it',
    auth: true,
    params: pathIdSchema,
    success: ok('Spin detail rows', z.array(spinDetailRowSchema)),
    errors: [400, 404],
    etag: true,
  },
  {
    method: 'post',
    path: '/api/spins/add',
    summary: 'Log a spin of one or more of your records',
    auth: true,
    body: addSpinSchema,
    success: {
      status: 201,
      description: 'The new Spin',
      schema: spinSchema,
      repeat: { status: 200, description: 'A repeated `clientId`: nothing stored; the Spin it made first' },
    },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/spins/{id}/send',
    summary: 'Send (or send again) one of your spins to ListenBrainz, in the background',
    auth: true,
    params: pathIdSchema,
    success: {
      status: 202,
      description: 'Queued: the spin id and its scrobble (pending)',
      schema: spinSendSchema,
    },
    errors: [400, 404, 409],
  },
  {
    method: 'put',
    path: '/api/user/listenbrainz',
    summary: 'Link your ListenBrainz account (the token is checked with ListenBrainz and stored encrypted)',
    auth: true,
    body: listenBrainzConnectSchema,
    success: ok('The link', listenBrainzConnectedSchema),
    errors: [400, 503],
  },
  {
    method: 'get',
    path: '/api/user/listenbrainz',
    summary: 'Your link to ListenBrainz (never the token)',
    auth: true,
    success: ok('The link', listenBrainzAccountSchema),
    errors: [],
  },
  {
    method: 'post',
    path: '/api/user/listenbrainz/import',
    summary:
      'Preview the listens on ListenBrainz that would become spins, grouped by source; nothing is stored',
    auth: true,
    body: listenBrainzImportSchema,
    success: ok('The preview', listenBrainzImportPreviewSchema),
    errors: [400, 409, 503],
  },
  {
    method: 'post',
    path: '/api/user/listenbrainz/import/confirm',
    summary:
      'Add the spins of the chosen sources from your ListenBrainz listens (a repeat adds nothing twice)',
    auth: true,
    body: listenBrainzImportConfirmSchema,
    success: {
      status: 201,
      description: 'How many spins were added',
      schema: listenBrainzImportResultSchema,
    },
    errors: [400, 409, 503],
  },
  {
    method: 'delete',
    path: '/api/user/listenbrainz',
    summary: 'Forget your ListenBrainz token; nothing more is sent',
    auth: true,
    success: { status: 204, description: 'Forgotten' },
    errors: [],
  },
  {
    method: 'delete',
    path: '/api/spins/{id}',
    summary: 'Delete one of your spins',
    auth: true,
    params: pathIdSchema,
    success: { status: 204, description: 'Deleted' },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/social/friends',
    summary: 'Your friends, most recently added first',
    auth: true,
    success: ok('Friend[]', z.array(friendSchema)),
    errors: [],
    etag: true,
  },
  {
    method: 'post',
    path: '/api/social/add',
    summary: 'Add a friend by username',
    auth: true,
    body: addFriendSchema,
    success: { status: 201, description: 'The new Friend', schema: friendSchema },
    errors: [400, 404, 409],
  },
  {
    method: 'delete',
    path: '/api/social/{id}',
    summary: "Remove a friend (id is the friend's user id)",
    auth: true,
    params: pathIdSchema,
    success: { status: 204, description: 'Removed' },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/social/friends/collection',
    summary: "A friend's crate, newest first; paged as GET /api/record",
    auth: true,
    query: friendCollectionQuery,
    success: ok('Record[]', z.array(recordSchema)),
    errors: [400, 404, 429],
    etag: true,
    paged: true,
  },
  {
    method: 'get',
    path: '/api/social/friends/collection/search',
    summary: "A friend's records matching the text; paged as GET /api/record",
    auth: true,
    query: friendSearchQuery,
    success: ok('Record[]', z.array(recordSchema)),
    errors: [400, 404, 429],
    etag: true,
    paged: true,
  },
  {
    method: 'get',
    path: '/api/social/hotp',
    summary: "Hot Off The Press: up to 48 of your friends' newest records",
    auth: true,
    success: ok('Record & {username} rows', z.array(hotpRowSchema)),
    errors: [429],
    etag: true,
  },
  {
    method: 'get',
    path: '/api/social/latestListens',
    summary: "Latest Listens: up to 48 rows of your friends' spins",
    auth: true,
    success: ok('Latest Listens rows', z.array(latestListenRowSchema)),
    errors: [429],
    etag: true,
  },
  {
    method: 'get',
    path: '/api/blindbag',
    summary: 'One of your records matching the text, drawn at random',
    auth: true,
    query: blindbagQuerySchema,
    success: ok('{id, title, artist, coverart, cover}', blindbagRecordSchema),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/stats',
    summary: 'Listening statistics of your own crate and spins',
    auth: true,
    query: statsQuerySchema,
    success: ok('Stats', statsSchema),
    errors: [400, 429],
    etag: true,
  },
  {
    method: 'get',
    path: '/api/stats/year/{year}',
    summary: 'Year in review of your own crate and spins in one calendar year (a year ≤ the year of today)',
    auth: true,
    params: reviewYearParamsSchema,
    query: statsQuerySchema,
    success: ok('YearReview', yearReviewSchema),
    errors: [400, 429],
    etag: true,
  },
  {
    method: 'get',
    path: '/api/lookup/barcode',
    summary: 'The pressings MusicBrainz knows for a barcode, with what the caller already owns',
    auth: true,
    query: barcodeLookupQuerySchema,
    success: ok('{code, releases: Release[]} (releases empty when nothing is found)', barcodeLookupSchema),
    // 429: the caller's previous look-up still waits for its turn in the shared pace (issue 21).
    errors: [400, 429, 503],
  },
  {
    method: 'get',
    path: '/api/health',
    summary: 'Health: 503 when the database is unreachable',
    auth: false,
    success: ok('{status: "ok"}', healthSchema),
    errors: [],
  },
  {
    method: 'get',
    path: '/api/record/{id}',
    summary: 'One of your records (API.md "One record")',
    auth: true,
    params: pathIdSchema,
    success: ok('The Record', recordSchema),
    errors: [400, 404],
    etag: true,
  },
  {
    method: 'get',
    path: '/api/record/{id}/sides',
    summary:
      "The sides of one of your records' tracklist, with their track counts and lengths (EXTENSIONS.md §8 add spin); empty when no tracklist is known",
    auth: true,
    params: pathIdSchema,
    success: ok('{sides: [{side, tracks, seconds}]}', recordSidesSchema),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/social/friends/{friendId}/record/{id}',
    summary: 'One record of a friend\'s crate, in the friend view (API.md "One record")',
    auth: true,
    params: friendRecordPathSchema,
    success: ok('The Record', recordSchema),
    errors: [400, 404],
    etag: true,
  },
  {
    method: 'get',
    path: '/api/record/folders',
    summary: 'Your folders by name with their record counts (API.md "Collection details")',
    auth: true,
    success: ok('{folder, records}[]', folderListSchema),
    errors: [429],
    etag: true,
  },
  {
    method: 'get',
    path: '/api/config',
    summary: "The client's runtime configuration",
    auth: false,
    success: ok('The client configuration', clientConfigSchema),
    errors: [],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 description of the API, generated from the contract',
    auth: false,
    success: {
      status: 200,
      description: 'The OpenAPI document',
      schema: z.looseObject({ openapi: z.string() }),
    },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/record/import',
    summary: 'Import a Discogs collection export (csv ≤ 5 MB; body limit 6 MB)',
    auth: true,
    body: importBodySchema,
    success: { status: 202, description: 'The Import; look-ups run afterwards', schema: importSchema },
    errors: [400, 429],
  },
  {
    method: 'get',
    path: '/api/record/import/{id}',
    summary: "An import's progress",
    auth: true,
    params: pathIdSchema,
    success: ok('The Import', importSchema),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/record/export',
    summary: 'Download the whole crate as a Discogs CSV or a JSON backup',
    auth: true,
    query: exportQuerySchema,
    success: {
      status: 200,
      description: 'format=json: the backup; format=csv: Discogs collection-export CSV',
      schema: crateBackupSchema,
      otherContent: { 'text/csv': { description: 'Discogs collection-export columns' } },
    },
    errors: [400, 429],
  },
  // ---- the wantlist (API.md "Wantlist") ----
  {
    method: 'get',
    path: '/api/want',
    summary:
      'The wantlist (newest first unless `sort` says otherwise); paged and searched as GET /api/record',
    auth: true,
    query: wantListQuerySchema,
    success: ok('Want[]', z.array(wantSchema)),
    errors: [400, 429],
    etag: true,
    paged: true,
  },
  {
    method: 'post',
    path: '/api/want/add',
    summary: 'Add a want (cover looked up as for a record); a repeated clientId answers 200 with the first',
    auth: true,
    body: addWantSchema,
    success: {
      status: 201,
      description: 'The new Want',
      schema: wantSchema,
      repeat: {
        status: 200,
        description: 'A repeat of the same clientId: the Want the first request made; nothing new stored',
      },
    },
    errors: [400],
  },
  {
    method: 'put',
    path: '/api/want/edit',
    summary: 'Change one of your wants',
    auth: true,
    body: editWantSchema,
    success: ok('The Want', wantSchema),
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/want/{id}',
    summary: 'Delete one of your wants',
    auth: true,
    params: pathIdSchema,
    success: { status: 204, description: 'Deleted' },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/want/{id}/got',
    summary: 'Got it: the want becomes a record of the crate and is gone, in one transaction',
    auth: true,
    params: pathIdSchema,
    body: gotWantSchema,
    success: { status: 201, description: 'The new Record', schema: recordSchema },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/want/{id}/owners',
    summary:
      'Your friends whose crate holds the wanted album (same release group, or artist and title ignoring case)',
    auth: true,
    params: pathIdSchema,
    success: ok('[{friend_id, friend_username, record_id}]', z.array(wantOwnerSchema)),
    errors: [400, 404],
    etag: true,
  },
  {
    method: 'get',
    path: '/api/social/friends/want',
    summary: "A friend's wantlist, without max_price",
    auth: true,
    query: friendWantsQuerySchema,
    success: ok('Want[] without max_price', z.array(friendWantSchema)),
    errors: [400, 404, 429],
    etag: true,
  },
  {
    method: 'get',
    path: '/api/sync/records',
    summary: 'Your records changed after a revision, for the offline copy',
    auth: true,
    query: syncQuerySchema,
    success: ok('A page of changes, oldest first', syncRecordsPageSchema),
    errors: [400, 429],
  },
  {
    method: 'get',
    path: '/api/sync/wants',
    summary: 'Your wants changed after a revision, for the offline copy (the same revisions as the records)',
    auth: true,
    query: syncQuerySchema,
    success: ok('A page of changes, oldest first', syncWantsPageSchema),
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/share',
    summary: 'Make a share link of your crate (API.md "Share links"); its token is shown only in this answer',
    auth: true,
    body: createShareSchema,
    success: {
      status: 201,
      description: '{id, scope, created_at, url, qr_svg}',
      schema: createdShareLinkSchema,
    },
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/api/share',
    summary: 'Your share links, newest first (no tokens)',
    auth: true,
    success: ok('{id, scope, created_at, last_used_at}[]', z.array(shareLinkSchema)),
    errors: [],
    etag: true,
  },
  {
    method: 'delete',
    path: '/api/share/{id}',
    summary: 'Revoke one of your share links: it stops working at once',
    auth: true,
    params: pathIdSchema,
    success: { status: 204, description: 'Revoked' },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/public/{token}',
    summary: 'A share link: whose crate, its scope and how many records (no session needed)',
    auth: false,
    params: publicTokenPathSchema,
    success: ok('{username, scope, records}', publicShareSchema),
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/api/public/{token}/records',
    summary: 'The shared crate as a friend sees it; paged, sorted, searched and filtered as GET /api/record',
    auth: false,
    params: publicTokenPathSchema,
    query: publicRecordsQuery,
    success: ok('Record[] (friend view, no user_id)', z.array(publicRecordSchema)),
    errors: [400, 404, 429],
    paged: true,
  },
  {
    method: 'get',
    path: '/api/public/{token}/folders',
    // Not in API.md's share-link table: the public page's folder filter (EXTENSIONS.md §7) needs
    // the names, and only this gives them without reading the whole crate.
    summary:
      "The shared crate's folders with their record counts, by name, for the page's folder filter (EXTENSIONS.md §7; beyond API.md's share-link table)",
    auth: false,
    params: publicTokenPathSchema,
    success: ok('{folder, records}[]', folderListSchema),
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/api/public/{token}/records/{id}',
    summary: 'One record of the shared crate, as a friend sees it',
    auth: false,
    params: publicRecordPathSchema,
    success: ok('Record (friend view, no user_id)', publicRecordSchema),
    errors: [400, 404, 429],
  },
  {
    method: 'get',
    path: '/api/public/{token}/spins',
    summary: 'The shared spins (scope crate+spins), newest first; paged as GET /api/spins',
    auth: false,
    params: publicTokenPathSchema,
    query: publicSpinsQuery,
    success: ok('Spin[] with their records', z.array(publicSpinSchema)),
    errors: [400, 404, 429],
    paged: true,
  },
  {
    method: 'get',
    path: '/api/public/{token}/wants',
    summary: 'The shared wantlist (scope crate+wants), without max_price',
    auth: false,
    params: publicTokenPathSchema,
    success: ok('Want[] without max_price', z.array(publicWantSchema)),
    errors: [404, 429],
  },
];

/**
 * The errors any route may give beyond its own: 500 and 503 always, and 408, 414 and 431 for a
 * request the server cannot read in time or in size (API.md "Conventions"); 401 on a protected
 * route; 403 on a state-changing one; 400 (malformed JSON), 413 and 415 where a body is read.
 */
export function commonErrors(route: RouteContract): number[] {
  const statuses = [408, 414, 431, 500, 503];
  if (route.auth) statuses.push(401);
  if (route.method !== 'get') statuses.push(403, 400, 413, 415);
  return statuses;
}

/** Every error status a route may answer with. */
export function errorStatuses(route: RouteContract): number[] {
  return [...new Set([...route.errors, ...commonErrors(route)])].sort((a, b) => a - b);
}

/** The route with this key, or undefined. */
export function findRoute(key: string): RouteContract | undefined {
  return ROUTES.find((route) => routeKey(route) === key);
}
