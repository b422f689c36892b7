/**
 * Builds the Express app from ordered steps: request logging, security headers,
 * same-origin check, body parsing, sessions and passport, the API routes, the
 * client's files, and the one error handler (API.md, all sections).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import express, { type Express, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import session from 'express-session';
import helmet from 'helmet';
import compression from 'compression';
import type { PassportInstance } from './features/auth/passport.js';
import { pinoHttp } from 'pino-http';
import { IMPORT_BODY_LIMIT, JSON_BODY_LIMIT, SHARE_PAGE_PREFIX } from '@spincrate/contract';
import { repoRoot } from './config.js';
import { loggablePath, type Logger } from './lib/logger.js';
import { urlLengthLimit } from './lib/clientErrors.js';
import { errorHandler } from './lib/errorHandler.js';
import { ForbiddenError, NotFoundError, UnsupportedMediaTypeError, ValidationError } from './lib/errors.js';
import { findNulCharacter } from './lib/validation.js';
import { FALLBACK_COVER_PATH } from './lib/records.js';
import { COMPRESS_THRESHOLD, ListBodyCache } from './lib/listBodyCache.js';
import { ListCache } from './lib/conditionalGet.js';
import { ListTags, tagKey } from './lib/listTags.js';
import { createHeavyRequestLimit, heavyRequestsPerProcess } from './lib/userLimit.js';
import { createLookupSender } from './lib/metadata/queue.js';
import type { AppContext, AppServices } from './lib/context.js';
import { createSessionStore } from './lib/sessionStore.js';
import { WriteLanes } from './lib/writeLanes.js';
import { createPassport, enforceSessionLifetime, SESSION_IDLE_MS } from './features/auth/passport.js';
import { createUserRouter, SESSION_COOKIE } from './features/auth/user.router.js';
import { createMoodRouter } from './features/moods/moods.router.js';
import { createRecordRouter } from './features/records/records.router.js';
import { createImportRouter } from './features/imports/imports.router.js';
import { createSpinRouter } from './features/spins/spins.router.js';
import { createRecordSidesRouter } from './features/spins/sides.router.js';
import { createFriendWantsRouter, createWantRouter } from '@/features/wants/wants.router.js';
import { createSyncRouter } from './features/sync/sync.router.js';
import { createSocialRouter } from './features/social/social.router.js';
import { createBlindbagRouter } from './features/blindbag/blindbag.router.js';
import { createStatsRouter } from './features/stats/stats.router.js';
import { createLookupRouter } from './features/lookup/lookup.router.js';
import { createListenBrainzRouter } from './features/listenbrainz/listenbrainz.router.js';
import { createHealthRouter } from './features/health/health.router.js';
import { clientConfigBody, createClientConfigRouter } from './features/clientConfig/clientConfig.router.js';
import { createOpenApiRouter } from './features/openapi/openapi.router.js';
import { createPublicRouter, createShareRouter } from './features/share/share.router.js';
import { coverRoute } from './features/covers/covers.router.js';
import { MemoryCachedCoverStore, PgCoverStore } from './features/covers/covers.store.js';
import { ListCursors } from './lib/listCursor.js';
import { trimDocumentHeaders } from './lib/staticHeaders.js';
import { inlineThemeInit } from './lib/inlineScript.js';
import {
  collectionPreloads,
  COLLECTION_PATH,
  crateLoadingMarkup,
  ownFirstPage,
  RECORDS_DATA_ID,
  takeEntryScript,
} from './lib/pageData.js';

export interface BuiltApp {
  app: Express;
  /** Stops the app's own timers (session pruning). */
  close(): Promise<void>;
}

/** The response header that carries a request's id (README "Request ids"). */
export const REQUEST_ID_HEADER = 'X-Request-Id';
/** A request id a trusted proxy may pass on: 1–128 letters, digits and `._:-` (a UUID fits). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the proxy's `X-Request-Id` when the proxy is trusted (`TRUST_PROXY`)
 * and the value is sane, else a new random UUID. It is sent back in `X-Request-Id`.
 */
function requestId(trustProxy: boolean) {
  const idOf = requestIdOf(trustProxy);
  return (req: IncomingMessage, res: ServerResponse): string => {
    const id = idOf(req);
    res.setHeader(REQUEST_ID_HEADER, id);
    return id;
  };
}

