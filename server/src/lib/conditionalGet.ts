/**
 * Conditional requests and cached bodies of the list and record GETs (API.md "Lists at
 * scale": every GET of a list or a record answers with an `ETag`; `If-None-Match` that
 * matches gets 304 with no body, also with `Cache-Control: no-cache`; answers over 1 KB
 * are compressed when `Accept-Encoding` allows). README "How a list request is answered".
 *
 * Built once per app from its three parts: the versions (`listVersions.ts`: the answer's
 * version and whether the viewer may see it, in one statement), the tags (`listTags.ts`:
 * an HMAC of URL, viewer and version) and the body cache (`listBodyCache.ts`). No 304
 * and no cached body is given before the answer is known to exist for the viewer: a
 * friend's crate needs the friendship, a spin must be the viewer's; `If-None-Match: *`
 * gets 304 only for an answer that would be 200.
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Queryable } from '@/db/database.js';
import { currentUser } from './auth.js';
import { chooseEncoding, compressBody, ListBodyCache, sendBody, type ListTotal } from './listBodyCache.js';
import { ListTags, namesAnyTag, namesTag } from './listTags.js';
import { requestListState, type VersionScope } from './listVersions.js';

export type { VersionScope } from './listVersions.js';
export type { ListTotal } from './listBodyCache.js';

/** Answers 304: the tag is sent again, no body. */
function notModified(res: Response, tag: string): void {
  res.setHeader('ETag', tag);
  res.removeHeader('Content-Type');
  res.removeHeader('Content-Length');
  res.removeHeader('Content-Encoding');
  res.status(304).end();
}

/**
 * The HTTP cache of one app's lists: conditional GETs, cached bodies and remembered counts.
 * Build it once (`createApp`) and hand it to the routers that answer lists.
 */
export class ListCache {
  /** The answers being built now, by tag: a request for the same tag waits for it. */
  private readonly pending = new Map<string, Promise<void>>();

  /**
   * @param db - where the versions are read
   * @param tags - the app's tags (its secret)
   * @param bodies - the app's body cache
   */
  constructor(
    private readonly db: Queryable,
    readonly tags: ListTags,
    readonly bodies: ListBodyCache,
  ) {}

  /**
   * The `ETag` of a list GET of the signed-in viewer at a version (`listVersions.ts`).
   * @param url - the path and query of the GET (`req.originalUrl` for the GET itself)
   * @param version - the answer's version, or a digest of its body
   */
  tag(req: Request, url: string, version: number | string): string {
    return this.tags.tag(currentUser(req).id, url, version);
  }

  /**
   * The remembered item count of a list at the version the request was answered at (the
   * version `conditionalGet` read: `res.locals.listVersion`), see `ListBodyCache.totalAt`.
   * @returns nothing known, and nothing remembered, for a request not behind `conditionalGet`
   */
  listTotal(res: Response, list: string): ListTotal {
    const version = res.locals.listVersion;
    if (version === undefined) return { known: undefined, remember: () => undefined };
    return this.bodies.totalAt(version, list);
  }

  /**
   * Middleware for a list or record GET, placed after `requireAuth` (and the fairness
   * limit) and before the handler. It reads the answer's version and visibility in one
   * statement (none for the viewer's own lists, read with the session); an answer the
   * viewer may not see gets no tag and goes to the handler (which answers 400 or 404).
   * Otherwise it sets the `ETag`, answers 304 when `If-None-Match` names it, sends a cached
   * body when this process has one for the tag, else lets the handler build the answer and
   * keeps a 200 body (compressed as the client accepts) for the next request. Answers other
   * than 200 carry no tag and are not kept. `If-None-Match: *` gets 304 for a kept or
   * built 200 answer only.
   * @param scope - whose writes change the answer, and what must exist (`VersionScope`)
   * @param vary - what else the answer depends on beyond the URL, the viewer and the
   *   version (the stats' default `today`: the server's date), added to the tag
   */
  conditionalGet(scope: VersionScope, vary?: (req: Request) => string): RequestHandler {
    return async (req, res, next) => {
      const state = await requestListState(this.db, scope, req, res);
      if (!state.visible) return next();
      const url = vary ? `${req.originalUrl}#${vary(req)}` : req.originalUrl;
      return this.answerAt(req, res, next, this.tag(req, url, state.version), state.version, true);
    };
  }

