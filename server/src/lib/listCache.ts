/**
 * Conditional requests and cached bodies of the list and record GETs (API.md "Lists at
 * scale": every GET of a list or a record answers with an `ETag`; `If-None-Match` that
 * matches gets 304 with no body, also with `Cache-Control: no-cache`; answers over 1 KB
 * are compressed when `Accept-Encoding` allows).
 *
 * The tag is a hash of the URL, the viewer, the host (the fallback cover URL is in the
 * body) and the largest version (table `user_versions`, migration 0004) of the users
 * whose writes change the answer. Versions are bumped by triggers in the transaction of
 * every such write and come from one sequence, so the tag changes whenever the answer
 * would, whichever server process made the change. An answer whose tag is known is sent
 * from a per-process LRU cache of its serialized (and compressed) body without building it
 * again (only in the encoding it was sent in; concurrent misses of one answer build it
 * once); one statement (the version) is all a cache hit or a 304 costs, and none for the
 * viewer's own lists, whose version comes with the session (`sessionStore.ts`).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '@/db/database.js';
import { currentUser } from './auth.js';
import type { AppContext } from './context.js';

/** Bodies up to this size (bytes) are sent as they are (API.md: answers over 1 KB are compressed). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Whose writes change an answer:
 * - `own`: the viewer's (their crate, their spins, their friends list);
 * - `friend`: the viewer's and the friend named by the `id` query parameter's;
 * - `network`: the viewer's and every friend's (Hot Off The Press, Latest Listens).
 */
export type VersionScope = 'own' | 'friend' | 'network';

type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compresses a body (br at quality 5, gzip at level 6: a cached body is compressed once). */
export async function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  }
  if (encoding === 'gzip') return gzip(body, { level: 6 });
  return body;
}

/**
 * The version of an answer: the largest version of the users whose writes change it,
 * 0 before any write.
 * @param friendId - the friend of a `friend` answer (ignored otherwise)
 */
export async function readVersion(
  db: Queryable,
  scope: VersionScope,
  viewerId: number,
  friendId?: number,
): Promise<number> {
  const sql =
    scope === 'network'
      ? `SELECT coalesce(max(version), 0)::bigint AS v FROM user_versions
          WHERE user_id = $1 OR user_id IN (SELECT friend_id FROM friendships WHERE user_id = $1)`
      : 'SELECT coalesce(max(version), 0)::bigint AS v FROM user_versions WHERE user_id = ANY($1::int[])';
  const params =
    scope === 'network' ? [viewerId] : [scope === 'friend' && friendId ? [viewerId, friendId] : [viewerId]];
  const rows = await db.query<{ v: number }>(sql, params);
  return Number(rows[0]?.v ?? 0);
}

/** The viewer's own version read with their session (`sessionStore.ts`), by request. */
const ownVersions = new WeakMap<Request, { userId: number; version: number }>();

/**
 * Remembers the version of `userId`'s own lists, read in the same statement as the
 * request's session, so that an `own` answer needs no statement of its own for its tag.
 * Ignored unless `userId` is the request's signed-in user when the tag is made.
 */
export function rememberOwnVersion(req: Request, userId: number, version: number): void {
  ownVersions.set(req, { userId, version });
}

/**
 * The version of the signed-in user's own lists: the one read with the session when there
 * is one, else read now.
 * @param req - a request with a signed-in user
 */
export async function ownListVersion(ctx: AppContext, req: Request): Promise<number> {
  const viewer = currentUser(req);
  const own = ownVersions.get(req);
  return own?.userId === viewer.id ? own.version : readVersion(ctx.db, 'own', viewer.id);
}

/**
 * The `ETag` of a list or record GET: a hash of the URL, the viewer, the host (the
 * fallback cover URL is in the body) and the answer's version (see the module's note).
 * @param req - the request of the signed-in viewer (its host and protocol count)
 * @param url - the path and query of the GET (`req.originalUrl` for the GET itself)
 * @param version - the answer's version (`readVersion`, `ownListVersion`)
 */
export function listTag(req: Request, url: string, version: number): string {
  const viewer = currentUser(req);
  return `"${createHash('sha1')
    .update(`${url}\n${viewer.id}\n${version}\n${req.protocol}://${req.get('host') ?? ''}`)
    .digest('base64url')}"`;
}

const caches = new WeakMap<AppContext, LRUCache<string, Buffer>>();

/**
 * The body cache of one app (one per process and app), bounded by `LIST_CACHE_MB` of real
 * bytes: each entry counts its body's bytes, its key and a fixed overhead. Only the body as
 * it was sent is kept (compressed when the client accepted it), never a second,
 * uncompressed copy beside it.
 */
function cacheOf(ctx: AppContext): LRUCache<string, Buffer> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new LRUCache<string, Buffer>({
      maxSize: Math.max(1, Math.floor(ctx.config.LIST_CACHE_MB * 1024 * 1024)),
      sizeCalculation: (body, key) => body.length + key.length + 64,
    });
    caches.set(ctx, cache);
  }
  return cache;
}

/** True when an `If-None-Match` header names `tag` (or is `*`). Weak tags compare equal too. */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const candidate = t.trim().replace(/^W\//, '');
    return candidate === tag || candidate === '*';
  });
}

function chooseEncoding(req: Request, size: number): Encoding {
  if (size <= COMPRESS_THRESHOLD) return 'identity';
  const accepted = req.acceptsEncodings('br', 'gzip');
  return accepted === 'br' || accepted === 'gzip' ? accepted : 'identity';
}