/** A request's id by `requestId`'s rule, without setting the header (the covers' step sets its own). */
function requestIdOf(trustProxy: boolean) {
  return (req: IncomingMessage): string => {
    const given = trustProxy ? req.headers['x-request-id'] : undefined;
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/**
 * One line per request: its id (`reqId`), method, path without the query string (and
 * without a share link's token: `loggablePath`), status, time. `req.log` carries the same id, so an error logged for the request can be matched to it.
 *
 * Every request line is logged at `info` (`warn` for a 5xx or an error). When
 * the logger's level would drop `info` lines (e.g. `LOG_LEVEL=warn` in production), a lean
 * path skips pino-http's per-request child loggers: the request still gets its id (header
 * and `req.id`), `req.log` is made only when something logs through it, and a 5xx is
 * still logged at `warn`, with its id, as pino-http would.
 */
function requestLogging(ctx: AppContext): RequestHandler {
  const genReqId = requestId(ctx.config.TRUST_PROXY);
  const full = pinoHttp({
    logger: ctx.logger,
    genReqId,
    customProps: (req) => ({ reqId: req.id }),
    serializers: {
      req: (req: { method: string; url: string }) => ({
        method: req.method,
        path: loggablePath(req.url.split('?')[0]!),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'warn' : 'info'),
  });
  const root = ctx.logger;
  if (root.isLevelEnabled('info')) return full;
  const logsWarnings = root.isLevelEnabled('warn');
  return (req, res, next) => {
    const id = genReqId(req, res);
    req.id = id;
    let log: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (log ??= root.child({ reqId: id })),
      set: (value: Logger) => {
        log = value;
      },
    });
    if (logsWarnings) {
      const start = Date.now();
      res.once('close', () => {
        if (res.statusCode < 500) return;
        req.log.warn(
          {
            req: { method: req.method, path: loggablePath(req.originalUrl.split('?')[0]!) },
            res: { statusCode: res.statusCode },
            err: new Error(`failed with status code ${res.statusCode}`),
            responseTime: Date.now() - start,
          },
          'request errored',
        );
      });
    }
    next();
  };
}

function origins(urls: Array<string | undefined>): string[] {
  return urls.filter((u): u is string => Boolean(u)).map((u) => new URL(u).origin);
}

/**
 * helmet's headers with a CSP naming only our origin, the chat bot and the cover hosts.
 * In production a page served over HTTPS (`req.secure`, which honours `TRUST_PROXY`) also
 * gets `upgrade-insecure-requests`, so that an `http://` cover link or redirect is loaded
 * over HTTPS like the page. A page served over plain HTTP (127.0.0.1, a test stack) does
 * not: there the upgrade would turn a cover host's plain-HTTP redirect into an HTTPS
 * request that host cannot answer.
 */
function securityHeaders(ctx: AppContext): RequestHandler & {
  /** The headers the step sets, worked out once, for a request over HTTPS or not (the covers' step). */
  fixed: (req: IncomingMessage) => readonly (readonly [string, string])[];
} {
  const { config } = ctx;
  const imageOrigins = [
    ...config.imageOrigins,
    ...origins([config.COVERART_API_URL, config.LASTFM_API_URL, config.IMAGE_HOST_URL]),
  ];
  const headers = (upgradeInsecureRequests: boolean) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
          frameSrc: ["'self'", ...origins([config.CHATBOT_URL])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // helmet's default allows fonts from any https: origin; the client bundles its own.
          fontSrc: ["'self'"],
          // 'wasm-unsafe-eval': the barcode scanner compiles its WebAssembly decoder, served
          // by this app (EXTENSIONS.md §4); it allows no eval() of JavaScript.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          // The service worker (/sw.js, EXTENSIONS.md §9) and the web app manifest: this origin only.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: upgradeInsecureRequests ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // HSTS only where the app is served over HTTPS (production behind TLS), never on plain development HTTP.
      strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  const overHttps = headers(config.isProduction);
  const overHttp = headers(false);
  const step: RequestHandler = (req, res, next) => (req.secure ? overHttps : overHttp)(req, res, next);
  const httpsHeaders = headersSetBy(overHttps);
  const httpHeaders = headersSetBy(overHttp);
  return Object.assign(step, {
    fixed: (req: IncomingMessage) => ((req as express.Request).secure ? httpsHeaders : httpHeaders),
  });
}

/**
 * The headers a helmet step sets, recorded once by running it on a stand-in answer (helmet's
 * headers depend on nothing of the request: its options are fixed when it is made).
 */
function headersSetBy(step: RequestHandler): [string, string][] {
  const set = new Map<string, [string, string]>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      set.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
  };
  step({} as express.Request, recorder as unknown as express.Response, () => undefined);
  return [...set.values()];
}

/** `/api` answers are never cached. */
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * 403 for a state-changing request from another site: an `Origin` that is not ours,
 * or `Sec-Fetch-Site: cross-site | same-site` (API.md "Security").
 */
const sameOriginOnly: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const site = req.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') throw new ForbiddenError();
  const origin = req.get('origin');
  if (origin !== undefined && origin !== `${req.protocol}://${req.get('host')}`) throw new ForbiddenError();
  next();
};

/** 415 for a POST/PUT/PATCH that carries a body which is not JSON. */
const jsonBodiesOnly: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (hasBody && !req.is('application/json')) throw new UnsupportedMediaTypeError();
  next();
};

