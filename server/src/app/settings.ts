/**
 * The app's own settings, the first install step: no `X-Powered-By`, no hash of every body
 * as an ETag, the proxy trusted only with `TRUST_PROXY`, and the simple query parser.
 */
import type { Express } from 'express';
import type { AppContext } from '@/lib/context.js';

/**
 * Sets the Express settings of the app.
 * @param app - the app being built
 * @param ctx - its configuration (`TRUST_PROXY`)
 */
export function installSettings(app: Express, ctx: AppContext): void {
  app.disable('x-powered-by');
  // No hash of every body: the list and record GETs carry ETags from their versions
  // (lib/conditionalGet.ts); static files keep their own.
  app.set('etag', false);
  if (ctx.config.TRUST_PROXY) app.set('trust proxy', true);
  app.set('query parser', 'simple');
}