function sendBody(res: Response, body: Buffer, encoding: Encoding): void {
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  else res.removeHeader('Content-Encoding');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** Headers of a paged answer (API.md "Lists at scale") that a cached body is sent with again. */
const KEPT_HEADERS = ['Link', 'X-Total-Count'] as const;

/**
 * The kept headers the handler set on `res`, for the cache: the uncompressed body's size
 * in bytes (4 bytes, big-endian; it chooses the encoding of a cached answer) followed by
 * the headers as JSON.
 */
function keptHeaders(res: Response, size: number): Buffer {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  const json = Buffer.from(JSON.stringify(kept));
  const entry = Buffer.allocUnsafe(4 + json.length);
  entry.writeUInt32BE(size, 0);
  json.copy(entry, 4);
  return entry;
}

/** Sets the kept headers read back from the cache. */
function restoreHeaders(res: Response, kept: Buffer): void {
  const headers = JSON.parse(kept.subarray(4).toString()) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** The version each request behind `conditionalGet` was answered at (read by `listTotal`). */
const versionOf = new WeakMap<Response, number>();

/** The number of items of a whole list, as `X-Total-Count` gives it (API.md "Lists at scale"). */
export interface ListTotal {
  /** The count remembered for this list at the request's version, if any. */
  known: number | undefined;
  /** Remembers the count just read, for the next page of the same list and version. */
  remember(total: number): void;
}

/**
 * The remembered item count of a list at the version the request was answered at (the
 * version `conditionalGet` read), so that the pages of one list (any sort, any cursor)
 * count it once per version instead of once a page. A write bumps the version in its
 * own transaction, so a count is never used after a change, in any process.
 * @param list - names the whole list: its kind, the viewer, whose items, the search
 *   (not the sort or the cursor, which do not change the count)
 * @returns nothing known, and nothing remembered, for a request not behind `conditionalGet`
 */
export function listTotal(ctx: AppContext, res: Response, list: string): ListTotal {
  const version = versionOf.get(res);
  if (version === undefined) return { known: undefined, remember: () => undefined };
  return listTotalAt(ctx, version, list);
}

/**
 * The remembered item count of a list at a version read by the caller (see `listTotal`),
 * for an answer made outside `conditionalGet` (the collection page's first page).
 * @param version - the list's version, read before the list
 * @param list - names the whole list, as for `listTotal`
 */
export function listTotalAt(ctx: AppContext, version: number, list: string): ListTotal {
  const cache = cacheOf(ctx);
  const key = `total|${version}|${list}`;
  const stored = cache.get(key);
  return {
    known: stored === undefined ? undefined : Number(stored.toString()),
    remember: (total) => {
      cache.set(key, Buffer.from(String(total)));
    },
  };
}

/** The friend id of a `friend` answer, when the query names a plausible one. */
function friendIdOf(req: Request): number | undefined {
  // `?id=F` on a friend's list; `/friends/{friendId}/record/{id}` names F in the path.
  const raw = req.params.friendId ?? req.query.id;
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}

/**
 * Middleware for a list or record GET, placed after `requireAuth` (and the fairness limit)
 * and before the handler: sets the `ETag`, answers 304 when `If-None-Match` matches, sends
 * a cached body when this process has one for the tag, else lets the handler build the
 * answer and keeps a 200 body (compressed as the client accepts) for the next request.
 * Answers other than 200 carry no tag and are not kept.
 * @param scope - whose writes change the answer
 */
export function conditionalGet(ctx: AppContext, scope: VersionScope): RequestHandler {
  const cache = cacheOf(ctx);
  /** The answers being built now, by tag: a request for the same tag waits for it. */
  const pending = new Map<string, Promise<void>>();
  return async (req, res, next) => {
    const viewer = currentUser(req);
    const friendId = scope === 'friend' ? friendIdOf(req) : undefined;
    const version =
      scope === 'own'
        ? await ownListVersion(ctx, req)
        : await readVersion(ctx.db, scope, viewer.id, friendId);
    const tag = listTag(req, req.originalUrl, version);
    res.setHeader('ETag', tag);
    versionOf.set(res, version);
    if (matches(req.get('if-none-match'), tag)) {
      res.status(304).end();
      return;
    }
    /** Sends the cached body of this tag in the encoding the client takes; false when there is none. */
    const sendCached = (): boolean => {
      const kept = cache.get(`${tag}|headers`);
      if (!kept) return false;
      const encoding = chooseEncoding(req, kept.readUInt32BE(0));
      const body = cache.get(`${tag}|${encoding}`);
      if (!body) return false;
      restoreHeaders(res, kept);
      sendBody(res, body, encoding);
      return true;
    };
    if (sendCached()) return;
    // Concurrent misses of one answer wait for the first to build it, instead of each
    // holding its own copy of a large body (a 20,000-record crate is about 8 MB of JSON).
    const building = pending.get(tag);
    if (building) {
      await building;
      if (sendCached()) return;
    }
    let done!: () => void;
    const built = new Promise<void>((resolve) => {
      done = resolve;
    });
    pending.set(tag, built);
    const finish = () => {
      if (pending.get(tag) === built) pending.delete(tag);
      done();
    };
    res.once('close', finish);
    const send = res.send.bind(res);
    res.send = (payload?: unknown) => {
      res.send = send;
      if (res.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
        res.removeHeader('ETag');
        finish();
        return send(payload);
      }
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const encoding = chooseEncoding(req, body.length);
      const headers = keptHeaders(res, body.length);
      if (encoding === 'identity') {
        cache.set(`${tag}|headers`, headers);
        cache.set(`${tag}|identity`, body);
        finish();
        sendBody(res, body, encoding);
        return res;
      }
      compressBody(body, encoding).then(
        (compressed) => {
          cache.set(`${tag}|headers`, headers);
          cache.set(`${tag}|${encoding}`, compressed);
          finish();
          sendBody(res, compressed, encoding);
        },
        (err: unknown) => {
          finish();
          next(err);
        },
      );
      return res;
    };
    next();
  };
}
