/**
 * The app's own fallback cover (API.md "Entities": served by Spincrate): shown where a record
 * has no cover art and where a cover cannot be loaded (lib/covers.ts), and kept in the service
 * worker's precache so it shows offline too (src/sw/sw.ts). A module without DOM types, so the
 * service worker can import it.
 */
import { FALLBACK_COVER_PATH } from '@spincrate/contract/limits';

export const FALLBACK_COVER = FALLBACK_COVER_PATH;