/** 400 for a NUL character in the body or the query: PostgreSQL text cannot hold one. */
const noNulCharacters: RequestHandler = (req, _res, next) => {
  const field = findNulCharacter(req.body) ?? findNulCharacter(req.query);
  if (field !== undefined) {
    const name = field || 'body';
    throw new ValidationError(`${name} must not contain NUL characters`, {
      [name]: 'must not contain NUL characters',
    });
  }
  next();
};

/** Sessions in PostgreSQL, then passport on top of them. */
function sessions(ctx: AppContext, sessionSecret: string, passport: PassportInstance) {
  const store = createSessionStore(session, ctx.db, {
    createTableIfMissing: false,
    pruneSessionInterval: ctx.config.NODE_ENV === 'test' ? false : 15 * 60,
    // A read never writes the session row; enforceSessionLifetime moves the expiry forward
    // at most once a minute (issue 10, "no write on a read").
    disableTouch: true,
    errorLog: (...args: unknown[]) => ctx.logger.warn({ detail: String(args[0]) }, 'session store error'),
  });
  const handlers: RequestHandler[] = [
    session({
      name: SESSION_COOKIE,
      store,
      secret: sessionSecret,
      resave: false,
      saveUninitialized: false,
      // The cookie is sent again (its 14-day expiry moved forward) whenever the session
      // changes, which enforceSessionLifetime does at most once a minute: the browser's
      // cookie and the stored row expire together, to the minute, and a read within the
      // minute neither signs nor sends a cookie.
      rolling: false,
      proxy: ctx.config.TRUST_PROXY || undefined,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.isProduction ? 'auto' : false,
        maxAge: SESSION_IDLE_MS,
      },
    }) as RequestHandler,
    passport.initialize() as RequestHandler,
    passport.session() as RequestHandler,
    enforceSessionLifetime(ctx.db),
  ];
  return { handlers, store };
}

/** Id of the JSON data block in `index.html` that holds the signed-in user (issue 11). */
export const SESSION_DATA_ID = 'spincrate-session';

/**
 * The session data block for `index.html`: `<script type="application/json">` (never run by
 * the browser) holding `{"user": User | null}`. Every `<`, `>`, `&` and line/paragraph
 * separator is written as a JSON `\u` escape, so no value (e.g. a username holding
 * `</script><script>`) can end the block or start markup; `JSON.parse` reads it back exactly.
 * @param user - the signed-in user, or undefined when nobody is
 */
export function sessionDataBlock(user: Express.User | undefined): string {
  return jsonDataBlock(SESSION_DATA_ID, { user: user ? { id: user.id, username: user.username } : null });
}

/** The head of a share link's page (`/s/{token}`): no indexing, no Referer (EXTENSIONS.md §7). */
export const SHARE_PAGE_META =
  '<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">';

/** Id of the JSON data block in `index.html` that holds the runtime configuration (GET /api/config's body). */
export const CONFIG_DATA_ID = 'spincrate-config';

/**
 * A `<script type="application/json">` block (never run by the browser) holding `data`.
 * Every `<`, `>`, `&` and line/paragraph separator is written as a JSON `\u` escape, so no
 * value can end the block or start markup; `JSON.parse` reads it back exactly.
 * @param id - the element's id
 * @param data - any JSON value
 */
