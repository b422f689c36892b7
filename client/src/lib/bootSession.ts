/**
 * The signed-in user the server wrote into `index.html` (a JSON data block, id
 * `spincrate-session`, `{"user": User | null}`), so the app starts without asking
 * `GET /api/user`, which answers a visitor 401 (a console error on every logged-out load;
 * issue 11). Without the block (Vite's dev server, tests) the app asks as before.
 */
import type { ClientConfig, User } from '@spincrate/contract';
import type { UserState } from '@/entities/session/session';
import { BOOT_ELEMENT_IDS, OFFLINE_START_META } from '@spincrate/contract/bootPage';

/** Id of the data block (the contract's, which the server writes). */
export const SESSION_DATA_ID = BOOT_ELEMENT_IDS.session;

/**
 * The user state the page was served with.
 * @param doc - the page (default `document`)
 * @returns the `user` slice's state (`status` succeeded), or undefined when the page has no
 *   readable block
 */
export function readBootSession(doc: Document = document): UserState | undefined {
  const text = doc.getElementById(SESSION_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as { user?: User | null };
    const user = data.user;
    if (user === null) return { user: {}, status: 'succeeded' };
    if (user && typeof user.id === 'number' && typeof user.username === 'string')
      return { user: { id: user.id, username: user.username }, status: 'succeeded' };
    return undefined;
  } catch {
    return undefined;
  }
}

/** Id of the configuration's data block (the contract's, which the server writes). */
const CONFIG_DATA_ID = BOOT_ELEMENT_IDS.config;

/**
 * The runtime configuration the page was served with (the `spincrate-config` data block,
 * GET /api/config's body), so the app needs no request for it.
 * @param doc - the page (default `document`)
 * @returns the configuration, or undefined when the page has no readable block (Vite's dev
 *   server, tests: the app then asks GET /api/config)
 */
export function readBootConfig(doc: Document = document): ClientConfig | undefined {
  const text = doc.getElementById(CONFIG_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as unknown;
    return data !== null && typeof data === 'object' && !Array.isArray(data)
      ? (data as ClientConfig)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when the service worker started this page without the server (the shell it marks with
 * `<meta name="spincrate-start" content="offline">`, lib/pwa/sessionBlock.ts `withOfflineStart`).
 * @param doc - the page's document
 */
export function isOfflineStart(doc: Document): boolean {
  return doc.querySelector(`meta[name="${OFFLINE_START_META}"][content="offline"]`) !== null;
}
