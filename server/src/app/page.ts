/**
 * The page and the built client (API.md "Lists at scale", EXTENSIONS.md §7, §9): the
 * client's files, and `index.html` for every other GET with its data blocks (the signed-in
 * user, the runtime configuration, on the collection page its first page of records).
 */
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Express, RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import compression from 'compression';
import {
  BOOT_ELEMENT_IDS,
  BOOT_FILE,
  crateLoadingMarkup,
  jsonDataBlock,
  SHARE_PAGE_PREFIX,
} from '@spincrate/contract';
import type { AppContext, AppServices } from '@/lib/context.js';
import { COMPRESS_THRESHOLD } from '@/lib/listBodyCache.js';
import { clientConfigBody } from '@/features/clientConfig/clientConfig.router.js';
import { trimDocumentHeaders } from './staticHeaders.js';
import type { ClientBuild } from './clientBuild.js';
import { COLLECTION_PATH, ownFirstPage, RECORDS_DATA_ID } from './pageData.js';

/** Id of the JSON data block in `index.html` that holds the signed-in user (issue 11). */
const SESSION_DATA_ID = BOOT_ELEMENT_IDS.session;

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
const SHARE_PAGE_META = '<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">';

/** Id of the JSON data block in `index.html` that holds the runtime configuration (GET /api/config's body). */
const CONFIG_DATA_ID = BOOT_ELEMENT_IDS.config;

/** What a page carries besides the build's own markup. */
interface PageParts {
  /** The JSON data blocks (and a share page's meta tags), at the end of the head. */
  blocks: string;
  /**
   * The first-visit loading screen, first in the body; it names the entry, which the page
   * then does not load itself (theme-init.js asks for it).
   */
  loadingScreen?: string;
}

/**
 * The page: the build's `index.html` as `boot.json` cuts it, with the entry script (unless
 * the loading screen starts it), the data blocks, the loading screen and the boot script
 * (theme-init.js, run inside the page: its hash is in helmet's `script-src`) put in.
 * @param boot - the build's `boot.json`
 * @param parts - what this page carries
 */
function composePage(boot: ClientBuild['boot'], parts: PageParts): string {
  const { page } = boot;
  const entry = parts.loadingScreen
    ? ''
    : `<script type="module" crossorigin src="${boot.entry.script}"></script>`;
  return (
    page.head +
    entry +
    page.headEnd +
    parts.blocks +
    page.bodyStart +
    (parts.loadingScreen ?? '') +
    page.beforeBootScript +
    `<script>${boot.bootScript.text}</script>` +
    page.end
  );
}

/** Files of the build revalidated at every request: the service worker and the web app manifest. */
const REVALIDATED_FILES = new Set(['sw.js', 'manifest.webmanifest']);

/**
 * The path of the app's shell for the service worker's precache (client/src/sw/sw.ts): the
 * page as every visitor gets it, whatever the cookie, so the copy kept on the device names
 * no user (EXTENSIONS.md §9).
 */
const SHELL_PATH = '/index.html';

/**
 * The built client, with `index.html` for every other GET so deep links work on reload.
 * Files are sent precompressed (the build writes `.br` and `.gz` beside them) when the
 * browser accepts it; hashed files (`/assets/`) are cached for a year as immutable,
 * `index.html` is `no-cache` and carries the signed-in user in a JSON data block, so the
 * client needs no `GET /api/user` (which answers 401 to a visitor) on start
 * (API.md "Lists at scale"). The page is made from the build's `boot.json`, read once at start
 * ({@link composePage}). A signed-in user's collection page (`/user/profile`) also
 * carries the first page of their crate and preloads of the screen's chunks
 * (app/pageData.ts); a signed-in page is `private, no-cache` and varies with `Cookie`.
 * `/index.html` ({@link SHELL_PATH}) is a visitor's page for anyone: the service worker
 * keeps it as the shell it starts the app with offline. `sw.js` and `manifest.webmanifest`
 * are `no-cache`. Dotfiles, source maps and `boot.json` are never served, even when they are in the build.
 */
function clientFiles(
  ctx: AppContext,
  services: AppServices,
  build: ClientBuild | undefined,
): RequestHandler[] {
  const dist = ctx.config.clientDist;
  // The page (index.html with its data blocks) is built per request: compressed like an API
  // answer, br or gzip (issue 11: the login screen ≤ 100 KB; the collection's first page).
  const compressPage = compression({ threshold: COMPRESS_THRESHOLD });
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
      // Source maps and boot.json are never served; index.html only through the page handler below.
      if (lower.endsWith('.map') || lower === '/index.html' || lower === `/${BOOT_FILE}`) return next();
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
      if (!build) {
        res.status(404).type('text/plain').send('404 (the client is not built: run npm run build)');
        return;
      }
      // The shell the service worker keeps (SHELL_PATH) is a visitor's page.
      const user = req.path === SHELL_PATH ? undefined : req.user;
      let block = sessionDataBlock(user) + configBlock;
      // A share link's page is indexed by no robot and sends no Referer with its token
      // (API.md "Share links", EXTENSIONS.md §7), before any script runs.
      if (req.path.startsWith(SHARE_PAGE_PREFIX)) block = SHARE_PAGE_META + block;
      let loadingScreen: string | undefined;
      // The signed-in user's collection: its first page comes with the page, and its first-visit
      // loading screen is painted before the app's scripts are asked for (app/pageData.ts).
      if (req.user && req.path === COLLECTION_PATH) {
        // Without it the screen asks GET /api/record itself: a failure here never fails the page.
        const first = await ownFirstPage(ctx, services, req, res).catch((err: unknown) => {
          req.log.warn({ err }, 'the first page of the collection could not be read for the page');
          return undefined;
        });
        block += first ? jsonDataBlock(RECORDS_DATA_ID, first) : '';
        // The entry and the screen's chunks are asked for by theme-init.js, which runs right
        // after the loading screen: after its first paint on the session's first visit, else at once.
        loadingScreen = crateLoadingMarkup({
          entry: build.boot.entry.script,
          preloads: build.boot.screens.collection,
        });
      }
      const html = composePage(build.boot, { blocks: block, loadingScreen });
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
 * Installs the client's files and the page (after the API routes, before the error handler).
 * @param app - the app being built
 * @param ctx - configuration (`CLIENT_DIST`), database, logger
 * @param services - the list routes' services (the collection's first page is read with them)
 * @param build - the built client's `boot.json`, read at start (app/clientBuild.ts); undefined when the client is not built
 */
export function installPage(
  app: Express,
  ctx: AppContext,
  services: AppServices,
  build: ClientBuild | undefined,
): void {
  app.use(clientFiles(ctx, services, build));
}
