/**
 * The names the page and the app agree on (issue 20 item 2): the element ids of the blocks
 * and the loading screen the server writes into the page and the client (and its boot
 * script, client/public/theme-init.js) reads, the storage keys the boot script and the app
 * share, and the screens whose page names their files to preload. No zod here: the client's
 * first load imports these.
 */

/** Ids of the elements the server writes into the page and the client reads. */
export const BOOT_ELEMENT_IDS = {
  /** JSON data block `{"user": User | null}`: the signed-in user (issue 11). */
  session: 'spincrate-session',
  /** JSON data block: the runtime configuration (`GET /api/config`'s body). */
  config: 'spincrate-config',
  /** JSON data block: the first page of the own collection (`GET /api/record?limit=60&sort=S`). */
  records: 'spincrate-records',
  /** The first-visit loading screen a signed-in collection page carries (PRODUCT.md §2, §9). */
  crateLoading: 'crate-loading',
} as const;

/**
 * Id of the JSON data block holding the collection's first screen read from the offline copy,
 * which the service worker puts into the page it starts without the server (EXTENSIONS.md §9;
 * client/src/lib/offline/firstScreen.ts). Apart from {@link BOOT_ELEMENT_IDS}, which the first
 * load's script holds: only the copy's code, loaded later, reads it.
 */
export const OFFLINE_RECORDS_BLOCK_ID = 'spincrate-offline-records';

/**
 * The `name` of the meta element the service worker puts first in the head of a page it
 * started without the server (`content="offline"`; client/src/lib/pwa/sessionBlock.ts
 * `withOfflineStart`, read by client/src/lib/bootSession.ts `isOfflineStart`).
 */
export const OFFLINE_START_META = 'spincrate-start';

/** Keys of `localStorage` and `sessionStorage` the boot script and the app both use. */
export const BOOT_STORAGE_KEYS = {
  /** localStorage: `dark` or `light` (PRODUCT.md §3: theme kept across reloads). */
  theme: 'spincrate.theme',
  /** sessionStorage: set once the first-visit loading screen was shown in this browser session. */
  loadingShown: 'spincrate.loadingShown',
  /**
   * localStorage: set when the user logged out while the server could not be reached
   * (EXTENSIONS.md §9): the device's data is gone and the app is signed out, but the session
   * still stands. The boot script then starts every page signed out and ends the session
   * (POST /api/user/logout) once the server answers; a login clears it too.
   */
  logoutPending: 'spincrate.logoutPending',
} as const;

/**
 * The screens whose page names the files it starts with (the loading screen's `data-entry`
 * and `data-preload`), by name, with the path of the screen's page (PRODUCT.md §2
 * "Collection page"; the client's `paths.profile`). The build lists each screen's files in
 * `boot.json` ({@link BOOT_FILE}) under this name.
 */
export const PRELOADED_SCREENS = {
  collection: '/user/profile',
} as const;

/** What a signed-in collection page starts with: the app's entry and the collection screen's files. */
export interface CollectionStart {
  /** The entry script's path (`/assets/index-….js`), which the page then does not load itself. */
  entry?: string;
  /** Paths of the collection screen's chunks and stylesheets (`boot.json`'s `screens.collection`). */
  preloads: readonly string[];
}

/**
 * The first-visit loading screen (PRODUCT.md §2 "Collection page": "On the first visit of a
 * browser session a spinning-logo loading screen shows for 1 second"; §9), as static markup
 * at the top of a signed-in collection page's body (the server's page, server/src/app/page.ts;
 * offline, the service worker's shell, client/src/sw/sw.ts): it paints with the page's first paint,
 * instead of once the entry and the screen's chunks have loaded and run (issue 11: it is
 * the page's largest paint, and it came at 2.9 s on Lighthouse's phone).
 * Hidden as sent. theme-init.js, which runs right after it, shows it on the first visit of
 * the browser session, sets the logo of the theme, sets the session's flag (so the React
 * screen does not show it a second time) and removes it after 1 s. The same classes and
 * text as client/src/lib/components/LoadingScreen.tsx, whose styles the entry's stylesheet
 * holds. It also names the files the page starts with (`data-entry`, `data-preload`), which
 * the page itself then does not load: when the screen shows, theme-init.js asks for the entry
 * alone once the screen has been painted (nothing holds that paint up on a slow phone
 * connection; the app loads its screen under it); otherwise for all of them at once.
 * @param start - the entry and the screen's files; paths of the build (`/assets/…`), others are left out
 */
export function crateLoadingMarkup(start: CollectionStart): string {
  const safe = (file: string) => /^\/[A-Za-z0-9._/-]+$/.test(file);
  const entry = start.entry !== undefined && safe(start.entry) ? ` data-entry="${start.entry}"` : '';
  const preloads = start.preloads.filter(safe).join(' ');
  return (
    `<div id="${BOOT_ELEMENT_IDS.crateLoading}" class="spincrate-loading" role="status" aria-live="polite"${entry}` +
    `${preloads ? ` data-preload="${preloads}"` : ''} hidden>` +
    '<img class="spincrate-loading__logo" alt="Spincrate" width="240" height="240">' +
    '<span class="visually-hidden">Loading your crate...</span></div>'
  );
}

/**
 * A `<script type="application/json">` block (never run by the browser) holding `data`, as the
 * server writes its blocks into a page and the service worker its own offline. Every `<`, `>`,
 * `&` and line/paragraph separator is written as a JSON `\u` escape, so no value (e.g. a
 * username holding `</script><script>`) can end the block or start markup; `JSON.parse` reads
 * it back exactly.
 * @param id - the element's id (one of {@link BOOT_ELEMENT_IDS})
 * @param data - any JSON value
 * @returns the element's markup
 */
export function jsonDataBlock(id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** A screen of {@link PRELOADED_SCREENS}. */
export type PreloadedScreen = keyof typeof PRELOADED_SCREENS;

/** The file the client's build writes beside `index.html` for the server (never served). */
export const BOOT_FILE = 'boot.json';