  /**
   * Middleware for a GET of a share link's public route (API.md "Share links"), where no
   * user is signed in: `resolve` opens the link (throwing the route's 404 for an unknown,
   * revoked or out-of-scope token, so nothing is ever answered from the cache for it) and
   * gives the viewer the answer is tagged for (the link: a negative id no user has) and the
   * owner's version. Then as `conditionalGet`, but without `ETag` or 304 (the public answers
   * are `no-store`): a kept body, or the handler's answer kept for the next request of that link.
   */
  conditionalShared(
    resolve: (req: Request, res: Response) => Promise<{ viewerId: number; version: number }>,
  ): RequestHandler {
    return async (req, res, next) => {
      const { viewerId, version } = await resolve(req, res);
      return this.answerAt(req, res, next, this.tags.tag(viewerId, req.originalUrl, version), version, false);
    };
  }

  /**
   * The answer of a visible list at `version`, kept under `tag` (see `conditionalGet`);
   * `conditional` false: no `ETag` is sent and `If-None-Match` is not looked at.
   */
  private async answerAt(
    req: Request,
    res: Response,
    next: (err?: unknown) => void,
    tag: string,
    version: number,
    conditional: boolean,
  ): Promise<void> {
    res.locals.listVersion = version;
    const ifNoneMatch = conditional ? req.get('if-none-match') : undefined;
    if (namesTag(ifNoneMatch, tag)) return notModified(res, tag);
    const any = namesAnyTag(ifNoneMatch);
    /** Sends (or, for `*`, confirms with 304) the kept answer of this tag; false when there is none. */
    const sendCached = (): boolean => {
      const cached = this.bodies.find(req, tag);
      if (!cached) return false;
      if (any) {
        notModified(res, tag);
        return true;
      }
      if (conditional) res.setHeader('ETag', tag);
      for (const [name, value] of Object.entries(cached.headers)) res.setHeader(name, value);
      sendBody(res, cached.body, cached.encoding);
      return true;
    };
    if (sendCached()) return;
    // Concurrent misses of one answer wait for the first to build it, instead of each
    // holding its own copy of a large body (a 20,000-record crate is about 8 MB of JSON).
    const building = this.pending.get(tag);
    if (building) {
      await building;
      if (sendCached()) return;
    }
    let done!: () => void;
    const built = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.pending.set(tag, built);
    const finish = () => {
      if (this.pending.get(tag) === built) this.pending.delete(tag);
      done();
    };
    res.once('close', finish);
    if (conditional) res.setHeader('ETag', tag);
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
      const answer = (encoded: Buffer) => {
        this.bodies.keep(tag, res, body.length, encoded, encoding);
        finish();
        if (any) notModified(res, tag);
        else sendBody(res, encoded, encoding);
      };
      if (encoding === 'identity') {
        answer(body);
        return res;
      }
      compressBody(body, encoding).then(answer, (err: unknown) => {
        finish();
        next(err);
      });
      return res;
    };
    next();
  }

  /**
   * Middleware for a small GET whose answer no version names (GET /api/mood: the moods
   * change with the schema, not with a user's writes): the handler builds the answer every
   * time and its tag is an HMAC of the body, the URL and the viewer; `If-None-Match` that
   * names it (or `*`) gets 304. Answers other than 200 carry no tag.
   */
  taggedByBody(): RequestHandler {
    return (req, res, next) => {
      const send = res.send.bind(res);
      res.send = (payload?: unknown) => {
        res.send = send;
        if (res.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
          return send(payload);
        }
        const digest = createHash('sha256').update(payload).digest('base64url');
        const tag = this.tag(req, req.originalUrl, digest);
        const ifNoneMatch = req.get('if-none-match');
        if (namesTag(ifNoneMatch, tag) || namesAnyTag(ifNoneMatch)) {
          notModified(res, tag);
          return res;
        }
        res.setHeader('ETag', tag);
        return send(payload);
      };
      next();
    };
  }
}
