/**
 * What the app builds once and hands to the routers that answer lists (README "How a list
 * request is answered"): the cursors, the list cache, the fairness limit, the look-up
 * sender, the write lanes and the spins' ListenBrainz hooks (`AppServices`).
 */
import type { AppContext, AppServices } from '@/lib/context.js';
import { ListCache } from '@/lib/conditionalGet.js';
import { ListBodyCache } from '@/lib/listBodyCache.js';
import { ListCursors } from '@/lib/listCursor.js';
import { ListTags, tagKey } from '@/lib/listTags.js';
import { createLookupSender } from '@/lib/metadata/queue.js';
import { createHeavyRequestLimit, heavyRequestsPerProcess } from '@/lib/userLimit.js';
import { WriteLanes } from '@/lib/writeLanes.js';
import { spinScrobbling } from '@/features/listenbrainz/spinHooks.js';

/**
 * Builds the app's services, once per app.
 * @param ctx - configuration (`ETAG_SECRET`, `LIST_CACHE_MB`), database and logger
 * @param sessionSecret - the cursors' key and, without `ETAG_SECRET`, the tags' are derived from it
 */
export function createServices(ctx: AppContext, sessionSecret: string): AppServices {
  return {
    cursors: new ListCursors(sessionSecret),
    lists: new ListCache(
      ctx.db,
      new ListTags(tagKey(ctx.config.ETAG_SECRET, sessionSecret)),
      new ListBodyCache(ctx.config.LIST_CACHE_MB),
    ),
    heavy: createHeavyRequestLimit(heavyRequestsPerProcess(ctx.db.pool.options.max ?? 10)),
    lookups: createLookupSender(ctx.db, ctx.logger),
    writes: new WriteLanes(),
    scrobbling: spinScrobbling,
  };
}
