/**
 * Share links (API.md "Share links", EXTENSIONS.md §7): a user lets anyone with a link see
 * their crate, read-only, without an account.
 *
 * `/api/share` (signed in):
 * - `POST /` `{scope}` → 201 `{id, scope, created_at, url, qr_svg}`; the token (128 random
 *   bits, base64url) is in `url` only here, and only its SHA-256 is stored; 400, 409 (5 links)
 * - `GET /` → 200 `[{id, scope, created_at, last_used_at}]` (no tokens)
 * - `DELETE /{id}` → 204, the link stops working at once; 400, 404
 *
 * `/api/public/{token}` (no session needed; GET only, so no cookie-based write):
 * - `GET /` → 200 `{username, scope, records}`
 * - `GET /records` → 200 Record[] as a friend sees them (`limit`, `cursor`, `sort`, `search`, `folder`)
 * - `GET /records/{id}` → 200 Record; 400 bad id
 * - `GET /folders` → 200 `[{folder, records}]` as `GET /api/record/folders`, for the shared
 *   page's folder filter (an addition to API.md's table: the folders are those of the records
 *   the link shows anyway)
 * - `GET /spins` (scope `crate+spins`) → 200 Spin[] with their records (`limit`, `cursor`)
 * - `GET /wants` (scope `crate+wants`) → 200 Want[] without `max_price`
 *
 * An unknown, revoked or out-of-scope token answers the same 404 body. Public answers
 * carry `Cache-Control: private, no-store`, `Referrer-Policy: no-referrer` and
 * `X-Robots-Tag: noindex`, never a `user_id`, and are limited to 120 requests a minute per
 * address (429 `rate_limited`). They take no part in the lists' ETags and body cache, so a
 * revoked link is refused from the next request on.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import QRCode from 'qrcode';
import {
  createShareSchema,
  PUBLIC_REQUESTS_PER_MINUTE,
  publicRecordsQuery,
  publicSpinsQuery,
  SHARE_LINKS_MAX,
  SHARE_PAGE_PREFIX,
  SHARE_TOKEN_PATTERN,
  type CreatedShareLink,
  type ShareScope,
} from '@spincrate/contract';
import type { AppContext, AppServices } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { ConflictError, NotFoundError, RateLimitedError } from '@/lib/errors.js';
import { nextPageLink, type CursorScope } from '@/lib/listCursor.js';
import {
  fallbackCoverUrl,
  listSpinPage,
  listSpinsWithRecords,
  readRecordList,
  withCoverArt,
} from '@/features/records/index.js';
import { parseId, parseInput } from '@/lib/validation.js';
import { listFolders } from '@/lib/folders.queries.js';
import {
  countPublicRequest,
  countRecords,
  createShareLink,
  deleteShareLink,
  findSharedRecord,
  listShareLinks,
  listSharedWants,
  openShareLink,
  type OpenedShareLink,
} from './share.queries.js';

/** The one answer of every token that does not open a link (unknown, revoked, out of scope). */
const LINK_NOT_FOUND = "This link doesn't work any more";
/** The window of the public rate limit. */
const PUBLIC_WINDOW_MS = 60_000;

/**
 * Spins as a public link shows them: without `scrobble`, the state of the owner's
 * ListenBrainz sending (a public route exposes nothing of the user but the crate and
 * what the scope names: API.md "Share links").
 */
function withoutScrobble<T extends { scrobble?: unknown }>(spins: T[]): Array<Omit<T, 'scrobble'>> {
  return spins.map(({ scrobble: _private, ...spin }) => spin);
}

/** SHA-256 of a token: what is stored and looked up, never the token itself. */
function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A new token: 128 random bits in base64url (22 characters). */
function newToken(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Builds the /api/share router (signed in).
 * @param services - `lists`, whose `taggedByBody()` gives `GET /api/share` its `ETag` (API.md
 *   "Lists at scale": every GET of a list answers with an `ETag`)
 * @returns the router; every route answers 401 `unauthenticated` without a session
 */
export function createShareRouter(ctx: AppContext, services: Pick<AppServices, 'lists'>): Router {
  const router = Router();
  router.use(requireAuth);
  const tagged = services.lists.taggedByBody();

  router.post('/', async (req, res) => {
    const { scope } = parseInput(createShareSchema, req.body);
    const token = newToken();
    const link = await createShareLink(ctx.db, currentUser(req).id, scope, tokenHash(token), SHARE_LINKS_MAX);
    if (!link)
      throw new ConflictError(`You can have at most ${SHARE_LINKS_MAX} share links; revoke one first`);
    const url = `${ctx.config.publicOrigin}${SHARE_PAGE_PREFIX}${token}`;
    const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    const body: CreatedShareLink = {
      id: link.id,
      scope: link.scope,
      created_at: link.created_at,
      url,
      qr_svg: qrSvg.trim(),
    };
    res.status(201).json(body);
  });

  router.get('/', tagged, async (req, res) => {
    res.json(await listShareLinks(ctx.db, currentUser(req).id));
  });

  // A missing id is as malformed as `abc` (API.md "Conventions").
  router.delete('/', () => {
    parseId('');
  });

  router.delete('/:id', async (req, res) => {
    const id = parseId(req.params.id);
    if (!(await deleteShareLink(ctx.db, currentUser(req).id, id)))
      throw new NotFoundError('No such share link');
    res.status(204).end();
  });

  return router;
}

/** The headers of every public answer, errors included. */
const publicHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'Cache-Control': 'private, no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex',
  });
  next();
};

