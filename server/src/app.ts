/**
 * Builds the Express app from its install steps, in order (API.md, all sections). Each step
 * is one file of `app/`; this file only composes them:
 *
 * 1. the app's settings (`app/settings.ts`);
 * 2. the own covers, answered before anything else (`app/ownCovers.ts`);
 * 3. request ids and the request log (`app/requestLogging.ts`);
 * 4. the URL length limit (`app/clientErrors.ts`);
 * 5. the security headers (`app/securityHeaders.ts`);
 * 6. the fallback cover and the 404 of `/covers` (`app/fallbackCover.ts`);
 * 7. the checks and parsers of `/api` requests (`app/apiRequests.ts`);
 * 8. sessions and passport (`app/sessions.ts`), with the services the list routes share
 *    built once (`app/services.ts`);
 * 9. the API routes and the 404 of `/api` (`app/apiRoutes.ts`);
 * 10. the client's files and the page (`app/page.ts`), made from the build's `boot.json`
 *     (`app/clientBuild.ts`, read once at start);
 * 11. the one error handler (`app/errorHandler.ts`).
 */
import express, { type Express } from 'express';
import type { AppContext } from './lib/context.js';
import { installSettings } from './app/settings.js';
import { installOwnCovers } from './app/ownCovers.js';
import { installRequestLogging } from './app/requestLogging.js';
import { installUrlLengthLimit } from './app/clientErrors.js';
import { installSecurityHeaders, securityHeaders } from './app/securityHeaders.js';
import { installFallbackCover } from './app/fallbackCover.js';
import { installApiRequests } from './app/apiRequests.js';
import { createServices } from './app/services.js';
import { installSessions } from './app/sessions.js';
import { installApiRoutes } from './app/apiRoutes.js';
import { installPage } from './app/page.js';
import { loadClientBuild, type ClientBuild } from './app/clientBuild.js';
import { installErrorHandler } from './app/errorHandler.js';

export interface BuiltApp {
  app: Express;
  /** Stops the app's own timers (session pruning). */
  close(): Promise<void>;
}

/**
 * Builds the app.
 * @param ctx - configuration, database, logger, metadata service
 * @param sessionSecret - signs session cookies
 * @param client - the built client's `boot.json` (app/clientBuild.ts), read once at start;
 *   read here from `CLIENT_DIST` when not given
 * @throws ClientBuildError when `CLIENT_DIST` holds a build without a valid `boot.json`
 */
export function createApp(
  ctx: AppContext,
  sessionSecret: string,
  client: ClientBuild | undefined = loadClientBuild(ctx.config.clientDist),
): BuiltApp {
  const app = express();
  installSettings(app, ctx);
  const security = securityHeaders(ctx, client ? [client.boot.bootScript.hash] : []);
  installOwnCovers(app, ctx, security);
  installRequestLogging(app, ctx);
  installUrlLengthLimit(app);
  installSecurityHeaders(app, security);
  installFallbackCover(app);
  installApiRequests(app);
  // Built once and handed to the routers that answer lists (README "How a list request is answered").
  const services = createServices(ctx, sessionSecret);
  const sessions = installSessions(app, ctx, sessionSecret);
  installApiRoutes(app, ctx, services, sessions.passport);
  installPage(app, ctx, services, client);
  installErrorHandler(app, ctx.logger);
  return {
    app,
    close: () => sessions.store.close(),
  };
}