export function jsonDataBlock(id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** Files of the build revalidated at every request: the service worker and the web app manifest. */
const REVALIDATED_FILES = new Set(['sw.js', 'manifest.webmanifest']);

/**
 * The path of the app's shell for the service worker's precache (client/src/sw/sw.ts): the
 * page as every visitor gets it, whatever the cookie, so the copy kept on the device names
 * no user (EXTENSIONS.md §9).
 */
export const SHELL_PATH = '/index.html';

/**
 * The built client, with `index.html` for every other GET so deep links work on reload.
 * Files are sent precompressed (the build writes `.br` and `.gz` beside them) when the
 * browser accepts it; hashed files (`/assets/`) are cached for a year as immutable,
 * `index.html` is `no-cache` and carries the signed-in user in a JSON data block, so the
 * client needs no `GET /api/user` (which answers 401 to a visitor) on start
 * (API.md "Lists at scale"). A signed-in user's collection page (`/user/profile`) also
 * carries the first page of their crate and preloads of the screen's chunks
 * (lib/pageData.ts); a signed-in page is `private, no-cache` and varies with `Cookie`.
 * `/index.html` ({@link SHELL_PATH}) is a visitor's page for anyone: the service worker
 * keeps it as the shell it starts the app with offline. `sw.js` and `manifest.webmanifest`
 * are `no-cache`. Dotfiles and source maps are never served, even when they are in the build.
 */
function clientFiles(ctx: AppContext, services: AppServices): RequestHandler[] {
  const dist = ctx.config.clientDist;
  // The page (index.html with its data blocks) is built per request: compressed like an API
  // answer, br or gzip (issue 11: the login screen ≤ 100 KB; the collection's first page).
  const compressPage = compression({ threshold: COMPRESS_THRESHOLD });
  const indexHtml = path.join(dist, 'index.html');
  const configBlock = jsonDataBlock(CONFIG_DATA_ID, clientConfigBody(ctx));
  const files = expressStaticGzip(dist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      dotfiles: 'ignore',
      setHeaders: (res: ServerResponse, file: string) => {
        trimDocumentHeaders(res, file);
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        // The service worker and the manifest name the app's version: asked again every time,
        // so a new version is found at the next start (EXTENSIONS.md §9).
        else if (REVALIDATED_FILES.has(path.basename(file).replace(/\.(br|gz)$/, '')))
          res.setHeader('Cache-Control', 'no-cache');
      },
    },
  });
  return [
    (req, res, next) => {
      const lower = req.path.toLowerCase();
      // Source maps are never served; index.html only through the page handler below.
      if (lower.endsWith('.map') || lower === '/index.html') return next();
      files(req, res, next);
    },
    async (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      // A missing hashed bundle is a 404, not the page (a stale tab must not run HTML as a script);
      // so is a dotfile path (`/.env`, `/.git/…`): no screen lives there.
      if (req.path.startsWith('/assets/') || req.path.includes('/.')) {
        res.status(404).type('text/plain').send('404');
        return;
      }
      if (!existsSync(indexHtml)) {
        res.status(404).type('text/plain').send('404 (the client is not built: run npm run build)');
        return;
      }
      let page = await readFile(indexHtml, 'utf8');
      // The shell the service worker keeps (SHELL_PATH) is a visitor's page.
      const user = req.path === SHELL_PATH ? undefined : req.user;
      let block = sessionDataBlock(user) + configBlock;
      // A share link's page is indexed by no robot and sends no Referer with its token
      // (API.md "Share links", EXTENSIONS.md §7), before any script runs.
      if (req.path.startsWith(SHARE_PAGE_PREFIX)) block = SHARE_PAGE_META + block;
      let top = '';
      // The signed-in user's collection: its first page comes with the page, and its first-visit
      // loading screen is painted before the app's scripts are asked for (lib/pageData.ts).
      if (req.user && req.path === COLLECTION_PATH) {
        const [first, preloads] = await Promise.all([
          // Without it the screen asks GET /api/record itself: a failure here never fails the page.
          ownFirstPage(ctx, services, req, res).catch((err: unknown) => {
            req.log.warn({ err }, 'the first page of the collection could not be read for the page');
            return undefined;
          }),
          collectionPreloads(dist),
        ]);
        block += first ? jsonDataBlock(RECORDS_DATA_ID, first) : '';
        // The entry and the screen's chunks are asked for by theme-init.js, which runs right
        // after the loading screen: after its first paint on the session's first visit, else at once.
        const taken = takeEntryScript(page);
        page = taken.html;
        top = crateLoadingMarkup({ entry: taken.entry, preloads });
      }
      let html = page.includes('</head>') ? page.replace('</head>', () => `${block}</head>`) : block + page;
      if (top) html = html.replace(/<body[^>]*>/, (open) => open + top);
      html = await inlineThemeInit(dist, html, res);
      // The page carries the signed-in user's data: never kept by a shared cache, and never
      // answered from one for another cookie.
      res.set('Cache-Control', user ? 'private, no-cache' : 'no-cache');
      // A share link's page (/s/{token}): kept by no cache, indexed by no robot, and no
      // Referer names its token (API.md "Share links").
      if (req.path.startsWith(SHARE_PAGE_PREFIX)) {
        res.set({
          'Cache-Control': 'private, no-store',
          'X-Robots-Tag': 'noindex',
          'Referrer-Policy': 'no-referrer',
        });
      }
      res.vary('Cookie');
      compressPage(req, res, () => res.type('html').send(html));
    },
  ];
}

