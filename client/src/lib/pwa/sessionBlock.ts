/**
 * The session data block of a page (`<script type="application/json" id="spincrate-session">`,
 * written by the server, read by lib/bootSession.ts) as text: the service worker keeps the
 * last one the server sent and puts it into the shell it starts the app with offline
 * (src/sw/sw.ts, EXTENSIONS.md §9). Plain string functions: used by a worker.
 */
import { BOOT_ELEMENT_IDS, crateLoadingMarkup, OFFLINE_START_META } from '@spincrate/contract/bootPage';

/** Id of the session data block: the contract's, as the server writes it and lib/bootSession.ts reads it. */
export const SESSION_BLOCK_ID = BOOT_ELEMENT_IDS.session;

/**
 * The whole block. Its JSON holds no `<` (the server writes every `<`, `>` and `&` as a `\u`
 * escape), so the block ends at the first `</script>`.
 */
const SESSION_BLOCK = new RegExp(`<script type="application/json" id="${SESSION_BLOCK_ID}">[^<]*</script>`);

/** The block of a page that names nobody (`{"user":null}`). */
const NOBODY = /^\{\s*"user"\s*:\s*null\s*\}$/;

/**
 * The session data block of a page.
 * @param html - a page as the server sent it
 * @returns the block's markup, or undefined when the page has none
 */
export function sessionBlockOf(html: string): string | undefined {
  return SESSION_BLOCK.exec(html)?.[0];
}

/**
 * True when the block names a signed-in user (its JSON is not `{"user":null}`).
 * @param block - a block from {@link sessionBlockOf}
 */
export function namesUser(block: string): boolean {
  return !NOBODY.test(blockJson(block).trim());
}

/** The JSON text inside a block's tags. */
function blockJson(block: string): string {
  return block.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
}

/**
 * The id of the user a session block names.
 * @param block - a block from {@link sessionBlockOf}
 * @returns undefined when it names nobody or cannot be read
 */
export function sessionUserId(block: string): number | undefined {
  try {
    const id = (JSON.parse(blockJson(block)) as { user?: { id?: unknown } | null }).user?.id;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The head's closing tag. */
const HEAD_END = '</head>';

/**
 * The page with `block` (a JSON data block, the contract's `jsonDataBlock`) last in its head,
 * where the server puts its own.
 * @param page - the page
 * @param block - the block's markup
 * @returns the page; unchanged when it has no head's closing tag
 */
export function withDataBlock(page: string, block: string): string {
  const at = page.indexOf(HEAD_END);
  return at < 0 ? page : page.slice(0, at) + block + page.slice(at);
}

/**
 * The shell with its session data block replaced by `block`.
 * @param shell - the shell page (the server's `/index.html`, which names nobody)
 * @param block - a block from {@link sessionBlockOf}
 * @returns the page; the shell unchanged when it has no block to replace
 */
export function withSessionBlock(shell: string, block: string): string {
  return shell.replace(SESSION_BLOCK, () => block);
}

/** The body's opening tag (the shell has one, with its theme class). */
const BODY_START = /<body(\s[^>]*)?>/;

/**
 * The shell with the collection's first-visit loading screen first in its body, as the
 * server's signed-in collection page carries it (contract `crateLoadingMarkup`, PRODUCT.md §2
 * "Collection page"): theme-init.js shows it with the first paint on the browser session's
 * first visit, so the app starts under it instead of showing it for 1 s once its screen has
 * loaded (issue 24: the offline start to the first cover). It names no file: the shell loads
 * its entry itself, and the screen's files are named in the head ({@link withPreloadLinks}).
 * @param shell - the shell page
 * @returns the page; the shell unchanged when it has no body tag or carries the screen already
 */
export function withCrateLoading(shell: string): string {
  if (shell.includes(`id="${BOOT_ELEMENT_IDS.crateLoading}"`)) return shell;
  return shell.replace(BODY_START, (body) => body + crateLoadingMarkup({ preloads: [] }));
}

/** A path of this build's files (`/assets/…`): the only ones a page is given to preload. */
const BUILD_FILE = /^\/[A-Za-z0-9._/-]+$/;

/**
 * The page with `files` named for preloading in its head, as static tags at the end of it:
 * stylesheets as `<link rel="preload" as="style">`, scripts as `<link rel="modulepreload">`,
 * each `crossorigin` (the attributes theme-init.js gives the ones it adds itself). The service
 * worker's page of an offline start names the collection screen's files this way instead of in
 * the loading screen's `data-preload`: the browser then asks for them while it reads the page,
 * rather than the boot script adding them one by one on the main thread after the first paint,
 * which held the entry's evaluation up by a third of a second on a busy phone (issue 24:
 * offline start to the first cover).
 * @param page - the page
 * @param files - paths of the build's files (`/assets/…`); any other is left out
 * @returns the page; unchanged when it has no head's closing tag or no file is named
 */
export function withPreloadLinks(page: string, files: readonly string[]): string {
  const links = files
    .filter((file) => BUILD_FILE.test(file))
    .map((file) =>
      /\.css$/.test(file)
        ? `<link rel="preload" as="style" crossorigin href="${file}">`
        : `<link rel="modulepreload" crossorigin href="${file}">`,
    )
    .join('');
  return links ? withDataBlock(page, links) : page;
}

/** The loading screen's `data-preload` in a page (the server's signed-in collection page). */
const CRATE_PRELOADS = new RegExp(`<div id="${BOOT_ELEMENT_IDS.crateLoading}"[^>]*\\sdata-preload="([^"]*)"`);

/**
 * The collection screen's files a page names for preloading (its loading screen's
 * `data-preload`, contract `crateLoadingMarkup`): the service worker keeps them from the
 * server's last collection page, for the page it starts offline.
 * @param html - a page as the server sent it
 * @returns the files' paths; undefined when the page names none (not a signed-in collection page)
 */
export function crateLoadingPreloadsOf(html: string): string[] | undefined {
  const files = CRATE_PRELOADS.exec(html)?.[1];
  return files === undefined ? undefined : files.split(' ').filter((file) => file !== '');
}

/** The head's opening tag. */
const HEAD_START = /<head(\s[^>]*)?>/;

/**
 * The shell marked as started without the server (`<meta name="spincrate-start" content="offline">`
 * first in its head): the service worker's page when the network failed or the server
 * answered 5xx (src/sw/sw.ts). The app then loads what an offline start needs at once instead
 * of after its first calls fail (main.tsx; issue 24: the offline start to the first cover).
 * @param shell - the shell page
 * @returns the page; the shell unchanged when it has no head tag or is marked already
 */
export function withOfflineStart(shell: string): string {
  if (shell.includes(`name="${OFFLINE_START_META}"`)) return shell;
  return shell.replace(HEAD_START, (head) => `${head}<meta name="${OFFLINE_START_META}" content="offline">`);
}