/**
 * At most {@link PUBLIC_REQUESTS_PER_MINUTE} public requests a minute per client address,
 * counted in PostgreSQL (`login_failures`, key `public:{address}`, as the login limits),
 * so the limit holds across every server process; then 429 `rate_limited` with `Retry-After`.
 */
function publicRateLimit(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const key = `public:${ipKeyGenerator(req.ip ?? 'unknown')}`;
    const { hits, reset_at: resetAt } = await countPublicRequest(ctx.db, key, PUBLIC_WINDOW_MS);
    if (hits > PUBLIC_REQUESTS_PER_MINUTE) {
      throw new RateLimitedError(
        (resetAt.getTime() - Date.now()) / 1000,
        'Too many requests; try again later',
      );
    }
    next();
  };
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The share link a public request opened (`createPublicRouter`). */
      shareLink?: OpenedShareLink;
    }
  }
}

/** The JSON of Records without `user_id`: a public answer never names the owner's id. */
function withoutUserIds(recordsJson: string): string {
  const records = JSON.parse(recordsJson) as Array<Record<string, unknown>>;
  return JSON.stringify(records.map(({ user_id: _userId, ...record }) => record));
}

/**
 * Builds the /api/public router: what a share link's holder may read, without a session.
 * @param services - the cursors of paged lists
 */
export function createPublicRouter(
  ctx: AppContext,
  services: Pick<AppServices, 'cursors' | 'lists'>,
): Router {
  const router = Router();
  router.use(publicHeaders, publicRateLimit(ctx));

  /**
   * The live link of the request's token, when its scope includes `needs`; else 404 with
   * the same body for an unknown, revoked or out-of-scope token.
   */
  async function open(req: Request, needs?: ShareScope): Promise<OpenedShareLink> {
    const token = String(req.params.token);
    const link = SHARE_TOKEN_PATTERN.test(token) ? await openShareLink(ctx.db, tokenHash(token)) : undefined;
    if (!link || (needs !== undefined && link.scope !== needs)) throw new NotFoundError(LINK_NOT_FOUND);
    return link;
  }

  router.get('/:token', async (req, res) => {
    const link = await open(req);
    res.json({
      username: link.username,
      scope: link.scope,
      records: await countRecords(ctx.db, link.userId),
    });
  });

  // The shared crate's pages are kept like a friend's crate (ETag, 304, cached bodies), per
  // link and the owner's version: the link is opened first, so a revoked one gets its 404.
  const sharedList = services.lists.conditionalShared(async (req, res) => {
    const link = await open(req);
    res.locals.shareLink = link;
    return { viewerId: -link.id, version: link.version };
  });

  router.get('/:token/records', sharedList, async (req: Request, res: Response) => {
    const link = res.locals.shareLink!;
    const { limit, sort, cursor, search, folder } = parseInput(publicRecordsQuery, req.query);
    const answer = await readRecordList(ctx.db, services.cursors, {
      // The cursor is bound to this link (a negative viewer no user has), so it opens nothing else.
      viewerId: -link.id,
      ownerId: link.userId,
      friend: false,
      shared: true,
      search,
      folder,
      limit,
      sort,
      cursor,
      url: req.originalUrl,
      fallbackCover: fallbackCoverUrl(ctx.config),
    });
    res.set(answer.headers).type('json').send(withoutUserIds(answer.body));
  });

  router.get('/:token/folders', async (req, res) => {
    const link = await open(req);
    res.json(await listFolders(ctx.db, link.userId));
  });

  router.get('/:token/records/:id', async (req, res) => {
    const link = await open(req);
    const id = parseId(req.params.id);
    const row = await findSharedRecord(ctx.db, link.userId, id);
    if (!row) throw new NotFoundError('No such record');
    const { user_id: _userId, ...record } = withCoverArt([row], fallbackCoverUrl(ctx.config))[0]!;
    res.json(record);
  });

  router.get('/:token/spins', async (req, res) => {
    const link = await open(req, 'crate+spins');
    const { limit, cursor } = parseInput(publicSpinsQuery, req.query);
    if (limit === undefined) {
      res.json(withoutScrobble(await listSpinsWithRecords(ctx.db, link.userId)));
      return;
    }
    const scope: CursorScope = { viewerId: -link.id, ownerId: link.userId, sort: 'spins', search: null };
    const position = cursor === undefined ? undefined : services.cursors.decode(cursor, scope);
    const after = position && { listenedAt: position.keys[0]!, id: position.id };
    const page = await listSpinPage(ctx.db, link.userId, limit, after, undefined);
    res.set('X-Total-Count', String(page.total));
    const last = page.spins[page.spins.length - 1];
    if (page.more && last) {
      res.set(
        'Link',
        nextPageLink(
          req.originalUrl,
          services.cursors.encode(scope, { keys: [last.listened_at], id: last.id }),
        ),
      );
    }
    res.json(withoutScrobble(page.spins));
  });

  router.get('/:token/wants', async (req, res) => {
    const link = await open(req, 'crate+wants');
    res.json(await listSharedWants(ctx.db, link.userId, fallbackCoverUrl(ctx.config)));
  });

  return router;
}