/**
 * Builds the app.
 * @param ctx - configuration, database, logger, metadata service
 * @param sessionSecret - signs session cookies
 */
export function createApp(ctx: AppContext, sessionSecret: string): BuiltApp {
  const app = express();
  app.disable('x-powered-by');
  // No hash of every body: the list and record GETs carry ETags from their versions
  // (lib/conditionalGet.ts); static files keep their own.
  app.set('etag', false);
  if (ctx.config.TRUST_PROXY) app.set('trust proxy', true);
  app.set('query parser', 'simple');

  const security = securityHeaders(ctx);
  // Covers from our own origin come first: a cover costs no session read, none of the other
  // steps' per-request work, and, asked for again, no database read (issue 27).
  app.use(
    coverRoute({
      store: new MemoryCachedCoverStore(new PgCoverStore(ctx.db)),
      securityHeaders: security.fixed,
      requestId: requestIdOf(ctx.config.TRUST_PROXY),
      logger: ctx.logger,
    }),
  );
  app.use(requestLogging(ctx));
  app.use(urlLengthLimit);
  app.use(security);
  app.use(FALLBACK_COVER_PATH, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400');
    res.sendFile(path.join(repoRoot, 'server', 'public', 'fallback.svg'));
  });
  // Any other path under /covers names no cover.
  app.use('/covers', (_req, res) => {
    res.status(404).type('text/plain').send('404');
  });

  // API answers over 1 KB, br or gzip as Accept-Encoding allows (API.md "Lists at scale");
  // cached list bodies arrive already compressed (lib/listBodyCache.ts) and pass through.
  // A revalidation (`If-None-Match`) is answered by a list route, which compresses its own
  // bodies, or by a 304: it skips the compression wrapper.
  const compress = compression({ threshold: COMPRESS_THRESHOLD });
  app.use('/api', (req, res, next) =>
    req.headers['if-none-match'] === undefined ? compress(req, res, next) : next(),
  );
  app.use('/api', noStore, sameOriginOnly, jsonBodiesOnly);
  app.use('/api/record/import', express.json({ limit: IMPORT_BODY_LIMIT }));
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT }), noNulCharacters);
  // Built once and handed to the routers that answer lists (README "How a list request is answered").
  const services: AppServices = {
    cursors: new ListCursors(sessionSecret),
    lists: new ListCache(
      ctx.db,
      new ListTags(tagKey(ctx.config.ETAG_SECRET, sessionSecret)),
      new ListBodyCache(ctx.config.LIST_CACHE_MB),
    ),
    heavy: createHeavyRequestLimit(heavyRequestsPerProcess(ctx.db.pool.options.max ?? 10)),
    lookups: createLookupSender(ctx.db, ctx.logger),
    writes: new WriteLanes(),
  };
  const passport = createPassport(ctx.db);
  const { handlers, store } = sessions(ctx, sessionSecret, passport);
  app.use(handlers);

  app.use('/api/health', createHealthRouter(ctx));
  app.use('/api/config', createClientConfigRouter(ctx));
  app.use('/api/openapi.json', createOpenApiRouter());
  app.use('/api/user/listenbrainz', createListenBrainzRouter(ctx, services));
  app.use('/api/user', createUserRouter(ctx, passport));
  app.use('/api/mood', createMoodRouter(ctx, services.lists));
  app.use('/api/record', createImportRouter(ctx, services));
  app.use('/api/record', createRecordSidesRouter(ctx));
  app.use('/api/record', createRecordRouter(ctx, services));
  app.use('/api/spins', createSpinRouter(ctx, services));
  app.use('/api/social/friends/want', createFriendWantsRouter(ctx, services));
  app.use('/api/sync', createSyncRouter(ctx, services));
  app.use('/api/social', createSocialRouter(ctx, services));
  app.use('/api/want', createWantRouter(ctx, services));
  app.use('/api/blindbag', createBlindbagRouter(ctx));
  app.use('/api/stats', createStatsRouter(ctx, services.heavy, services.lists));
  app.use('/api/lookup', createLookupRouter(ctx));
  app.use('/api/share', createShareRouter(ctx, services));
  app.use('/api/public', createPublicRouter(ctx, services));
  app.use('/api', () => {
    throw new NotFoundError('No such API route');
  });

  app.use(clientFiles(ctx, services));
  app.use(errorHandler(ctx.logger));

  return {
    app,
    close: () => store.close(),
  };
}
