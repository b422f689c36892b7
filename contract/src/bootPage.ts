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

/** Keys of `localStorage` and `sessionStorage` the boot script and the app both use. */
export const BOOT_STORAGE_KEYS = {
  /** localStorage: `dark` or `light` (PRODUCT.md §3: theme kept across reloads). */
  theme: 'spincrate.theme',
  /** sessionStorage: set once the first-visit loading screen was shown in this browser session. */
  loadingShown: 'spincrate.loadingShown',
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

/** A screen of {@link PRELOADED_SCREENS}. */
export type PreloadedScreen = keyof typeof PRELOADED_SCREENS;

/** The file the client's build writes beside `index.html` for the server (never served). */
export const BOOT_FILE = 'boot.json';
